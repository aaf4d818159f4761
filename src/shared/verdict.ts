// The colour of a result follows its verdict on a target, never the fact
// that the run finished: a miss ratio of 100 % is a result, not a success.
// The words match the core's confident decision (model §3): "meets" only
// when the whole 95 % interval lies below the target, "misses" when it lies
// wholly above, else "cannot_decide".
import type { Estimate } from '../engine/types';

export type Verdict = 'meets' | 'misses' | 'cannot_decide';

/** An "at most `target`" verdict on an estimate (mean ± ci95; a single run has no interval). */
export function verdictAtMost(e: Pick<Estimate, 'mean' | 'ci95'>, target: number): Verdict {
  if (!Number.isFinite(e.mean) || !Number.isFinite(target)) return 'cannot_decide';
  const half = Number.isFinite(e.ci95) ? Math.max(0, e.ci95) : 0;
  if (e.mean + half <= target) return 'meets';
  if (e.mean - half > target) return 'misses';
  return 'cannot_decide';
}

/** The css class that colours a value by its verdict (app.css .on-target-*: success only for "meets"). */
export function verdictClass(v: Verdict | null | undefined): string {
  return v ? `on-target on-target-${v}` : 'on-target';
}
