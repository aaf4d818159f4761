// A time left from measured progress (the HTTP figure's, the optimiser's
// search): the speed is the work done
// (in the core's relative cost units: finished runs at their cost, runs in
// flight at the fraction they report × their cost) per second over a recent
// window, and the time left is the work the core says is left over that
// speed. Fixed weights alone (the share of the cost done so far against the
// time so far) go wrong as soon as the cost model and the machine disagree
// (a saturated run that ends early, a busy machine) and stay wrong; a
// measured speed follows them. Pure: the figure's hook feeds it times and work.

/**
 * Work left whose length is known: the replications still to come of points
 * already run, each as long as the point's runs so far took. Near a knee a
 * run takes longer than its cost says (long queues), and at the figure's end
 * those replications are all that is left, so counting them by their cost at
 * the pace of the rest read the time left some 30 % short there.
 */
export interface KnownWork {
  /** Its share of the work left, in the core's cost units. */
  units: number;
  /** Its length on one worker, ms. */
  workerMs: number;
  /** The longest point's remaining runs, ms: a point's replications run one after another. */
  longestMs: number;
}

export interface TimeLeftOptions {
  /** How far back the speed is measured at most, ms (and never further back than half the time since work started). */
  windowMs?: number;
  /** No estimate before this much time after the start, ms (too little measured; 4 s: shown from the 5th second on). */
  showAfterMs?: number;
}

interface Sample {
  t: number;
  work: number;
}

export class TimeLeft {
  private readonly samples: Sample[];
  private readonly windowMs: number;
  private readonly showAfterMs: number;
  /** The last moment nothing was done: work started then. */
  private start: number;

  /** `t0`: the start (ms, the clock `record` and `estimate` use), when no work was done. */
  constructor(
    private readonly t0: number,
    { windowMs = 15_000, showAfterMs = 4_000 }: TimeLeftOptions = {},
  ) {
    this.samples = [{ t: t0, work: 0 }];
    this.start = t0;
    this.windowMs = windowMs;
    this.showAfterMs = showAfterMs;
  }

  /** The work done by time `t`, finished and in flight (a smaller value than before counts as no progress). */
  record(t: number, work: number): void {
    const last = this.samples[this.samples.length - 1];
    const w = Math.max(work, last.work);
    if (w === 0 && this.samples.length === 1) {
      // Nothing done yet (workers starting, the first runs setting up): the speed is measured from the last moment nothing
      // was done, so that this one-off wait does not count as the figure's pace (it made the estimate at 5 s some 15 % long).
      last.t = Math.max(last.t, t);
      this.start = last.t;
      return;
    }
    if (t <= last.t) {
      last.work = w;
      return;
    }
    this.samples.push({ t, work: w });
    // Keep one sample at or before the window's start, drop the older ones.
    while (this.samples.length > 2 && this.samples[1].t <= t - this.windowMs) this.samples.shift();
  }

  /**
   * Work per ms over the window up to the last sample; null while none was
   * measured. The window is the recent half of the time since work started,
   * up to `windowMs`: the first seconds of a figure do less of the cost
   * model's work per second than the rest (each worker sets up its tables
   * and the browser compiles the hot code), and counting them all made the
   * time left at the 5th second some 15–19 % long in Chromium.
   */
  speed(): number | null {
    const samples = this.samples;
    const last = samples[samples.length - 1];
    const span = Math.min(this.windowMs, (last.t - this.start) / 2);
    if (!(span > 0)) return null;
    const from = last.t - span;
    // The window's start, interpolated between the samples around it (the oldest kept is at or before it).
    let k = 0;
    while (k + 2 < samples.length && samples[k + 1].t <= from) k++;
    const a = samples[k];
    const b = samples[k + 1];
    const work0 = b.t > a.t ? a.work + ((b.work - a.work) * (from - a.t)) / (b.t - a.t) : a.work;
    const v = (last.work - work0) / span;
    return v > 0 ? v : null;
  }

  /**
   * Time left at `t`, ms, for `left` units of work not yet done; null before
   * `showAfterMs` from the start or while nothing was measured. `known`: the
   * part of `left` whose length is measured, shared by `workers` workers;
   * the rest goes at the measured speed.
   */
  estimate(t: number, left: number, known?: KnownWork, workers = 1): number | null {
    if (t - this.t0 < this.showAfterMs) return null;
    const v = this.speed();
    if (v === null) return null;
    if (!known) return Math.max(0, left) / v;
    const rest = Math.max(0, left - known.units);
    return Math.max(rest / v + known.workerMs / Math.max(1, workers), known.longestMs);
  }
}

/** A point already run, with more replications to come (the core's `runs_left`), and what was measured of its runs. */
export interface PointChain {
  /** Runs the core expected of the point at its last answer. */
  runs: number;
  /** The cost of one, in the core's units. */
  cost: number;
  /** How long the point's runs so far took on a worker, ms (none measured: its work is left to the speed). */
  lengths: number[];
  /** Runs of the point finished since the core's last answer (they are in `runs`). */
  finishedSince: number;
  /** Its runs in flight: the share done they report, and ms since a worker took each (null: still queued). */
  inFlight: { fraction: number; elapsedMs: number | null }[];
}

/** The known part of the work left: each point's remaining runs, as long as its runs so far on average. */
export function knownWork(points: PointChain[]): KnownWork {
  const known: KnownWork = { units: 0, workerMs: 0, longestMs: 0 };
  for (const p of points) {
    if (p.lengths.length === 0) continue;
    const length = p.lengths.reduce((a, b) => a + b, 0) / p.lengths.length;
    let runs = Math.max(0, p.runs - p.finishedSince);
    let units = 0;
    let ms = 0;
    for (const f of p.inFlight.slice(0, runs)) {
      units += (1 - f.fraction) * p.cost;
      ms += Math.max(0, length - (f.elapsedMs ?? 0));
      runs--;
    }
    units += runs * p.cost;
    ms += runs * length;
    known.units += units;
    known.workerMs += ms;
    known.longestMs = Math.max(known.longestMs, ms);
  }
  return known;
}

/** A time left in words, rounded to what a measured pace can promise: seconds, then minutes, then hours. */
export function durationText(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  return min < 90 ? `${min} min` : `${Math.round(min / 6) / 10} h`;
}
