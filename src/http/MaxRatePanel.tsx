// The highest request rate at the miss-ratio target per policy: read off the
// figure's points at once, refined by the core's search (bisection on the
// scenario's rate lattice, the figure's points given as known) on the pool,
// beside the study's published numbers.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import type { MaxRateProgress, MaxRateResult, RateLoad } from './types';
import { num, percent } from '../shared/format';
import { SERIES, coreSettings, maxRatesFromFigure, rangeFor, type FigurePoint, type FigureSettings, type SeriesId } from './figure';
import { readableMessage } from '../shared/labels';
import { loadText, loadedLabel, useRateLoads } from './load';

/** The search of the scenario exactly as loaded (its own policy, start and runs), beside the figure's five policies. */
type RowId = SeriesId | 'loaded';

/** A rate's Gb/s and viewers under it, when the core has said them. */
function Load({ load, testId }: { load: RateLoad | null | undefined; testId: string }) {
  return load ? (
    <span className="rate-load" data-testid={testId}>
      {loadText(load)}
    </span>
  ) : null;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Partial<Record<RowId, MaxRateProgress>> }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

function ours(maxRate: number | null, firstMiss: number | null, lowest: number): string {
  if (maxRate === null) return firstMiss !== null ? `< ${num(lowest)}` : '—';
  return firstMiss === null ? `≥ ${num(maxRate)}` : num(maxRate);
}

export function MaxRatePanel({
  engine,
  scenario,
  settings,
  points,
  canRun,
  setSettings,
}: {
  engine: Engine;
  scenario: Scenario;
  settings: FigureSettings;
  points: FigurePoint[];
  canRun: boolean;
  /** Widen the figure's range (after a search found rates past it). */
  setSettings: (f: (s: FigureSettings) => FigureSettings) => void;
}) {
  const target = scenario.request?.search.miss_target ?? 0;
  const fromFigure = maxRatesFromFigure(points, target);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  // Search answers belong to the figure points they started from; new points hide them.
  const [found, setFound] = useState<{ points: FigurePoint[]; results: Partial<Record<RowId, MaxRateResult>> }>({ points: [], results: {} });
  const results = found.points === points ? found.results : {};
  const ac = useRef<AbortController | null>(null);
  useEffect(() => () => ac.current?.abort(), []);

  const search = useCallback(async () => {
    ac.current?.abort();
    const ctl = new AbortController();
    ac.current = ctl;
    setFound({ points, results: {} });
    const progress: Partial<Record<RowId, MaxRateProgress>> = {};
    setState({ kind: 'running', progress: {} });
    try {
      await Promise.all([
        // The scenario as loaded, as `tierplan max-rate` searches it: its own policy, start (a warm cache stays warm) and runs.
        (async () => {
          const r = await engine.maxRate(scenario, [], {
            signal: ctl.signal,
            onProgress: (p) => {
              progress.loaded = p;
              if (!ctl.signal.aborted) setState({ kind: 'running', progress: { ...progress } });
            },
          });
          if (!ctl.signal.aborted) setFound((f) => ({ points: f.points, results: { ...f.results, loaded: r } }));
        })(),
        ...SERIES.map(async (s) => {
          // What the figure has settled: final points, and provisional ones that already missed (more replications cannot undo a miss).
          // (A rate never run, its 0 % vouched for by a higher one, has no run to give.)
          const known = points.flatMap((p) =>
            p.series === s.id && p.result && (!p.now.provisional || p.now.miss_ratio.max > target) ? [p.result] : [],
          );
          const base = await engine.figurePointScenario(scenario, s.id, scenario.request!.search.min_rate, coreSettings(settings));
          const r = await engine.maxRate(base, known, {
            signal: ctl.signal,
            onProgress: (p) => {
              progress[s.id] = p;
              if (!ctl.signal.aborted) setState({ kind: 'running', progress: { ...progress } });
            },
          });
          if (!ctl.signal.aborted) setFound((f) => ({ points: f.points, results: { ...f.results, [s.id]: r } }));
        }),
      ]);
      if (ac.current === ctl) setState({ kind: 'done' });
    } catch (e) {
      if (ac.current !== ctl) return;
      ctl.abort();
      const name = e instanceof Error || e instanceof DOMException ? e.name : '';
      setState(name === 'AbortError' ? { kind: 'cancelled' } : { kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }, [engine, points, scenario, settings, target]);

  const running = state.kind === 'running';
  // The study's published rates belong to its hardware (two 7200 rpm disks, the X25-M).
  const studyHardware = scenario.request?.layout.disk === 'hdd7200' && scenario.request.cache.flash_device === 'x25m';
  const sr = scenario.request?.search;
  const cache = scenario.request?.cache;
  const loadedName = cache ? loadedLabel(cache.policy, cache.start) : 'This scenario as loaded';
  // The rates shown, each also as Gb/s and viewers (the core's arithmetic on the scenario's segments).
  const shownRates = [
    ...fromFigure.flatMap((r) => (r.maxRate !== null ? [r.maxRate] : [])),
    ...Object.values(results).flatMap((r) => (r?.max_rate != null ? [r.max_rate] : [])),
  ];
  const loads = useRateLoads(engine, scenario, shownRates);
  // Where the searches ended (the first failing rate, or the highest passing): the figure should reach past it.
  const highestFound = Math.max(0, ...Object.values(results).flatMap((r) => (r ? [r.first_failing ?? r.max_rate ?? 0] : [])));
  const wider = sr && state.kind === 'done' && highestFound > 0 ? rangeFor(sr, highestFound) : null;
  const rows: { id: RowId; label: string; published: string | null }[] = [
    { id: 'loaded', label: loadedName, published: null },
    ...SERIES.map((s) => ({ id: s.id, label: s.label, published: s.published })),
  ];
  return (
    <section className="card" aria-labelledby="http-maxrate-title" data-testid="http-maxrate">
      <h2 id="http-maxrate-title">Highest request rate at {percent(target)} segment miss</h2>
      <p className="hint">
        “Figure”: the highest rate below the first figure point where any replication missed a deadline. “Search” bisects the rates {sr ? `${num(sr.min_rate)}–${num(sr.max_rate)} in steps of ${num(sr.step)}` : ''}{' '}
        requests/s (the scenario’s search settings), each point a full run with the figure’s settings, starting from the figure’s points. The first row
        searches the scenario exactly as loaded — its own policy, cold or warm start and run lengths — as <code>tierplan max-rate</code> does; the
        figure’s rows compare every policy under the figure’s settings. Each rate is also given as the network it fills (Gb/s of segments) and the
        viewers it serves (one segment request per viewer per segment’s play time). The study published no rate for the object cache (its
        recommendation).
      </p>
      <div className="run-buttons">
        <button type="button" data-testid="http-maxrate-run" disabled={!canRun || running} onClick={() => void search()}>
          Search every policy
        </button>
        <button type="button" data-testid="http-maxrate-cancel" disabled={!running} onClick={() => ac.current?.abort()}>
          Cancel
        </button>
      </div>
      {state.kind === 'running' ? (
        <ul className="hint" data-testid="http-maxrate-progress" aria-live="polite">
          {rows.map((s) => {
            const p = state.progress[s.id];
            return (
              <li key={s.id}>
                {s.label}:{' '}
                {p ? (p.done ? 'done' : `${p.points_done} points, at most ${p.points_left} more${p.current_rate != null ? `; now ${num(p.current_rate)} requests/s (${Math.floor(p.point_fraction * 100)} %)` : ''}`) : 'waiting for a worker'}
              </li>
            );
          })}
        </ul>
      ) : null}
      {state.kind === 'cancelled' ? <p className="muted">Search cancelled; finished policies are kept.</p> : null}
      {state.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="http-maxrate-error">
          {readableMessage(state.message)}
        </p>
      ) : null}
      {wider && wider.toRate > settings.toRate ? (
        <p className="hint" data-testid="http-maxrate-widen-note">
          The searches reached {num(highestFound)} requests/s, past the figure’s {num(settings.toRate)}.{' '}
          <button type="button" className="secondary" data-testid="http-maxrate-widen" onClick={() => setSettings((f) => ({ ...f, ...wider }))}>
            Set the figure to {num(wider.fromRate)}–{num(wider.toRate)} requests/s
          </button>
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="http-table maxrate" data-testid="http-maxrate-table">
          <caption>Highest rate, requests/s (Gb/s, viewers)</caption>
          <thead>
            <tr>
              <th scope="col">Policy</th>
              <th scope="col">Figure</th>
              <th scope="col">Search</th>
              <th scope="col">Published</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => {
              const f = s.id === 'loaded' ? undefined : fromFigure.find((r) => r.series.id === s.id);
              const res = results[s.id];
              return (
                <tr key={s.id} data-testid={`http-maxrate-row-${s.id}`} className={s.id === 'loaded' ? 'loaded-row' : undefined}>
                  <th scope="row">{s.label}</th>
                  <td data-testid={`http-maxrate-figure-${s.id}`}>
                    {s.id === 'loaded' ? 'its own runs: see Search' : f ? ours(f.maxRate, f.firstMiss, settings.fromRate) : 'run the figure'}
                    {f?.maxRate != null ? <Load load={loads.get(f.maxRate)} testId={`http-maxrate-figure-load-${s.id}`} /> : null}
                  </td>
                  <td>
                    <span data-testid={`http-maxrate-search-${s.id}`}>
                      {res ? (res.max_rate != null ? num(res.max_rate) : `< ${num(sr?.min_rate ?? 0)}`) : '—'}
                      {res ? <span className="hint"> ({res.points.length} points)</span> : null}
                    </span>
                    {res?.max_rate != null ? (
                      <Load load={s.id === 'loaded' ? res.max_rate_load : loads.get(res.max_rate)} testId={`http-maxrate-search-load-${s.id}`} />
                    ) : null}
                  </td>
                  <td>{s.id === 'loaded' ? '—' : studyHardware ? (s.published ?? '—') : 'not this hardware'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
