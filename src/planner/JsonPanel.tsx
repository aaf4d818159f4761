// The Scenario tab's JSON panel: the scenario file the CLI reads, the last
// result it prints, and opening a scenario file.
import { downloadBlob } from '../charts';
import type { RunResult, Scenario } from '../engine/types';

/** A JSON text as a file download. */
function download(name: string, text: string) {
  downloadBlob(name, new Blob([text], { type: 'application/json' }));
}

/** The scenario (and the last result) as JSON: what `tierplan run FILE` reads and prints. */
export function JsonPanel({
  scenario,
  result,
  onOpen,
}: {
  scenario: Scenario;
  result: RunResult | null;
  onOpen: (json: string, fileName: string) => void;
}) {
  const scenarioText = JSON.stringify(scenario, null, 2);
  const resultText = result ? JSON.stringify(result, null, 2) : null;
  return (
    <section className="card json-panel" aria-label="JSON">
      <h2>JSON</h2>
      <p className="hint">
        The scenario file the native CLI reads (<code>tierplan run scenario.json</code>) gives the same result for the same seed.
      </p>
      <div className="run-buttons">
        <button type="button" data-testid="download-scenario" onClick={() => download('scenario.json', scenarioText)}>
          Download scenario
        </button>
        {resultText ? (
          <button type="button" data-testid="download-result" onClick={() => download('result.json', resultText)}>
            Download result
          </button>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="open-scenario">Open a scenario file (JSON)</label>
        <input
          id="open-scenario"
          type="file"
          accept="application/json,.json"
          data-testid="open-scenario"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((text) => onOpen(text, file.name));
            e.target.value = '';
          }}
        />
      </div>
      <details>
        <summary>Scenario JSON</summary>
        <pre data-testid="scenario-json">{scenarioText}</pre>
      </details>
      {resultText ? (
        <details>
          <summary>Result JSON</summary>
          <pre data-testid="result-json">{resultText}</pre>
        </details>
      ) : null}
    </section>
  );
}
