// The page: scenario editor on the left, run controls and results on the
// right, device catalog below. Everything the core computes goes through the
// engine (a worker pool in the browser).
import { downloadBlob, ThemeToggle } from '../charts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Device, FieldError, PresetInfo, Progress, RunResult, Scenario, TcoBreakdown } from '../engine/types';
import type { Engine } from '../engine/contract';
import { DeviceCatalog } from '../planner/DeviceCatalog';
import { ErrorSummary, FormContext, useLocalInvalid } from '../shared/form';
import { Results } from '../planner/Results';
import { RunBar } from '../planner/RunBar';
import { ArchitectureSection, RunSection, ScenarioName, WorkloadSection } from '../planner/ScenarioEditor';
import type { Edit } from '../shared/edit';
import { extraViews, initialView } from './views';
import { CopyLink, NoticeBar, PresetStatus } from '../state/PersistenceUi';
import { usePersistence } from '../state/usePersistence';

type RunState =
  | { status: 'idle' }
  | { status: 'running'; progress: Progress | null; started: number }
  | { status: 'done'; result: RunResult; seconds: number; ran: Scenario }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const VALIDATE_DELAY_MS = 120;

/** The preset behind "New plan": present-day devices, steady state (warm-up one video length). */
const NEW_PLAN_PRESET = 'today-plan';

function PresetPicker({ presets, onLoad }: { presets: PresetInfo[]; onLoad: (id: string, title?: string) => void }) {
  const [id, setId] = useState('');
  const chosen = presets.find((p) => p.id === id);
  return (
    <div className="preset-picker">
      <div className="field">
        <label htmlFor="preset-select">Start from a preset</label>
        <select id="preset-select" data-testid="preset-select" value={id} onChange={(e) => setId(e.target.value)}>
          <option value="">— choose a published configuration —</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
        {chosen ? (
          <span className="hint" data-testid="preset-description">
            {chosen.description} <em>({chosen.source})</em>
          </span>
        ) : null}
      </div>
      <button type="button" data-testid="preset-load" disabled={!id} onClick={() => onLoad(id, chosen?.title)}>
        Load preset
      </button>
      <button
        type="button"
        data-testid="new-plan"
        title="10 000 titles on today's 24 TB disks, NVMe SSDs and DDR5, with a warm-up of one video length: state your target, then open the Optimiser"
        onClick={() => onLoad(NEW_PLAN_PRESET, presets.find((p) => p.id === NEW_PLAN_PRESET)?.title)}
      >
        New plan with today’s devices
      </button>
    </div>
  );
}

function RunPanel({
  state,
  canRun,
  blockers,
  onRun,
  onCancel,
}: {
  state: RunState;
  canRun: boolean;
  blockers: FieldError[];
  onRun: () => void;
  onCancel: () => void;
}) {
  const running = state.status === 'running';
  const p = running ? state.progress : null;
  return (
    <section className="card run-panel" aria-labelledby="run-title">
      <h2 id="run-title">Simulate</h2>
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="run-button" disabled={!canRun || running} onClick={onRun}>
          Run simulation
        </button>
        <button type="button" data-testid="cancel-button" disabled={!running} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {running ? (
        <div className="progress" data-testid="run-progress-box">
          <progress data-testid="run-progress" max={1} value={p ? p.fraction : undefined} aria-label="Simulation progress" />
          <span data-testid="run-status" aria-live="polite">
            {p
              ? `Replication ${Math.min(p.replications_done + 1, p.replications)} of ${p.replications} · ${Math.floor(p.fraction * 100)} % · ${p.events.toLocaleString('en-US')} events`
              : 'Starting…'}
          </span>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <p className="ok" data-testid="run-status">
          Done in {state.seconds < 1 ? `${Math.max(1, Math.round(state.seconds * 1000))} ms` : `${state.seconds.toFixed(1)} s`}.
        </p>
      ) : null}
      {state.status === 'cancelled' ? (
        <p className="muted" data-testid="run-status">
          Cancelled.
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="field-error" role="alert" data-testid="run-error">
          {state.message}
        </p>
      ) : null}
      <ErrorSummary errors={blockers} action="running" testId="error-summary" />
    </section>
  );
}

/** A JSON text as a file download. */
function download(name: string, text: string) {
  downloadBlob(name, new Blob([text], { type: 'application/json' }));
}

/** The scenario (and the last result) as JSON: what `tierplan run FILE` reads and prints. */
function JsonPanel({
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

export function App({ engine }: { engine: Engine }) {
  const [scenario, setScenario] = useState<Scenario | null>(null);
  const [presets, setPresets] = useState<PresetInfo[]>([]);
  const [devicePresets, setDevicePresets] = useState<Device[]>([]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [validated, setValidated] = useState<Scenario | null>(null);
  const [localInvalid, setLocalInvalid] = useLocalInvalid();
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [view, setView] = useState(() => initialView(location.hash));

  useEffect(() => {
    let live = true;
    // The scenario itself comes from usePersistence (link, autosave or default).
    Promise.all([engine.listPresets(), engine.devicePresets()]).then(
      ([p, d]) => {
        if (!live) return;
        setPresets(p);
        setDevicePresets(d);
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [engine]);

  // Validate with the core after every edit (debounced).
  useEffect(() => {
    if (!scenario) return;
    let live = true;
    const t = setTimeout(() => {
      engine.validate(scenario).then(
        (errs) => {
          if (!live) return;
          setErrors(errs);
          setValidated(scenario);
        },
        (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [scenario, engine]);

  const edit: Edit = useCallback((f) => {
    setScenario((prev) => {
      if (!prev) return prev;
      const next = structuredClone(prev);
      f(next);
      return next;
    });
  }, []);


  const form = useMemo(() => ({ errors, setLocalInvalid }), [errors, setLocalInvalid]);

  // URL, autosave, presets and files (src/state); drafts the core does not accept yet are kept too.
  // "Run it" on a scenario a link opened: run as soon as the core has accepted it.
  const [runWhenAccepted, setRunWhenAccepted] = useState<Scenario | null>(null);
  // The optimiser's rejection target and ceiling live here, not in its tab: links carry them, and they outlive a tab switch.
  const [optimiserTarget, setOptimiserTarget] = useState<number | null>(null);
  const [optimiserCeiling, setOptimiserCeiling] = useState<number | null>(null);
  const targetState = useMemo(
    () => ({ target: optimiserTarget, setTarget: setOptimiserTarget, ceiling: optimiserCeiling, setCeiling: setOptimiserCeiling }),
    [optimiserTarget, optimiserCeiling],
  );
  const persistence = usePersistence(engine, scenario, setScenario, setRunWhenAccepted, targetState);
  const { loadPreset, openJson: openScenario } = persistence;

  const startRun = useCallback(() => {
    if (!scenario) return;
    const ac = new AbortController();
    abortRef.current = ac;
    const started = performance.now();
    setRun({ status: 'running', progress: null, started });
    engine
      .run(scenario, {
        signal: ac.signal,
        onProgress: (progress) =>
          setRun((r) => (r.status === 'running' && abortRef.current === ac ? { ...r, progress } : r)),
      })
      .then(
        (result) => {
          if (abortRef.current !== ac) return;
          setRun({ status: 'done', result, seconds: (performance.now() - started) / 1000, ran: scenario });
        },
        (e: unknown) => {
          if (abortRef.current !== ac) return;
          if (e instanceof Error || e instanceof DOMException) {
            if (e.name === 'AbortError') setRun({ status: 'cancelled' });
            else setRun({ status: 'failed', message: e.message });
          } else setRun({ status: 'failed', message: String(e) });
        },
      );
  }, [engine, scenario]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  // "Use this configuration" (Optimiser): load it, show it, and run it as
  // soon as the core has accepted it (a rejected one stays, with its messages).
  // The applied row's TCO, shown with the results of exactly that scenario.
  const [appliedTco, setAppliedTco] = useState<{ scenario: Scenario; tco: TcoBreakdown } | null>(null);
  // The applied scenario whose run the page brings into view (its progress, then its results).
  const reveal = useRef<Scenario | null>(null);
  const applyAndRun = useCallback((s: Scenario, tco?: TcoBreakdown | null) => {
    setScenario(s);
    setAppliedTco(tco ? { scenario: s, tco } : null);
    setView('scenario');
    setRunWhenAccepted(s);
    reveal.current = s;
  }, []);
  useEffect(() => {
    if (!runWhenAccepted || validated !== runWhenAccepted) return;
    setRunWhenAccepted(null);
    if (scenario === runWhenAccepted && errors.length === 0) startRun();
  }, [runWhenAccepted, validated, scenario, errors, startRun]);
  useEffect(() => {
    if (!reveal.current || scenario !== reveal.current) return;
    const target = run.status === 'done' ? 'results' : run.status === 'running' ? 'run-status' : null;
    if (!target) return;
    if (run.status === 'done') reveal.current = null;
    document.querySelector(`[data-testid="${target}"]`)?.scrollIntoView({ block: 'start' });
  }, [run.status, scenario]);

  useEffect(() => () => abortRef.current?.abort(), []);

  if (loadError || persistence.fatal) {
    return (
      <main className="app">
        <p className="field-error" role="alert" data-testid="load-error">
          The simulation core could not be loaded: {loadError ?? persistence.fatal}
        </p>
      </main>
    );
  }
  if (!scenario) {
    return (
      <main className="app">
        <p data-testid="loading">Loading the simulation core…</p>
      </main>
    );
  }

  const upToDate = validated === scenario;
  const canRun = upToDate && errors.length === 0 && localInvalid.size === 0;
  const inUse = [scenario.tiers.disk.device, scenario.tiers.interval_cache?.device, scenario.tiers.file_cache?.device].filter(
    (x): x is string => typeof x === 'string',
  );
  const lastResult = run.status === 'done' ? run.result : null;

  return (
    <FormContext.Provider value={form}>
      <main className="app" data-testid="app" data-valid={canRun ? 'true' : 'false'} data-restored={persistence.restored ?? ''}>
        <header className="masthead">
          <div className="masthead-row">
            <h1>tierplan</h1>
            <ThemeToggle />
          </div>
          <p>Capacity planning for video-on-demand storage hierarchies: DRAM, flash and disk, simulated stream by stream.</p>
        </header>
        <NoticeBar notice={persistence.notice} onDismiss={persistence.dismissNotice} />
        <nav className="tabs" role="tablist" aria-label="Views">
          {[{ id: 'scenario', title: 'Scenario & results' }, ...extraViews].map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`tab-${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`view-${v.id}`}
              data-testid={`tab-${v.id}`}
              className={view === v.id ? 'tab active' : 'tab'}
              onClick={() => setView(v.id)}
            >
              {v.title}
            </button>
          ))}
        </nav>
        {view === 'scenario' ? (
          <div role="tabpanel" id="view-scenario" aria-labelledby="tab-scenario">
          <div className="layout">
            <div className="editor">
              <section className="card" aria-label="Scenario">
                <PresetPicker presets={presets} onLoad={loadPreset} />
                <PresetStatus persistence={persistence} presets={presets} />
                <CopyLink persistence={persistence} />
                <ScenarioName scenario={scenario} edit={edit} />
              </section>
              <WorkloadSection scenario={scenario} edit={edit} />
              <RunSection scenario={scenario} edit={edit} />
              <ArchitectureSection scenario={scenario} edit={edit} />
            </div>
            <div className="side">
              <RunPanel state={run} canRun={canRun} blockers={upToDate ? errors : []} onRun={startRun} onCancel={cancel} />
              {lastResult ? <Results result={lastResult} devices={run.status === 'done' ? run.ran.devices : undefined} tco={run.status === 'done' && appliedTco?.scenario === run.ran ? appliedTco.tco : undefined} /> : null}
              <JsonPanel scenario={scenario} result={lastResult} onOpen={openScenario} />
            </div>
          </div>
          <DeviceCatalog devices={scenario.devices} presets={devicePresets} inUse={inUse} edit={edit} engine={engine} />
          <RunBar
            canRun={canRun}
            running={run.status === 'running'}
            fraction={run.status === 'running' ? (run.progress?.fraction ?? null) : null}
            result={lastResult}
            onRun={startRun}
            onCancel={cancel}
          />
          </div>
        ) : null}
        {extraViews
          .filter((v) => v.id === view)
          .map((v) => (
            <div key={v.id} role="tabpanel" id={`view-${v.id}`} aria-labelledby={`tab-${v.id}`}>
              <v.Component
                engine={engine}
                scenario={scenario}
                valid={canRun}
                setScenario={setScenario}
                edit={edit}
                loadPreset={loadPreset}
                showView={setView}
                scenarioErrors={upToDate && localInvalid.size === 0 ? errors : null}
                applyAndRun={applyAndRun}
                optimiserTarget={optimiserTarget}
                setOptimiserTarget={setOptimiserTarget}
                optimiserCeiling={optimiserCeiling}
                setOptimiserCeiling={setOptimiserCeiling}
              />
            </div>
          ))}
        <footer className="footer">
          Units: KB = 1024 B, MB = 1024 KB, GB = 1024 MB; bitrates in KB/s, bandwidths in MB/s. Same scenario and seed give bit-identical results here and in the
          native CLI.
        </footer>
      </main>
    </FormContext.Provider>
  );
}
