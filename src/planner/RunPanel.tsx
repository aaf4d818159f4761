// The Scenario tab's run panel: Run and Cancel, the progress of the
// replications, how the run ended, and what keeps it from running.
import type { FieldError } from '../engine/types';
import { ErrorSummary } from '../shared/form';
import type { RunState } from './useRun';
import { readableMessage } from '../shared/labels';

export function RunPanel({
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
          {readableMessage(state.message)}
        </p>
      ) : null}
      <ErrorSummary errors={blockers} action="running" testId="error-summary" />
    </section>
  );
}
