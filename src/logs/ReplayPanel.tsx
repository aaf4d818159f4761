// The log replayed exactly (its own arrivals and titles) beside the fitted
// scenario simulated, on the same devices: where the two differ, the fit
// misses something the log has (bursts, day-to-day changes, ranks moving).
import { useState } from 'react';
import type { Engine } from '../worker/contract';
import { estimate, num } from '../shared/format';
import type { LogsClient } from './client';
import { MAX_REPLAY_BYTES } from './logs-api';
import { ReplayOptimiser } from './ReplayOptimiser';
import type { ColumnMap, Progress, RunResult, Scenario } from './types';
import { ErrorLine, isAbort, messageOf } from './status';

type State =
  | { status: 'idle' }
  | { status: 'running'; read: number | null; replay: Progress | null; fitted: Progress | null }
  | { status: 'done'; replay: RunResult; fitted: RunResult }
  | { status: 'failed'; message: string };


export function ReplayPanel({
  engine,
  logs,
  file,
  map,
  fitted,
  base,
  days,
}: {
  engine: Engine;
  logs: LogsClient;
  /** The log, read again with every request kept (the fit kept only counts). */
  file: Blob;
  map: ColumnMap;
  fitted: Scenario | null;
  base: Scenario;
  days: number;
}) {
  const [windows, setWindows] = useState(() => Math.min(30, Math.max(1, days)));
  const [state, setState] = useState<State>({ status: 'idle' });
  const [ac, setAc] = useState<AbortController | null>(null);
  if (map.format === 'counts' || file.size > MAX_REPLAY_BYTES)
    return (
      <p className="muted" data-testid="replay-unavailable">
        Replay needs every request of the log: raw logs up to {MAX_REPLAY_BYTES >> 20} MB (aggregated counts cannot be replayed).
      </p>
    );

  async function run() {
    if (!fitted) return;
    const c = new AbortController();
    setAc(c);
    let rp: Progress | null = null;
    let fp: Progress | null = null;
    setState({ status: 'running', read: null, replay: null, fitted: null });
    let handle: number | null = null;
    try {
      const read = await logs.read(file, map, {
        signal: c.signal,
        keepTrace: true,
        onProgress: (p) => setState({ status: 'running', read: p.bytes / Math.max(1, p.total), replay: null, fitted: null }),
      });
      handle = read.handle;
      const win = await logs.replay(handle, base, windows, {
        signal: c.signal,
        onProgress: (p) => setState({ status: 'running', read: 1, replay: (rp = p), fitted: fp }),
      });
      void logs.free(handle);
      handle = null;
      // The fitted scenario over the same window length and count.
      if ('errors' in win) throw new Error(win.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
      const f: Scenario = {
        ...fitted,
        run: { ...fitted.run, duration_h: win.ok.measured_s / 3600 + base.run.warmup_h, replications: windows },
      };
      const sim = await engine.run(f, { signal: c.signal, onProgress: (p) => setState({ status: 'running', read: 1, replay: rp, fitted: (fp = p) }) });
      setState({ status: 'done', replay: win.ok, fitted: sim });
    } catch (e) {
      setState(isAbort(e) ? { status: 'idle' } : { status: 'failed', message: messageOf(e) });
    } finally {
      if (handle !== null) void logs.free(handle);
      setAc(null);
    }
  }

  const rows: [string, (r: RunResult) => string][] = [
    ['Requests (per window)', (r) => estimate(r.summary.arrivals)],
    ['Rejection probability', (r) => estimate(r.summary.rejection_probability, 'percent')],
    ['Concurrent streams (mean)', (r) => estimate(r.summary.avg_streams)],
    ['Peak streams', (r) => estimate(r.summary.peak_streams)],
    ['Flash hit ratio', (r) => estimate(r.summary.hit_ratio, 'percent')],
    ['Streams per $', (r) => estimate(r.summary.streams_per_dollar)],
  ];
  return (
    <section className="card" aria-labelledby="log-replay-title" data-testid="log-replay">
      <h2 id="log-replay-title">Replay the log vs simulate the fit</h2>
      <p className="note">
        The log is read again keeping every request (16 bytes each), and its own requests, at their own times, go through the stream-level engine with the current scenario's devices and policies; beside it the
        fitted scenario simulated for the same windows. The log is cut into consecutive windows, each replayed from an empty system as one replication.
      </p>
      <div className="run-buttons">
        <label>
          Windows{' '}
          <input
            type="number"
            min={1}
            max={100}
            step={1}
            value={windows}
            data-testid="replay-windows"
            onChange={(e) => setWindows(Math.max(1, Math.min(100, Math.round(Number(e.target.value) || 1))))}
          />
        </label>
        <button type="button" className="primary" data-testid="replay-run" disabled={!fitted || state.status === 'running'} onClick={() => void run()}>
          Replay and compare
        </button>
        {ac ? (
          <button type="button" data-testid="replay-cancel" onClick={() => ac.abort()}>
            Cancel
          </button>
        ) : null}
      </div>
      {state.status === 'running' ? (
        <p className="hint" aria-live="polite" data-testid="replay-progress">
          Reading the log again {state.read === null ? 'starting' : `${Math.round(state.read * 100)} %`}; replay{' '}
          {state.replay ? `${Math.round(state.replay.fraction * 100)} %` : 'waiting'}; fitted{' '}
          {state.fitted ? `${Math.round(state.fitted.fraction * 100)} %` : 'waiting'}
        </p>
      ) : null}
      {state.status === 'failed' ? <ErrorLine message={state.message} /> : null}
      {state.status === 'done' ? (
        <div className="table-scroll">
          <table className="log-compare" data-testid="replay-table">
            <caption className="hint">
              {windows} window{windows === 1 ? '' : 's'} of {num(state.replay.measured_s / 3600)} h, mean ± 95 % CI
            </caption>
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">Replayed log</th>
                <th scope="col">Fitted scenario</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, f]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{f(state.replay)}</td>
                  <td>{f(state.fitted)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ReplayOptimiser logs={logs} file={file} map={map} base={base} windows={windows} />
    </section>
  );
}
