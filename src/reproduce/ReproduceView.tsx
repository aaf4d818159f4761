// "Study claims" (model §12): every published claim of the source studies,
// the published value, ours (with its 95 % CI when simulated), the
// difference, a verdict and — wherever we do not reproduce the claim — why.
// The claims, our values and the verdicts all come from the core
// (`tierplan reproduce` prints the same table); this page only runs the
// simulated claims' scenarios on the worker pool and shows the result.
import { downloadBlob } from '../charts';
import type { ReproductionRow, Reproduction } from './types';
import type { ViewProps } from '../shared/view-props';
import { badge, noteLabel, pendingText, scenarioTitles, tallyText } from './format';
import { useReproduction, type RunAllState } from './useReproduction';
import './reproduce.css';
import { readableMessage } from '../shared/labels';
import { PublishedServers } from './PublishedServers';

function Controls({ state, canRun, onRun, onCancel }: { state: RunAllState; canRun: boolean; onRun: () => void; onCancel: () => void }) {
  const running = state.status === 'running';
  return (
    <div className="repro-controls">
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="repro-run" disabled={!canRun || running} onClick={onRun}>
          Run all
        </button>
        <button type="button" data-testid="repro-cancel" disabled={!running} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {running ? (
        <div className="progress">
          <progress data-testid="repro-progress" max={1} value={state.fraction} aria-label="Study claims: simulation progress" />
          <span aria-live="polite" data-testid="repro-status">
            {state.done} of {state.total} simulations done · {Math.floor(state.fraction * 100)} %
          </span>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <p className="ok" data-testid="repro-status">
          {state.total} simulations done in {state.seconds.toFixed(1)} s.
        </p>
      ) : null}
      {state.status === 'cancelled' ? (
        <p className="muted" data-testid="repro-status">
          Cancelled after {state.done} of {state.total} simulations; the rows they feed are kept.
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p className="field-error" role="alert" data-testid="repro-error">
          {readableMessage(state.message)}
        </p>
      ) : null}
    </div>
  );
}

function VerdictBadge({ row }: { row: ReproductionRow }) {
  const b = badge(row.outcome.verdict);
  return (
    <span className={`verdict ${b.className}`} data-testid="claim-verdict" data-verdict={row.outcome.verdict}>
      <span aria-hidden="true" className="verdict-icon">
        {b.icon}
      </span>
      {b.text}
    </span>
  );
}

function ClaimRow({ row, plan, onOpen }: { row: ReproductionRow; plan: Reproduction; onOpen: (scenarioId: string) => void }) {
  const o = row.outcome;
  const titles = scenarioTitles(row, plan);
  const note = o.verdict === 'pending' ? pendingText(row, plan) : o.note;
  return (
    <tbody className="repro-group" data-testid={`claim-${row.id}`} data-verdict={o.verdict}>
      <tr>
        <th scope="row" data-label="Study">
          <span className="repro-study">{row.study_label}</span>
          <span className="hint repro-section">model {row.section}</span>
        </th>
        <td data-label="Claim" className="repro-claim">
          <span data-testid="claim-text">{row.claim}</span>
          {row.how ? (
            <span className="hint repro-how">
              <strong>How: </strong>
              {row.how}
            </span>
          ) : null}
          {row.scenarios.length > 0 ? (
            <span className="repro-open">
              {row.scenarios.map((id, i) => (
                <button
                  key={id}
                  type="button"
                  className="secondary"
                  data-testid={`claim-open-${id}`}
                  onClick={() => onOpen(id)}
                  title={`Load “${titles[i]}” into the scenario editor`}
                >
                  {row.scenarios.length === 1 ? 'Open this scenario' : `Open: ${titles[i]}`}
                </button>
              ))}
            </span>
          ) : null}
        </td>
        <td data-label="Published" data-testid="claim-published" className="num">
          {row.published}
        </td>
        <td data-label="Ours" data-testid="claim-ours" className="num">
          {o.ours ? o.ours.text : '—'}
        </td>
        <td data-label="Difference" data-testid="claim-difference" className="num">
          {o.difference ? o.difference.text : '—'}
        </td>
        <td data-label="Verdict">
          <VerdictBadge row={row} />
        </td>
      </tr>
      {note ? (
        <tr className="repro-note-row">
          <td colSpan={6} className="why" data-testid="claim-note">
            <strong>{noteLabel(o.verdict)}: </strong>
            {note}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

/** A JSON text as a file download. */
function download(name: string, text: string) {
  downloadBlob(name, new Blob([text], { type: 'application/json' }));
}

export function ReproduceView({ engine, setScenario, showView }: ViewProps) {
  const { plan, rows, loadError, state, runAll, cancel } = useReproduction(engine);

  if (loadError) {
    return (
      <p className="field-error" role="alert" data-testid="repro-load-error">
        The claims could not be loaded: {loadError}
      </p>
    );
  }
  if (!plan || !rows) {
    return <p data-testid="repro-loading">Loading the published claims…</p>;
  }

  const open = (id: string) => {
    const s = plan.scenarios.find((x) => x.id === id);
    // A request-level (HTTP segment) claim opens where its engine is edited.
    const r = plan.request_scenarios.find((x) => x.id === id);
    if (!s && !r) return;
    setScenario(structuredClone((s ?? r)!.scenario));
    showView?.(s ? 'scenario' : 'http');
  };
  const json = JSON.stringify(rows, null, 2);

  return (
    <div className="repro-view" data-testid="repro-view">
      <section className="card" aria-labelledby="repro-title">
        <h2 id="repro-title">Study claims</h2>
        <p className="hint">
          Each published claim of the source studies (Ryu, Kim &amp; Ramachandran, MMSys'11 and NOSSDAV'12; Oh et al., HySSC and FAST'12) and each check value of
          the model's specification, re-computed with the study's parameters: closed forms at once, simulated claims with <strong>Run all</strong> (the
          presets' own 10-hour runs, 5 replications, seeds 1–5, and NOSSDAV'12's request-level runs and highest-rate searches of one hour per point, all on the
          worker pool). The same table is printed by <code>tierplan reproduce</code>.
        </p>
        <p className="hint repro-key">
          <span className="verdict verdict-reproduced">
            <span aria-hidden="true" className="verdict-icon">✓</span>reproduced
          </span>{' '}
          within the precision the study printed, or our 95 % confidence interval reaches it;{' '}
          <span className="verdict verdict-close">
            <span aria-hidden="true" className="verdict-icon">≈</span>close
          </span>{' '}
          within the claim's tolerance;{' '}
          <span className="verdict verdict-differs">
            <span aria-hidden="true" className="verdict-icon">✗</span>differs
          </span>{' '}
          beyond it, with the reason;{' '}
          <span className="verdict verdict-not-modelled">
            <span aria-hidden="true" className="verdict-icon">∅</span>not modelled
          </span>{' '}
          in this version.
        </p>
        <Controls state={state} canRun={plan.scenarios.length + plan.request_scenarios.length > 0} onRun={runAll} onCancel={cancel} />
        <p data-testid="repro-tally" className="repro-tally">
          {tallyText(rows)}
        </p>
      </section>
      <section className="card" aria-label="Claims">
        <div className="repro-table-wrap">
          <table className="repro-table" data-testid="repro-table">
            <caption>
              {rows.length} claims; differences are ours − published (for a bound, ours − the bound), relative to the published value.
            </caption>
            <thead>
              <tr>
                <th scope="col">Study</th>
                <th scope="col">Claim</th>
                <th scope="col">Published</th>
                <th scope="col">Ours (± 95 % CI)</th>
                <th scope="col">Difference</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            {rows.map((r) => (
              <ClaimRow key={r.id} row={r} plan={plan} onOpen={open} />
            ))}
          </table>
        </div>
        <div className="run-buttons repro-export">
          <button type="button" data-testid="repro-download" onClick={() => download('claims.json', json)}>
            Download table (JSON)
          </button>
        </div>
        <details className="repro-json">
          <summary>The table as JSON (what tierplan reproduce prints)</summary>
          <pre data-testid="repro-json">{json}</pre>
        </details>
      </section>
      <PublishedServers engine={engine} />
    </div>
  );
}
