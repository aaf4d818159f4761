// Run every point of one or more sweeps as one farmed study: the core's
// sweep studies (one per line: a variant's scenario, the field, its values)
// live in the studies' worker (study-calls.ts) and hand out every value ×
// replication as a run; the app's one driver (engine/farm.ts) runs them on
// the worker pool, as many at once as it has workers, and reports each back.
// A point is reported once the core has merged its replications (with its
// analytic overlays); aborting keeps the finished points and drops the rest.
import type { Engine } from '../worker/contract';
import { ScenarioError } from '../worker/api';
import { farm, type FarmedStudy } from '../engine/farm';
import type { FieldError, RunResult, Scenario } from '../engine/types';
import { setNumber, type SweepSpec } from './model';
import type { SweepStudyApi, SweepRun } from './study-calls';
import type { Async } from '../engine/remote';
import { getStudiesBackend } from '../worker/studies';

/** The sweeps' studies, wherever they live (the studies' worker through comlink, or in-process in tests). */
export type SweepBackend = Async<SweepStudyApi>;

/**
 * The browser's sweep backend: the studies' worker, which (with the studies'
 * wasm module it loads) starts at the first sweep run, not when the tab opens.
 */
export function getSweepBackend(): SweepBackend {
  return getStudiesBackend();
}

export interface Analytic {
  /** Erlang B rejection of the disk tier (HDD-only architecture). */
  erlangB?: number;
  /** Static-LFU estimate: share of the offered streams the flash tier serves, and the hit ratio it implies. */
  zipfStreams?: number;
  zipfHitRatio?: number;
}

export interface SweepPoint {
  specId: string;
  variantId: string;
  value: number;
  scenario: Scenario;
  result: RunResult;
  analytic: Analytic;
}

export interface SweepFailure {
  specId: string;
  variantId: string;
  value: number;
  message: string;
}

export interface SweepProgress {
  done: number;
  total: number;
  /** Sum of per-run completion fractions, for a smooth bar and the time estimate. */
  work: number;
  elapsedMs: number;
  /** Estimated time left, ms; null until there is progress to extrapolate from. */
  etaMs: number | null;
}

interface Task {
  specId: string;
  variantId: string;
  value: number;
  scenario: Scenario;
}

/** A point's scenario as the app checks and shows it (named after its value). */
function namedPoint(base: Scenario, path: string, value: number): Scenario {
  return { ...setNumber(base, path, value), name: `${base.name} — ${path} = ${value}` };
}

export function sweepTasks(specs: SweepSpec[]): Task[] {
  return specs.flatMap((spec) =>
    spec.values.flatMap((value) =>
      spec.variants.map((v) => ({ specId: spec.id, variantId: v.id, value, scenario: namedPoint(v.scenario, spec.field.path, value) })),
    ),
  );
}

/**
 * Check every point with the core; returns the problems, each prefixed
 * with the variant and the swept value so the user can find it.
 */
export async function validateSweep(engine: Engine, specs: SweepSpec[]): Promise<FieldError[]> {
  const tasks = sweepTasks(specs);
  const labels = new Map(specs.flatMap((s) => s.variants.map((v) => [`${s.id}/${v.id}`, v.label] as const)));
  const paths = new Map(specs.map((s) => [s.id, s.field.path]));
  const results = await Promise.all(tasks.map((t) => engine.validate(t.scenario)));
  const out: FieldError[] = [];
  const seen = new Set<string>();
  results.forEach((errs, i) => {
    const t = tasks[i];
    for (const e of errs) {
      // The same problem at every value is reported once.
      const key = `${t.specId}/${t.variantId}/${e.path}/${e.message}`;
      const prefix = `${labels.get(`${t.specId}/${t.variantId}`)}, ${paths.get(t.specId)} = ${t.value}`;
      if (e.path === paths.get(t.specId) || !seen.has(key)) out.push({ path: e.path, message: `${e.message} (${prefix})` });
      seen.add(key);
    }
  });
  return out;
}

/**
 * The closed-form companions of a point (model §5, §7), all from the core:
 * Erlang B of the disk tier for HDD only, and for static LFU the flash
 * streams of the Zipf top-k estimate with the overflow offered to the disks
 * (`staticLfuOverlay`). Single-class workloads only: with a mix the
 * formulas do not apply.
 */
export async function analyticsFor(engine: Engine, s: Scenario): Promise<Analytic> {
  if (s.workload.classes.length !== 1) return {};
  const out: Analytic = {};
  if (s.architecture === 'hdd_only') out.erlangB = await engine.diskTierBlocking(s);
  if (s.architecture === 'ssd_lfu_hdd' && s.policy.lfu === 'static') {
    const o = await engine.staticLfuOverlay(s);
    if (o) {
      out.zipfStreams = o.flash_streams;
      out.zipfHitRatio = o.hit_ratio;
    }
  }
  return out;
}

export interface RunSweepOptions {
  signal: AbortSignal;
  /** Where the sweep's studies live: the studies' worker (getSweepBackend), or in-process in tests. */
  studies: SweepBackend;
  onPoint(p: SweepPoint): void;
  onFailure(f: SweepFailure): void;
  onProgress(p: SweepProgress): void;
  /** Minimum time between progress reports, ms. */
  progressEveryMs?: number;
}

function isAbort(e: unknown): boolean {
  return e instanceof Error ? e.name === 'AbortError' : e instanceof DOMException && e.name === 'AbortError';
}

/** A run that failed, with the point it belongs to (the first failure stops the sweep). */
class RunFailed extends Error {
  constructor(readonly failure: SweepFailure) {
    super(failure.message);
  }
}

/** Run all points; resolves with the counts when every run has finished, a run failed, or the sweep was cancelled. */
export async function runSweep(engine: Engine, specs: SweepSpec[], opts: RunSweepOptions): Promise<{ done: number; total: number; cancelled: boolean }> {
  const { studies } = opts;
  // The lines, in the order the core's studies are laid out, and each point's scenario as the app shows it.
  const lines = specs.flatMap((spec) => spec.variants.map((variant) => ({ spec, variant })));
  const task = (series: number, value: number): Task => {
    const { spec, variant } = lines[series];
    return { specId: spec.id, variantId: variant.id, value, scenario: namedPoint(variant.scenario, spec.field.path, value) };
  };
  const total = specs.reduce((a, s) => a + s.values.length * s.variants.length, 0);
  const start = performance.now();
  let done = 0;
  let runsDone = 0;
  let runs = 0;
  let inFlight = 0;
  let lastReport = 0;
  const every = opts.progressEveryMs ?? 100;
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - lastReport < every) return;
    lastReport = now;
    // In points: the runs reported and the share of those in flight.
    const work = runs > 0 ? (total * Math.min(runs, runsDone + inFlight)) / runs : 0;
    const elapsedMs = now - start;
    opts.onProgress({ done, total, work, elapsedMs, etaMs: work > 0.02 * total ? (elapsedMs * (total - work)) / work : null });
  };
  report(true);
  if (opts.signal.aborted) return { done, total, cancelled: true };
  const started = await studies.startSweep(lines.map(({ spec, variant }) => ({ scenario: variant.scenario, path: spec.field.path, values: spec.values })));
  if ('errors' in started) throw new ScenarioError(started.errors);
  const handle = started.handle;
  runs = (await studies.sweepProgress(handle)).runs;
  // A finished point's overlays are computed beside the farm, which goes on
  // handing out runs meanwhile; every point is reported before the end.
  const points: Promise<void>[] = [];
  const finish = async (t: Task, result: RunResult) => {
    let analytic: Analytic = {};
    try {
      analytic = await analyticsFor(engine, t.scenario);
    } catch {
      // An overlay that cannot be computed is left out; the measured point stands.
    }
    opts.onPoint({ ...t, result, analytic });
  };
  const study: FarmedStudy<SweepRun, RunResult> = {
    nextBatch: (k) => studies.sweepNextBatch(handle, k),
    report: async (r, result) => {
      runsDone++;
      const p = await studies.sweepReport(handle, r.series, r.job.id, result);
      if (p === null) return;
      done++;
      points.push(finish(task(p.series, p.value), p.result));
    },
    isDone: () => studies.sweepIsDone(handle),
  };
  try {
    await farm(study, {
      parallel: engine.size,
      signal: opts.signal,
      run: (r, req) =>
        engine.run(r.job.scenario, { signal: req.signal, onStart: req.onStart, onProgress: (p) => req.onProgress(p.fraction) }).catch((e: unknown) => {
          if (isAbort(e)) throw e;
          const t = task(r.series, r.job.value);
          throw new RunFailed({ specId: t.specId, variantId: t.variantId, value: t.value, message: e instanceof Error ? e.message : String(e) });
        }),
      onChange: (s) => {
        inFlight = s.inFlight.reduce((a, f) => a + f.fraction, 0);
        report();
      },
      onJobProgress: (s) => {
        inFlight = s.inFlight.reduce((a, f) => a + f.fraction, 0);
        report();
      },
    });
  } catch (e) {
    if (e instanceof RunFailed) opts.onFailure(e.failure);
    else if (!isAbort(e)) throw e;
  } finally {
    await Promise.resolve(studies.freeSweep(handle)).catch(() => undefined);
    await Promise.all(points);
  }
  inFlight = 0;
  report(true);
  return { done, total, cancelled: opts.signal.aborted };
}
