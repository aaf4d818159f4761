// Runs the miss-ratio figure while you watch, on the core's schedule: the
// core (`figureStep`, on a worker) says, from the runs done so far, which
// pass is under way, its runs still to do, every point's estimate so far and
// the work left; each run (one replication of one point) is queued on the
// worker pool as it comes, and the core is asked again as soon as a pass's
// runs are all done (the next pass can start) or a worker has nothing to do,
// and at most once a second while they run (its estimates of the points
// refined so far; one question at a time, the runs finished meanwhile folded
// into the next). A worker
// that would wait for the pass's last runs takes one the core lists
// `ahead` (a later pass is certain to need it). A finished run's own point
// is drawn at once until the core's estimate of it arrives. The time left is
// measured (shared/timeLeft.ts): the pace of the work, and how long each point's
// runs took for its replications still to come. Stop keeps every finished
// run's point.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import type { FigurePointNow, FigureRun, FigureRunDone, FigureStep, RequestResult } from './types';
import { SERIES, coreSettings, figurePoint, settingMessages, type FigurePoint, type FigureSettings, type SeriesId } from './figure';
import { TimeLeft, knownWork, type PointChain } from '../shared/timeLeft';

export type FigureStatus =
  | { kind: 'idle' }
  | {
      kind: 'running';
      /** The pass under way (1: the first complete picture) and what it does, as the core names it. */
      pass: number;
      passName: string;
      /** Runs finished so far. */
      runs: number;
      /** The share of the figure's work done, 0 to 1 (the core's cost units, runs in flight included). */
      work: number;
      elapsedMs: number;
      /** Measured time left, ms; null until enough is measured (the 5th second). */
      leftMs: number | null;
      /** When the first complete picture (the first pass) was done, ms after the start; null until then. */
      firstPictureMs: number | null;
    }
  | { kind: 'done'; points: number; runs: number; passes: number; ms: number; firstPictureMs: number | null }
  | { kind: 'stopped'; runs: number; pass: number; passName: string }
  | { kind: 'failed'; message: string };

const PROGRESS_MS = 200;
/**
 * How often the points are drawn while the figure runs, ms at most: every
 * run's end and every answer of the core re-rendered the chart, about 400
 * times in a figure, and on a two-core machine the main thread's share came
 * out of the workers' CPU.
 */
const DRAW_MS = 500;
/** How often the core is asked for its estimates while a pass runs, ms (each answer carries the pass's runs). */
const ASK_MS = 1000;

function isAbort(e: unknown): boolean {
  return (e instanceof Error || e instanceof DOMException) && e.name === 'AbortError';
}

const keyOf = (r: { series: SeriesId; rate: number }) => `${r.series}@${r.rate}`;
const runKey = (r: { series: SeriesId; rate: number; replication: number }) => `${keyOf(r)}#${r.replication}`;

/** A finished run's own point, shown until the core's estimate of the point comes. */
function ownPoint(run: FigureRun, result: RequestResult, target: number): FigurePointNow {
  const sat = result.replications[0]?.saturated ?? null;
  return {
    series: run.series,
    rate: run.rate,
    miss_ratio: result.miss_ratio,
    replications: 1,
    target_replications: target,
    provisional: sat === null && target > 1,
    saturated: sat === null ? null : sat.miss_ratio_lower,
    zero_vouched_by: null,
  };
}

export function useFigureRun(engine: Engine) {
  const [status, setStatus] = useState<FigureStatus>({ kind: 'idle' });
  const [points, setPoints] = useState<FigurePoint[]>([]);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    (base: Scenario, settings: FigureSettings, only: SeriesId[] = SERIES.map((s) => s.id)) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      const live = () => abort.current === ctl;
      setPoints([]);
      const core = coreSettings(settings);
      const t0 = performance.now();
      const eta = new TimeLeft(t0);

      const done: FigureRunDone[] = [];
      /** The latest run's result of every point. */
      const latest = new Map<string, RequestResult>();
      /** Points drawn from their own run, the core's estimate not yet in. */
      const own = new Map<string, FigurePointNow>();
      /** Runs queued or running: their cost, the fraction they report and when a worker took them (null: queued). */
      const flight = new Map<string, { run: FigureRun; fraction: number; startedAt: number | null }>();
      /** How long each point's finished runs took on a worker, ms (a saturated run's is not its point's next one's). */
      const lengths = new Map<string, number[]>();
      /** Runs finished (an answer of the core asked before they finished still lists them). */
      const finishedRuns = new Set<string>();
      let step: FigureStep | null = null;
      /**
       * Work of the runs finished here, in the core's cost units: a run's
       * cost, or for a run stopped early as saturated the share it had run
       * (as the core counts it in `cost_done`).
       */
      let finishedWork = 0;
      /** `finishedWork` of the runs the last step knew as done (its `cost_done`, `cost_left` count them). */
      let workAtStep = 0;
      /** How many of `done` the last step knew. */
      let doneAtStep = 0;
      let firstPictureMs: number | null = null;
      let failure: string | null = null;
      let lastReport = 0;

      let drawTimer: ReturnType<typeof setTimeout> | null = null;
      let lastDraw = -Infinity;
      /** Draw the points; at most every DRAW_MS unless `now` (a later call inside the interval is drawn at its end, never lost). */
      const show = (now = false) => {
        if (!live() || ctl.signal.aborted) return;
        const t = performance.now();
        if (!now && t - lastDraw < DRAW_MS) {
          drawTimer ??= setTimeout(
            () => {
              drawTimer = null;
              show(true);
            },
            lastDraw + DRAW_MS - t,
          );
          return;
        }
        lastDraw = t;
        draw();
      };
      /** The core's point with its latest run; a rate never run (its 0 % vouched for) has none. Null: no run of it back yet. */
      const corePoint = (now: FigurePointNow): FigurePoint | null => {
        const r = latest.get(keyOf(now));
        return r || now.replications === 0 ? figurePoint(now, r ?? null) : null;
      };
      /** Every finished run's point: the core's estimate where it has answered, else the run's own result. */
      const draw = () => {
        if (drawTimer !== null) clearTimeout(drawTimer);
        drawTimer = null;
        const merged = new Map<string, FigurePoint>();
        for (const now of step?.points ?? []) {
          const p = corePoint(now);
          if (p) merged.set(keyOf(now), p);
        }
        for (const [k, now] of own) if (!merged.has(k)) merged.set(k, figurePoint(now, latest.get(k)!));
        setPoints([...merged.values()]);
      };
      /** Work done since the last step's answer: runs finished since, and the runs in flight as far as they got. */
      const sinceStep = () => {
        let w = finishedWork - workAtStep;
        for (const f of flight.values()) w += f.fraction * f.run.cost;
        return w;
      };
      /** The step's points already run with replications to come, and what was measured of their runs by `now`. */
      const chains = (s: FigureStep, now: number): PointChain[] =>
        s.runs_left.map((r) => {
          const k = keyOf(r);
          const inFlight = [...flight.values()]
            .filter((f) => keyOf(f.run) === k)
            .map((f) => ({ fraction: f.fraction, elapsedMs: f.startedAt === null ? null : now - f.startedAt }));
          const finishedSince = done.slice(doneAtStep).filter((d) => keyOf(d) === k).length;
          return { runs: r.runs, cost: r.cost, lengths: lengths.get(k) ?? [], finishedSince, inFlight };
        });
      const report = (force = false) => {
        const now = performance.now();
        if (!live() || ctl.signal.aborted || step === null || (!force && now - lastReport < PROGRESS_MS)) return;
        lastReport = now;
        const since = sinceStep();
        const work = step.cost_done + since;
        const left = step.cost_left - since;
        eta.record(now, work);
        setStatus({
          kind: 'running',
          pass: step.pass,
          passName: step.pass_name,
          runs: done.length,
          work: work + left > 0 ? Math.min(1, work / (work + Math.max(0, left))) : 0,
          elapsedMs: now - t0,
          leftMs: eta.estimate(now, left, knownWork(chains(step, now)), engine.size),
          firstPictureMs,
        });
      };

      const runOne = async (run: FigureRun) => {
        const k = runKey(run);
        try {
          const result = await engine.runRequest(run.scenario, {
            signal: ctl.signal,
            onStart: () => {
              const f = flight.get(k);
              if (f) f.startedAt = performance.now();
            },
            onProgress: (p) => {
              const f = flight.get(k);
              if (f) f.fraction = p.fraction;
              report();
            },
          });
          if (ctl.signal.aborted) return;
          const outcome = result.replications[0];
          finishedWork += outcome?.saturated ? (flight.get(k)?.fraction ?? 0) * run.cost : run.cost;
          const startedAt = flight.get(k)?.startedAt ?? null;
          if (startedAt !== null && !outcome?.saturated) lengths.set(keyOf(run), [...(lengths.get(keyOf(run)) ?? []), performance.now() - startedAt]);
          flight.delete(k);
          finishedRuns.add(k);
          done.push({ series: run.series, rate: run.rate, replication: run.replication, outcome });
          latest.set(keyOf(run), result);
          // Drawn at once when the core has no estimate of the point yet.
          if (!step?.points.some((p) => keyOf(p) === keyOf(run))) own.set(keyOf(run), ownPoint(run, result, core.replications));
          show();
          fillIdle();
          askSoon();
        } catch (e) {
          flight.delete(k);
          if (isAbort(e) || ctl.signal.aborted) return;
          // The first failure (a bad scenario at some rate) stops the figure.
          failure ??= `${SERIES.find((s) => s.id === run.series)!.label} at ${run.rate} requests/s: ${e instanceof Error ? e.message : String(e)}`;
          ctl.abort();
          finish();
        }
      };

      // One question to the core at a time; runs finished meanwhile are folded into the next.
      let asking = false;
      let again = false;
      let finished = false;
      let lastAsk = -Infinity;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const finish = () => {
        if (timer !== null) clearTimeout(timer);
        if (finished || !live()) return;
        finished = true;
        abort.current = null;
        if (failure !== null) setStatus({ kind: 'failed', message: failure });
      };
      const ask = () => {
        if (ctl.signal.aborted) return;
        if (asking) {
          again = true;
          return;
        }
        asking = true;
        lastAsk = performance.now();
        const snapshot = done.slice();
        const snapshotWork = finishedWork;
        engine.figureStep(base, core, only, snapshot).then(
          (s) => {
            asking = false;
            if (ctl.signal.aborted || !live()) return;
            step = s;
            workAtStep = snapshotWork;
            doneAtStep = snapshot.length;
            for (const p of s.points) own.delete(keyOf(p));
            const firstPicture = s.pass > 1 && firstPictureMs === null;
            if (firstPicture) firstPictureMs = performance.now() - t0;
            // The first complete picture and the finished figure are drawn at once.
            show(firstPicture || s.next.length === 0);
            if (s.next.length === 0) {
              const ms = performance.now() - t0;
              finish();
              setStatus({ kind: 'done', points: s.points.length, runs: done.length, passes: s.pass, ms, firstPictureMs: firstPictureMs ?? ms });
              return;
            }
            for (const run of s.next) {
              const k = runKey(run);
              if (flight.has(k) || finishedRuns.has(k)) continue;
              flight.set(k, { run, fraction: 0, startedAt: null });
              void runOne(run);
            }
            fillIdle();
            report(true);
            if (again) {
              again = false;
              ask();
            }
          },
          (e: unknown) => {
            asking = false;
            if (ctl.signal.aborted || !live()) return;
            failure ??= e instanceof Error ? e.message : String(e);
            ctl.abort();
            finish();
          },
        );
      };

      /** Start runs of the step's `ahead` while a worker would otherwise wait (fewer runs queued or running than workers). */
      const fillIdle = () => {
        if (step === null || ctl.signal.aborted) return;
        for (const run of step.ahead) {
          if (flight.size >= engine.size) return;
          const k = runKey(run);
          if (flight.has(k) || finishedRuns.has(k)) continue;
          flight.set(k, { run, fraction: 0, startedAt: null });
          void runOne(run);
        }
      };

      /**
       * Ask at once when the pass's runs are all done (runs started ahead may still run) or a worker has nothing to do (the
       * run that just ended may make another certain, to run ahead), else at most every ASK_MS.
       */
      const askSoon = () => {
        if (step === null || step.next.every((r) => finishedRuns.has(runKey(r))) || flight.size < engine.size) {
          if (timer !== null) clearTimeout(timer);
          timer = null;
          ask();
          return;
        }
        timer ??= setTimeout(
          () => {
            timer = null;
            ask();
          },
          Math.max(0, lastAsk + ASK_MS - performance.now()),
        );
      };

      ctl.signal.addEventListener('abort', () => {
        if (timer !== null) clearTimeout(timer);
        if (drawTimer !== null) clearTimeout(drawTimer);
        if (failure !== null || finished || !live()) return;
        // Stopped: the points of every finished run stay, the core's estimates over all of them. Drawn at once (a draw may
        // have been waiting for its turn), so that the status's count of kept points is the chart's from the start.
        draw();
        finished = true;
        abort.current = null;
        const kept = done.slice();
        const at = step;
        setStatus({ kind: 'stopped', runs: kept.length, pass: at?.pass ?? 1, passName: at?.pass_name ?? '' });
        if (kept.length === 0) return;
        engine.figureStep(base, core, only, kept).then(
          (s) => {
            if (abort.current !== null) return; // a new figure started meanwhile
            step = s;
            own.clear();
            const merged = s.points.flatMap((now) => corePoint(now) ?? []);
            setPoints(merged);
          },
          // The points already drawn stay.
          () => undefined,
        );
      });

      setStatus({ kind: 'running', pass: 1, passName: '', runs: 0, work: 0, elapsedMs: 0, leftMs: null, firstPictureMs: null });
      ask();
    },
    [engine],
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
