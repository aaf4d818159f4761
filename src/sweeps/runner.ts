// Run every point of one or more sweeps through the engine's worker pool.
// All runs are queued at once so the pool keeps every worker busy; each
// finished point is reported as it arrives (with its analytic overlays);
// aborting keeps the finished points and drops the rest.
import type { Engine } from '../worker/contract';
import type { FieldError, RunResult, Scenario } from '../engine/types';
import { setNumber, type SweepSpec } from './model';

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

export function sweepTasks(specs: SweepSpec[]): Task[] {
  return specs.flatMap((spec) =>
    spec.values.flatMap((value) =>
      spec.variants.map((v) => ({
        specId: spec.id,
        variantId: v.id,
        value,
        scenario: { ...setNumber(v.scenario, spec.field.path, value), name: `${v.scenario.name} — ${spec.field.path} = ${value}` },
      })),
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
  onPoint(p: SweepPoint): void;
  onFailure(f: SweepFailure): void;
  onProgress(p: SweepProgress): void;
  /** Minimum time between progress reports, ms. */
  progressEveryMs?: number;
}

function isAbort(e: unknown): boolean {
  return e instanceof Error ? e.name === 'AbortError' : e instanceof DOMException && e.name === 'AbortError';
}

/** Run all points; resolves with the counts when every run has finished, failed or been cancelled. */
export async function runSweep(engine: Engine, specs: SweepSpec[], opts: RunSweepOptions): Promise<{ done: number; total: number; cancelled: boolean }> {
  const tasks = sweepTasks(specs);
  const total = tasks.length;
  const fractions = new Float64Array(total);
  const start = performance.now();
  let done = 0;
  let lastReport = 0;
  const every = opts.progressEveryMs ?? 100;
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - lastReport < every) return;
    lastReport = now;
    const work = fractions.reduce((a, b) => a + b, 0);
    const elapsedMs = now - start;
    opts.onProgress({ done, total, work, elapsedMs, etaMs: work > 0.02 ? (elapsedMs * (total - work)) / work : null });
  };
  report(true);
  await Promise.all(
    tasks.map(async (t, i) => {
      try {
        const result = await engine.run(t.scenario, {
          signal: opts.signal,
          onProgress: (p) => {
            fractions[i] = p.fraction;
            report();
          },
        });
        fractions[i] = 1;
        done += 1;
        let analytic: Analytic = {};
        try {
          analytic = await analyticsFor(engine, t.scenario);
        } catch {
          // An overlay that cannot be computed is left out; the measured point stands.
        }
        opts.onPoint({ specId: t.specId, variantId: t.variantId, value: t.value, scenario: t.scenario, result, analytic });
        report();
      } catch (e) {
        fractions[i] = 0;
        if (!isAbort(e)) {
          fractions[i] = 1;
          done += 1;
          opts.onFailure({ specId: t.specId, variantId: t.variantId, value: t.value, message: e instanceof Error ? e.message : String(e) });
        }
      }
    }),
  );
  report(true);
  return { done, total, cancelled: opts.signal.aborted };
}
