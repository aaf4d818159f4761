// Words for a search under way, a cancelled one, and a space too large to
// search quickly. Pure functions over what the core reports (counts per
// architecture, the space's size, its bound on what is left), and the time
// left measured from them (SearchTimeLeft).
import type { ArchitectureResult, Candidate, OptimizeResult, SearchProgress, TierRange, TierRole } from '../engine/types';
import { TimeLeft, durationText } from '../shared/timeLeft';

const many = (n: number, one: string, more = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : more}`;

/** Architectures the core lays out a space for (not those it left out, with a message, for a wrong device kind). */
function searched(r: OptimizeResult): ArchitectureResult[] {
  return r.architectures.filter((a) => a.space.tiers.length > 0);
}

/**
 * One architecture's line while the search runs, from the core's counts:
 * "DRAM IC: 12 simulated (2 running now), 310 pruned — 1,581 of 1,905
 * configurations still to examine"; once it has concluded, what it took.
 */
export function archProgressText(a: ArchitectureResult, running: readonly Candidate[] = []): string {
  if (a.space.tiers.length === 0) return `${a.label}: ${a.message ?? 'not searched'}`;
  const now = running.filter((c) => c.architecture === a.architecture).length;
  const counts = [
    `${a.simulated.toLocaleString('en-US')} simulated${now > 0 ? ` (${now} running now)` : ''}`,
    `${a.pruned.toLocaleString('en-US')} pruned`,
    a.analytic_rejected > 0 ? `${a.analytic_rejected.toLocaleString('en-US')} failed the capacity rule` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const of = a.space.configurations.toLocaleString('en-US');
  if (a.done)
    return `${a.label}: finished${a.best ? '' : ', no configuration within the maxima passes'} — ${counts}; ${a.not_examined.toLocaleString('en-US')} of ${of} configurations never needed`;
  return `${a.label}: ${counts} — ${a.not_examined.toLocaleString('en-US')} of ${of} configurations still to examine`;
}

/** How many searched architectures have concluded, of how many. */
export function finishedCount(r: OptimizeResult): { finished: number; total: number } {
  const s = searched(r);
  return { finished: s.filter((a) => a.done).length, total: s.length };
}

/**
 * The status after Cancel: how many architectures had finished (their rows
 * stay) and that the rest were cancelled. `partial` is the search's last
 * reported state; `null` when it was cancelled before it reported any.
 */
export function cancelledText(partial: OptimizeResult | null): string {
  if (!partial) return 'Cancelled before the search had laid out its configurations.';
  const { finished, total } = finishedCount(partial);
  const rest = total - finished;
  if (total === 0) return 'Cancelled.';
  if (finished === 0) return `Cancelled before any architecture finished: ${total === 1 ? 'its search was' : `all ${total} searches were`} stopped.`;
  if (rest === 0) return `Cancelled after all ${total} architectures had finished: every row below is complete.`;
  return `Cancelled: ${finished} of ${many(total, 'architecture')} finished — ${finished === 1 ? 'its row is' : 'their rows are'} kept below; the other ${rest} ${rest === 1 ? 'was' : 'were'} cancelled.`;
}

/**
 * Above this many configurations an architecture's search is flagged before
 * it starts: ten times the default scenario's largest space (1,905, DRAM IC),
 * which concludes in seconds; a 60,000-stream plan's DRAM IC space of over
 * 300,000 was still searching after 9 minutes.
 */
export const LARGE_SPACE = 20_000;

/** Each count maximum of the form, by the tier it bounds. */
export const MAX_FIELD: Record<TierRole, { key: 'maxDisk' | 'maxIntervalCache' | 'maxFileCache'; label: string }> = {
  disk: { key: 'maxDisk', label: 'Max disks' },
  interval_cache: { key: 'maxIntervalCache', label: 'Max interval-cache devices' },
  file_cache: { key: 'maxFileCache', label: 'Max file-cache devices' },
};

export interface LargeSpace {
  architecture: ArchitectureResult;
  /** The tier with the widest range of counts: lowering its maximum shrinks the space most. */
  widest: TierRange;
  /** Half its maximum (never below its minimum), what "lower" sets; `null` when it cannot go lower. */
  lower: number | null;
}

/** The architectures whose space is at least `limit` configurations, each with the maximum worth lowering. */
export function largeSpaces(r: OptimizeResult | null, limit = LARGE_SPACE): LargeSpace[] {
  if (!r) return [];
  return searched(r)
    .filter((a) => a.space.configurations >= limit)
    .map((a) => {
      const widest = a.space.tiers.reduce((w, t) => (t.max - t.min > w.max - w.min ? t : w));
      const half = Math.max(widest.min, Math.floor(widest.max / 2));
      return { architecture: a, widest, lower: half < widest.max ? half : null };
    });
}

/** Configurations the search has decided so far: simulated (a twin's simulation included), pruned, or failed the capacity rule. */
export function decidedCount(r: OptimizeResult): number {
  return r.architectures.reduce((n, a) => n + a.simulated + a.pruned + a.analytic_rejected, 0);
}

/** The search's time left at the recent pace: `upTo` while it is the whole bound's (the search may stop much sooner). */
export interface SearchLeft {
  ms: number;
  upTo: boolean;
}

/**
 * The search's time left, measured: its pace is the configurations decided
 * per second over a recent window (shared/timeLeft.ts, as the HTTP figure's),
 * and what is left is the core's bound `left_at_most`, which never grows.
 * Each architecture's search stops at its first passing configuration,
 * whose place is unknown until it is simulated: until every architecture
 * still searching has one, the bound is the rest of a whole space and the
 * time is only an upper limit ("up to"), which the first passing
 * configuration cuts at once; an architecture with no passing configuration
 * examines its whole space, and then the bound is the truth.
 */
export class SearchTimeLeft {
  private readonly eta: TimeLeft;

  /**
   * `t0`: when the search started, ms (the clock `update` is given). Shown
   * from the 10th second, not the figure's 5th: in the first seconds the
   * mix of work changes fastest (the cheapest configurations of every
   * architecture at once, a small space concluding), and a synthetic
   * search read the time some 30 % short at 5 s and 13 % at 10 s
   * (tests/optimiser/timeLeft.test.ts).
   */
  constructor(t0: number) {
    this.eta = new TimeLeft(t0, { showAfterMs: 9_000 });
  }

  /** Record the search's state at `t`; its time left, or null before the pace is measured (the 10th second) and once done. */
  update(t: number, search: SearchProgress, partial: OptimizeResult): SearchLeft | null {
    this.eta.record(t, decidedCount(partial));
    if (search.done) return null;
    const ms = this.eta.estimate(t, search.left_at_most);
    return ms === null ? null : { ms, upTo: !search.bounded_by_passing };
  }
}

/** What is known of the work left: the core's bound, and the time it takes at the measured pace. */
export function searchLeftText(search: SearchProgress, left: SearchLeft | null): string {
  if (search.done) return '';
  const most = `at most ${many(search.left_at_most, 'configuration')} left to simulate or prune`;
  if (left === null) return `${most} — measuring the pace`;
  if (!left.upTo) return `${most} — about ${durationText(left.ms)} at the recent pace`;
  return `${most} — up to ${durationText(left.ms)} at the recent pace, less as soon as each architecture finds a configuration that passes`;
}
