// Runs the miss-ratio figure while you watch: the figure is the core's
// farmed study (figureStudy.ts: a handle on the core's FigureStudy in the
// studies' worker) driven by the app's one farmed-study driver
// (engine/farm.ts), each run (one replication of one point) on the worker
// pool. What is left here is the showing: a finished run's own point is
// drawn at once until the core's estimate of it arrives; the time left is
// measured (shared/timeLeft.ts): the pace of the work, and how long each
// point's runs took for its replications still to come. Stop keeps every
// finished run's point.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import { farm, type FarmFlight } from '../engine/farm';
import type { FigureJob, FigurePointNow, FigureProgress, FigureRun, RequestResult } from './types';
import { SERIES, coreSettings, figurePoint, settingMessages, type FigurePoint, type FigureSettings, type SeriesId } from './figure';
import { openFigureStudy, type FigureStudies, type FigureStudyHandle } from './figureStudy';
import { getStudiesBackend } from '../worker/studies';
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

/**
 * How often the status line (progress, runs, time left) changes, ms at most:
 * twice a second reads as live, and each change costs the page a render and
 * a paint.
 */
const PROGRESS_MS = 500;
/**
 * How often the points are drawn while the figure runs, ms at most: every
 * run's end and every answer of the core re-rendered the chart, about 400
 * times in a figure, and on a two-core machine the main thread's share came
 * out of the workers' CPU. A draw of the full figure costs the page some
 * 40 ms of script and a paint; once a second (with the status twice) took
 * its main thread from 3.6–4.2 to 2.3–3.3 s of CPU over the figure, against
 * every 500 ms (status five times a second).
 */
const DRAW_MS = 1000;

function isAbort(e: unknown): boolean {
  return (e instanceof Error || e instanceof DOMException) && e.name === 'AbortError';
}

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

const keyOf = (r: { series: string; rate: number }) => `${r.series}@${r.rate}`;

/** `studies`: where the figure's study lives (the studies' worker, asked for at the figure's start; in-process in tests). */
export function useFigureRun(engine: Engine, studies: () => FigureStudies = getStudiesBackend) {
  const [status, setStatus] = useState<FigureStatus>({ kind: 'idle' });
  const [points, setPoints] = useState<FigurePoint[]>([]);
  const abort = useRef<AbortController | null>(null);
  /** The figure under way (a new start makes the old one's late answers stale). */
  const current = useRef(0);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    (base: Scenario, settings: FigureSettings, only: SeriesId[] = SERIES.map((s) => s.id)) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      const me = ++current.current;
      const live = () => current.current === me && !ctl.signal.aborted;
      setPoints([]);
      const core = coreSettings(settings);
      const t0 = performance.now();
      const eta = new TimeLeft(t0);

      /** The core's latest answer (the step of the runs reported); null before its first. */
      let step: FigureProgress | null = null;
      /** The point of every run finished, in the order they came, and how many of them `step` knows. */
      const finished: string[] = [];
      let known = 0;
      /** The latest run's result of every point. */
      const latest = new Map<string, RequestResult>();
      /** Points drawn from their own run, the core's estimate not yet in. */
      const own = new Map<string, FigurePointNow>();
      /** How long each point's finished runs took on a worker, ms (a saturated run's is not its point's next one's). */
      const lengths = new Map<string, number[]>();
      /**
       * `workAfter[i]`: work of the first i runs finished, in the core's cost
       * units: a run's cost, or for a run stopped early as saturated the
       * share it had run (as the core counts it in `cost_done`).
       */
      const workAfter = [0];
      /** Runs queued or running, as the driver last reported them. */
      let flight: readonly FarmFlight<FigureJob>[] = [];
      let firstPictureMs: number | null = null;
      let lastReport = 0;

      let drawTimer: ReturnType<typeof setTimeout> | null = null;
      let lastDraw = -Infinity;
      /** Draw the points; at most every DRAW_MS unless `now` (a later call inside the interval is drawn at its end, never lost). */
      const show = (now = false) => {
        if (!live()) return;
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
      /** The step's points already run with replications to come, and what was measured of their runs by `now`. */
      const chains = (s: FigureProgress, now: number): PointChain[] =>
        s.runs_left.map((r) => {
          const k = keyOf(r);
          const inFlight = flight
            .filter((f) => keyOf(f.job.run) === k)
            .map((f) => ({ fraction: f.fraction, elapsedMs: f.startedAt === null ? null : now - f.startedAt }));
          const finishedSince = finished.slice(known).filter((d) => d === k).length;
          return { runs: r.runs, cost: r.cost, lengths: lengths.get(k) ?? [], finishedSince, inFlight };
        });
      const report = (force = false) => {
        const now = performance.now();
        if (!live() || step === null || (!force && now - lastReport < PROGRESS_MS)) return;
        lastReport = now;
        // Work done since the step's answer: runs finished since, and the runs in flight as far as they got.
        let since = workAfter[finished.length] - workAfter[known];
        for (const f of flight) since += f.fraction * f.job.run.cost;
        const work = step.cost_done + since;
        const left = step.cost_left - since;
        eta.record(now, work);
        setStatus({
          kind: 'running',
          pass: step.pass,
          passName: step.pass_name,
          runs: finished.length,
          work: work + left > 0 ? Math.min(1, work / (work + Math.max(0, left))) : 0,
          elapsedMs: now - t0,
          leftMs: eta.estimate(now, left, knownWork(chains(step, now)), engine.size),
          firstPictureMs,
        });
      };
      /** The core's answer after `runs` runs reported. */
      const answered = (s: FigureProgress, runs: number) => {
        if (!live()) return;
        step = s;
        known = runs;
        for (const p of s.points) own.delete(keyOf(p));
        const firstPicture = s.pass > 1 && firstPictureMs === null;
        if (firstPicture) firstPictureMs = performance.now() - t0;
        // The first complete picture and the finished figure are drawn at once.
        show(firstPicture || s.runs_next === 0);
        report(true);
      };

      setStatus({ kind: 'running', pass: 1, passName: '', runs: 0, work: 0, elapsedMs: 0, leftMs: null, firstPictureMs: null });
      let study: FigureStudyHandle | null = null;
      const drive = async () => {
        const opened = await openFigureStudy(studies(), base, core, only);
        study = opened;
        answered(await opened.progress(), 0);
        await farm(opened, {
          parallel: engine.size,
          // One run waits in the pool's queue: a worker that finishes starts it at once, while the core hears of
          // the outcome and answers (the core hands out only runs the figure is certain to need, so how many
          // are asked for at a time changes no run).
          queue: 1,
          signal: ctl.signal,
          trace: 'figure',
          run: ({ run }, req) =>
            engine.runRequest(run.scenario, { signal: req.signal, onStart: req.onStart, onProgress: (p) => req.onProgress(p.fraction) }).catch((e: unknown) => {
              if (isAbort(e)) throw e;
              // The first failure (a bad scenario at some rate) stops the figure.
              throw new Error(`${SERIES.find((s) => s.id === run.series)!.label} at ${run.rate} requests/s: ${e instanceof Error ? e.message : String(e)}`);
            }),
          onChange: async (s) => {
            flight = s.inFlight;
            // Runs reported since the core's last answer: ask where the figure stands now.
            if (s.done !== known) answered(await opened.progress(), s.done);
            else report();
          },
          onJobProgress: (s) => {
            flight = s.inFlight;
            report();
          },
          onOutcome: ({ run }, result, f) => {
            const saturated = result.replications[0]?.saturated;
            finished.push(keyOf(run));
            workAfter.push(workAfter[workAfter.length - 1] + (saturated ? f.fraction * run.cost : run.cost));
            if (f.startedAt !== null && !saturated) lengths.set(keyOf(run), [...(lengths.get(keyOf(run)) ?? []), performance.now() - f.startedAt]);
            latest.set(keyOf(run), result);
            // Drawn at once when the core has no estimate of the point yet.
            if (!step?.points.some((p) => keyOf(p) === keyOf(run))) own.set(keyOf(run), ownPoint(run, result, core.replications));
            show();
          },
        });
      };
      drive().then(
        () => {
          void study?.free();
          if (!live()) return;
          abort.current = null;
          const s = step!;
          draw();
          const ms = performance.now() - t0;
          setStatus({ kind: 'done', points: s.points.length, runs: finished.length, passes: s.pass, ms, firstPictureMs: firstPictureMs ?? ms });
        },
        (e: unknown) => {
          const held: FigureStudyHandle | null = study;
          if (drawTimer !== null) clearTimeout(drawTimer);
          if (current.current !== me || !isAbort(e)) void held?.free();
          if (current.current !== me) return; // a new figure started meanwhile
          if (abort.current === ctl) abort.current = null;
          if (!isAbort(e)) {
            setStatus({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
            return;
          }
          // Stopped: the points of every finished run stay, the core's estimates over all of them. Drawn at once (a draw may
          // have been waiting for its turn), so that the status's count of kept points is the chart's from the start.
          draw();
          setStatus({ kind: 'stopped', runs: finished.length, pass: step?.pass ?? 1, passName: step?.pass_name ?? '' });
          if (held === null) return;
          // The core's step knows every run reported (a run whose outcome came in is reported before the driver stops).
          held.progress().then(
            (s) => {
              void held.free();
              if (current.current !== me) return;
              own.clear();
              setPoints(s.points.flatMap((now) => corePoint(now) ?? []));
            },
            // The points already drawn stay.
            () => void held.free(),
          );
        },
      );
    },
    [engine, studies],
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
