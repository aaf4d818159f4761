// Runs the miss-ratio figure on the worker pool: the core lays out the
// points (their scenarios and relative costs, longest first), every point is
// queued at once in that order so both workers stay busy to the end,
// finished points reach React in batches, the progress bar and the time left
// weigh each point by its cost, and Cancel keeps what has finished.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import { SERIES, coreSettings, settingMessages, type FigurePoint, type FigureSettings, type SeriesId } from './figure';

export type FigureStatus =
  | { kind: 'idle' }
  /** `work`: the share of the figure's cost done, 0 to 1 (points weighed by their cost). */
  | { kind: 'running'; done: number; total: number; work: number; elapsedMs: number }
  | { kind: 'done'; total: number; ms: number }
  | { kind: 'cancelled'; kept: number; total: number }
  | { kind: 'failed'; message: string };

/** How often finished points are drawn while the figure runs, ms. */
const FLUSH_MS = 250;
const PROGRESS_MS = 100;

function isAbort(e: unknown): boolean {
  return (e instanceof Error || e instanceof DOMException) && e.name === 'AbortError';
}

export function useFigureRun(engine: Engine) {
  const [status, setStatus] = useState<FigureStatus>({ kind: 'idle' });
  const [points, setPoints] = useState<FigurePoint[]>([]);
  const abort = useRef<AbortController | null>(null);
  const pending = useRef<FigurePoint[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const batch = pending.current;
    pending.current = [];
    if (batch.length > 0) setPoints((ps) => [...ps, ...batch]);
  }, []);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback(
    async (base: Scenario, settings: FigureSettings, only: SeriesId[] = SERIES.map((s) => s.id)) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      pending.current = [];
      setPoints([]);
      const t0 = performance.now();
      let tasks;
      try {
        tasks = await engine.figurePlan(base, coreSettings(settings), only);
      } catch (e) {
        if (abort.current === ctl) setStatus({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
        return;
      }
      if (ctl.signal.aborted) {
        // Cancelled before the plan came back: nothing ran.
        if (abort.current === ctl) {
          abort.current = null;
          setStatus({ kind: 'cancelled', kept: 0, total: tasks.length });
        }
        return;
      }
      const total = tasks.length;
      const costs = tasks.map((t) => t.cost);
      const totalCost = Math.max(1e-9, costs.reduce((a, b) => a + b, 0));
      const fractions = new Float64Array(total);
      let done = 0;
      let last = 0;
      const report = (force = false) => {
        const now = performance.now();
        if (ctl.signal.aborted || (!force && now - last < PROGRESS_MS)) return;
        last = now;
        let work = 0;
        for (let i = 0; i < total; i++) work += fractions[i] * costs[i];
        setStatus({ kind: 'running', done, total, work: work / totalCost, elapsedMs: now - t0 });
      };
      report(true);
      let failure: string | null = null;
      await Promise.all(
        tasks.map(async (t, i) => {
          try {
            const result = await engine.runRequest(t.scenario, {
              signal: ctl.signal,
              onProgress: (p) => {
                fractions[i] = p.fraction;
                report();
              },
            });
            fractions[i] = 1;
            done++;
            pending.current.push({ series: t.series, rate: t.rate, result });
            timer.current ??= setTimeout(flush, FLUSH_MS);
            report();
          } catch (e) {
            if (isAbort(e)) return;
            // The first failure (a bad scenario at some rate) stops the figure.
            failure ??= `${SERIES.find((s) => s.id === t.series)!.label} at ${t.rate} requests/s: ${e instanceof Error ? e.message : String(e)}`;
            ctl.abort();
          }
        }),
      );
      if (abort.current !== ctl) return;
      flush();
      abort.current = null;
      if (failure !== null) setStatus({ kind: 'failed', message: failure });
      else if (ctl.signal.aborted) setStatus({ kind: 'cancelled', kept: done, total });
      else setStatus({ kind: 'done', total, ms: performance.now() - t0 });
    },
    [engine, flush],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { status, points, start, cancel };
}

/** The figure's rates and its settings' problems (by setting), as the core reads the settings. */
export interface FigureOutlineView {
  rates: number[];
  errors: Partial<Record<keyof FigureSettings, string>>;
}

/**
 * The core's reading of the figure's settings (`figureOutline`, on a
 * worker), asked again at every edit; null until it has answered for the
 * settings shown.
 */
export function useFigureOutline(engine: Pick<Engine, 'figureOutline'>, settings: FigureSettings): FigureOutlineView | null {
  const [answer, setAnswer] = useState<{ settings: FigureSettings; outline: FigureOutlineView } | null>(null);
  useEffect(() => {
    let live = true;
    engine.figureOutline(coreSettings(settings)).then(
      (o) => {
        if (live) setAnswer({ settings, outline: { rates: o.rates, errors: settingMessages(o.errors) } });
      },
      (e: unknown) => {
        if (live) setAnswer({ settings, outline: { rates: [], errors: { fromRate: e instanceof Error ? e.message : String(e) } } });
      },
    );
    return () => {
      live = false;
    };
  }, [engine, settings]);
  return answer?.settings === settings ? answer.outline : null;
}
