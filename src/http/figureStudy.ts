// The HTTP figure as a farmed study for the app's one driver
// (engine/farm.ts): the app's twin of the core's FigureStudy
// (wasm/request/src/figure/study.rs) over the core's `figureStep`, which
// runs on a worker. Only bookkeeping lives here: the runs handed out, the
// runs done, and the core's latest step. The jobs are the runs the step
// lists, its pass's `next` first, then `ahead` (runs a later pass is certain
// to need, for a worker that would wait for the pass's last runs).
//
// When the core is asked: at once when a worker is free and every run the
// last step listed is handed out (the runs done since may make more
// certain), at once when the pass's runs are all done (the next pass can
// start, the first complete picture be drawn), and else at most once every
// `askMs` while runs finish (its estimates of the points refined so far).
// One question at a time; the runs finished meanwhile go into the next.
import type { FarmedStudy } from '../engine/farm';
import type { FigureRun, FigureRunDone, FigureStep, RequestResult } from './types';

/** How often the core is asked for its estimates while a pass runs, ms. */
export const ASK_MS = 1000;

export const pointKey = (r: { series: string; rate: number }) => `${r.series}@${r.rate}`;
const runKey = (r: { series: string; rate: number; replication: number }) => `${pointKey(r)}#${r.replication}`;

export class FigureStudy implements FarmedStudy<FigureRun, RequestResult> {
  /** The runs reported, in the order they came. */
  readonly done: FigureRunDone[] = [];
  /** The core's latest step; null before its first answer. */
  step: FigureStep | null = null;
  /** How many of `done` the step knew. */
  doneAtStep = 0;
  private readonly started = new Set<string>();
  private asking: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAsk = -Infinity;
  private stopped = false;

  /**
   * `askCore`: the core's step for the runs done (`figureStep` with the
   * figure's settings); `onStep`: each new step, with how many runs it knew.
   */
  constructor(
    private readonly askCore: (done: FigureRunDone[]) => Promise<FigureStep>,
    private readonly onStep: (step: FigureStep, known: number) => void = () => undefined,
    private readonly askMs = ASK_MS,
  ) {}

  async nextBatch(k: number): Promise<FigureRun[]> {
    let out = this.take(k);
    if (out.length === 0 && this.stale()) {
      await this.fresh();
      out = this.take(k);
    }
    return out;
  }

  report(run: FigureRun, result: RequestResult): void {
    this.done.push({ series: run.series, rate: run.rate, replication: run.replication, outcome: result.replications[0] });
    const reported = new Set(this.done.map(runKey));
    if (this.step === null || this.step.next.every((r) => reported.has(runKey(r)))) this.askNow();
    else this.askSoon();
  }

  async isDone(): Promise<boolean> {
    await this.fresh();
    return this.step !== null && this.step.next.length === 0;
  }

  /** No more questions to the core (the figure ended or was stopped). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Up to `k` runs of the step not yet handed out: the pass's first, then those ahead. */
  private take(k: number): FigureRun[] {
    const out: FigureRun[] = [];
    for (const run of [...(this.step?.next ?? []), ...(this.step?.ahead ?? [])]) {
      if (out.length >= k) break;
      const key = runKey(run);
      if (this.started.has(key)) continue;
      this.started.add(key);
      out.push(run);
    }
    return out;
  }

  private stale(): boolean {
    return this.step === null || this.doneAtStep < this.done.length;
  }

  /** Ask until the step knows every run done. */
  private async fresh(): Promise<void> {
    while (this.stale() && !this.stopped) await this.ask();
  }

  private askNow(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    // An error surfaces where the step is needed (nextBatch, isDone), which asks again.
    this.ask().catch(() => undefined);
  }

  private askSoon(): void {
    if (this.timer !== null || this.stopped) return;
    this.timer = setTimeout(() => this.askNow(), Math.max(0, this.lastAsk + this.askMs - performance.now()));
  }

  private ask(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.asking ??= (async () => {
      this.lastAsk = performance.now();
      const snapshot = this.done.slice();
      try {
        const step = await this.askCore(snapshot);
        if (this.stopped) return;
        this.step = step;
        this.doneAtStep = snapshot.length;
        this.onStep(step, snapshot.length);
      } finally {
        this.asking = null;
      }
    })();
    return this.asking;
  }
}
