// A bar stuck to the bottom of the screen on narrow screens (phones): Run,
// Cancel, the progress and the headline results stay within reach while
// the editor above is scrolled, and "Results" jumps to the full results.
// Hidden on wide screens, where the run panel sits beside the editor.
import type { RunResult } from '../engine/types';
import { estimate } from '../shared/format';

export interface RunBarProps {
  canRun: boolean;
  running: boolean;
  /** 0–1 while running, null before the first progress report. */
  fraction: number | null;
  result: RunResult | null;
  /** The result's scenario differs from the form (its numbers are dimmed, and the jump says so). */
  stale?: boolean;
  onRun: () => void;
  onCancel: () => void;
}

/** Scroll to the results heading and move the focus there (no URL change: the fragment holds the scenario). */
function jumpToResults() {
  const heading = document.getElementById('results-title');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

export function RunBar({ canRun, running, fraction, result, stale = false, onRun, onCancel }: RunBarProps) {
  const s = result?.summary;
  return (
    <section className="run-bar" aria-label="Run and headline results" data-testid="run-bar">
      <div className="run-bar-actions">
        {running ? (
          <button type="button" data-testid="runbar-cancel" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="primary" data-testid="runbar-run" disabled={!canRun} onClick={onRun}>
            Run
          </button>
        )}
        {running ? (
          <progress data-testid="runbar-progress" max={1} value={fraction ?? undefined} aria-label="Simulation progress" />
        ) : null}
        {!running && !canRun ? <span className="muted">Fix the scenario to run</span> : null}
      </div>
      {s && !running ? (
        <dl className={stale ? 'run-bar-kpis run-bar-stale' : 'run-bar-kpis'} data-testid="runbar-results" data-stale={stale ? 'true' : 'false'}>
          <div>
            <dt>Rejected</dt>
            <dd data-testid="runbar-rejection">{estimate(s.rejection_probability, 'percent')}</dd>
          </div>
          <div>
            <dt>Hit ratio</dt>
            <dd data-testid="runbar-hit">{estimate(s.hit_ratio, 'percent')}</dd>
          </div>
          <div>
            <dt>Streams</dt>
            <dd data-testid="runbar-streams">{estimate(s.avg_streams)}</dd>
          </div>
          <div>
            <dt>Streams/$</dt>
            <dd data-testid="runbar-spd">{estimate(s.streams_per_dollar)}</dd>
          </div>
        </dl>
      ) : null}
      {result && !running ? (
        <button type="button" className="secondary run-bar-jump" data-testid="runbar-jump" onClick={jumpToResults}>
          {stale ? 'Out-of-date results ↓' : 'All results ↓'}
        </button>
      ) : null}
    </section>
  );
}
