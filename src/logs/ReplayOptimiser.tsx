// The optimiser on the replayed log (model §10, §14): per architecture, the
// cheapest device counts with no rejection when the log itself is replayed
// on them — sizing for the real traffic, peaks and all.
import { useState } from 'react';
import { dollars, num } from '../shared/format';
import type { LogsClient } from './client';
import { REPLAY_SPEC } from './logs-api';
import type { ColumnMap, OptimizeResult, Scenario, SearchProgress } from './types';
import { ErrorLine, isAbort, messageOf } from './status';

type State =
  | { status: 'idle' }
  | { status: 'running'; progress: SearchProgress | null }
  | { status: 'done'; result: OptimizeResult }
  | { status: 'failed'; message: string };

export function ReplayOptimiser({ logs, file, map, base, windows }: { logs: LogsClient; file: Blob; map: ColumnMap; base: Scenario; windows: number }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const [ac, setAc] = useState<AbortController | null>(null);

  async function run() {
    const c = new AbortController();
    setAc(c);
    setState({ status: 'running', progress: null });
    let handle: number | null = null;
    try {
      handle = (await logs.read(file, map, { signal: c.signal, keepTrace: true })).handle;
      const r = await logs.optimizeReplay(handle, base, windows, REPLAY_SPEC, {
        signal: c.signal,
        onProgress: (p) => setState({ status: 'running', progress: p }),
      });
      if ('errors' in r) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
      setState({ status: 'done', result: r.ok });
    } catch (e) {
      setState(isAbort(e) ? { status: 'idle' } : { status: 'failed', message: messageOf(e) });
    } finally {
      if (handle !== null) void logs.free(handle);
      setAc(null);
    }
  }

  return (
    <div data-testid="replay-optimiser">
      <h3>Size on the replayed log</h3>
      <p className="note">
        The optimiser with every candidate configuration replaying this log (the scenario's devices; HDD only, DRAM + HDD, SSD + HDD; no rejection in any
        window). Nothing is pruned, since the pruning bounds assume generated arrivals.
      </p>
      <div className="run-buttons">
        <button type="button" data-testid="replay-optimise" disabled={state.status === 'running'} onClick={() => void run()}>
          Optimise on the replay
        </button>
        {ac ? (
          <button type="button" onClick={() => ac.abort()}>
            Cancel
          </button>
        ) : null}
      </div>
      {state.status === 'running' ? (
        <p className="hint" aria-live="polite">
          {state.progress ? `${state.progress.simulated} configurations replayed, ${state.progress.architectures_done} of ${state.progress.architectures} architectures done` : 'reading the log…'}
        </p>
      ) : null}
      {state.status === 'failed' ? <ErrorLine message={state.message} /> : null}
      {state.status === 'done' ? (
        <div className="table-scroll">
          <table className="log-compare" data-testid="replay-opt-table">
            <thead>
              <tr>
                <th scope="col">Architecture</th>
                <th scope="col">Cheapest counts</th>
                <th scope="col">Cost</th>
                <th scope="col">Streams per $</th>
              </tr>
            </thead>
            <tbody>
              {state.result.architectures.map((a) => (
                <tr key={a.architecture}>
                  <th scope="row">{a.label}</th>
                  <td className="wrap">{a.best ? a.space.tiers.map((t) => `${t.role === 'disk' ? a.best!.counts.disk : t.role === 'file_cache' ? a.best!.counts.file_cache : a.best!.counts.interval_cache} × ${t.device}`).join(' + ') : (a.message ?? 'none in range')}</td>
                  <td>{a.best ? dollars(a.best.capital_cost) : '—'}</td>
                  <td>{a.best?.measurement ? num(a.best.measurement.streams_per_dollar.mean) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
