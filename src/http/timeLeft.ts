// The figure's time left from measured progress: the speed is the work done
// (in the core's relative cost units: finished runs at their cost, runs in
// flight at the fraction they report × their cost) per second over a recent
// window, and the time left is the work the core says is left over that
// speed. Fixed weights alone (the share of the cost done so far against the
// time so far) go wrong as soon as the cost model and the machine disagree
// (a saturated run that ends early, a busy machine) and stay wrong; a
// measured speed follows them. Pure: the figure's hook feeds it times and work.

export interface TimeLeftOptions {
  /** How far back the speed is measured, ms. */
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

  /** `t0`: the start (ms, the clock `record` and `estimate` use), when no work was done. */
  constructor(
    private readonly t0: number,
    { windowMs = 15_000, showAfterMs = 4_000 }: TimeLeftOptions = {},
  ) {
    this.samples = [{ t: t0, work: 0 }];
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

  /** Work per ms over the window up to the last sample; null while none was measured. */
  speed(): number | null {
    const last = this.samples[this.samples.length - 1];
    const first = this.samples[0];
    if (last.t <= first.t) return null;
    // The window's start, interpolated between the samples around it.
    const from = Math.max(first.t, last.t - this.windowMs);
    const next = this.samples[1];
    const work0 = from > first.t ? first.work + ((next.work - first.work) * (from - first.t)) / (next.t - first.t) : first.work;
    const v = (last.work - work0) / (last.t - from);
    return v > 0 ? v : null;
  }

  /**
   * Time left at `t`, ms, for `left` units of work not yet done; null before
   * `showAfterMs` from the start or while nothing was measured.
   */
  estimate(t: number, left: number): number | null {
    if (t - this.t0 < this.showAfterMs) return null;
    const v = this.speed();
    return v === null ? null : Math.max(0, left) / v;
  }
}
