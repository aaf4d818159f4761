// The app's one driver of a farmed study (the core's protocol,
// tierplan_kit::farm::FarmedStudy): a study made of many independent
// simulations — the optimiser's candidates, the fleet search's servers, the
// HTTP figure's runs — hands out jobs in batches and takes their outcomes
// back in any order. `farm` asks the study for as many jobs as there are
// free workers, runs them (on the worker pool, through `run`), reports each
// outcome as it comes, and asks again at once when a worker is free (or,
// for a study that allows it, keeps a few jobs queued ahead of the workers).
//
// The study's bookkeeping (`nextBatch`, `report`) is not a simulation: it
// may live on the main thread or answer from a worker. Every simulation
// runs through `run`, i.e. on the pool's workers.
import { abortError } from './pool';

/** The protocol of a farmed study, as the driver sees it (each call may answer later: the study may live in a worker). */
export interface FarmedStudy<J, O> {
  /** Up to `k` jobs to run; empty when the study is done or everything it can hand out waits on jobs in flight. */
  nextBatch(k: number): Promise<readonly J[]> | readonly J[];
  /** The outcome of a job handed out, in any order; each job is reported once. */
  report(job: J, outcome: O): Promise<void> | void;
  /** Whether the study has concluded (asked once nothing is in flight and nothing more is handed out). */
  isDone(): Promise<boolean> | boolean;
}

/** What a job's run is given: cancel through the signal, when a worker took it, how far it got (0 to 1). */
export interface FarmJobRequest {
  signal: AbortSignal;
  onStart: () => void;
  onProgress: (fraction: number) => void;
}

/** A job in flight: how far it got, and when a worker took it (null: still queued). */
export interface FarmFlight<J> {
  job: J;
  fraction: number;
  startedAt: number | null;
}

/** Where a farmed study stands: jobs reported so far and those in flight. */
export interface FarmState<J> {
  done: number;
  inFlight: readonly FarmFlight<J>[];
}

export interface FarmOptions<J, O> {
  /** Jobs run at once (the pool's size). */
  parallel: number;
  /**
   * Jobs handed out beyond `parallel`, waiting in the pool's queue (default 0): a worker that finishes takes
   * the next at once instead of waiting for the study to hear of its outcome and answer. Only for a study
   * whose jobs do not depend on how many are asked for at a time (the figure hands out only runs it is
   * certain to need); an adaptive search must be asked when a worker is free, with the most it knows.
   */
  queue?: number;
  /** Runs one job on a worker; rejects with the job's error, or an AbortError once the signal aborts. */
  run: (job: J, req: FarmJobRequest) => Promise<O>;
  /** Cancel: stops handing out jobs and cancels those in flight; `farm` then rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * After each batch handed out and each outcome reported (awaited: the caller may ask the study for its progress);
   * once for both when an outcome's report is followed by the next batch, which is asked for first.
   */
  onChange?: (state: FarmState<J>) => unknown;
  /** A job in flight reported progress (not awaited: called from the worker's progress messages). */
  onJobProgress?: (state: FarmState<J>) => void;
  /** A job's outcome, before it is reported to the study, with the job's flight (when it started, how far it got). */
  onOutcome?: (job: J, outcome: O, flight: FarmFlight<J>) => void;
  /** The clock of `startedAt`, ms. */
  now?: () => number;
  /**
   * Name of the User Timing measures left for a benchmark (scripts/bench-http.mjs reads them in the page):
   * `<trace>:run` per job from a worker taking it to its outcome, `<trace>:next` and `<trace>:report` per call
   * to the study, answer included, `<trace>:change` per `onChange`. None when unset.
   */
  trace?: string;
}

/** A User Timing measure from `start` to now, where the clock has them (browsers, Node). */
function measure(name: string | undefined | false, start: number, end: number): void {
  if (!name || typeof performance?.measure !== 'function') return;
  performance.measure(name, { start, end });
}

/**
 * Drive `study` to its end. Resolves once it is done; rejects with an
 * AbortError on cancel, with the first failed job's error (the other jobs in
 * flight are then cancelled), or when the study stops handing out work
 * before it is done (a bug in the study). It settles once: jobs that fail
 * after that are not reported anywhere.
 */
export async function farm<J, O>(study: FarmedStudy<J, O>, o: FarmOptions<J, O>): Promise<void> {
  const { signal } = o;
  const now = o.now ?? (() => performance.now());
  const depth = Math.max(1, Math.floor(o.parallel)) + Math.max(0, Math.floor(o.queue ?? 0));
  if (signal?.aborted) throw abortError();
  // A farm's measures replace the last one's (a long session would keep them all).
  if (o.trace && typeof performance?.clearMeasures === 'function') for (const m of ['run', 'next', 'report', 'change']) performance.clearMeasures(`${o.trace}:${m}`);
  // Aborting `stop` cancels the jobs in flight: on cancel, on a failed job, at the end.
  const stop = new AbortController();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);

  type Done = { flight: FarmFlight<J>; outcome: O };
  const inFlight = new Map<FarmFlight<J>, Promise<Done>>();
  let done = 0;
  const state = (): FarmState<J> => ({ done, inFlight: [...inFlight.keys()] });
  const launch = (job: J) => {
    const flight: FarmFlight<J> = { job, fraction: 0, startedAt: null };
    let took = 0;
    const p = o
      .run(job, {
        signal: stop.signal,
        onStart: () => {
          flight.startedAt = now();
          took = performance.now();
        },
        onProgress: (fraction) => {
          if (stop.signal.aborted || !inFlight.has(flight)) return;
          flight.fraction = fraction;
          o.onJobProgress?.(state());
        },
      })
      .then((outcome) => {
        measure(o.trace && `${o.trace}:run`, took, performance.now());
        return { flight, outcome };
      });
    p.catch(() => undefined); // taken by the race below, or abandoned after the driver settled
    inFlight.set(flight, p);
  };

  try {
    await o.onChange?.(state());
    /** Whether an outcome was reported since the last `onChange`. */
    let reported = false;
    for (;;) {
      if (signal?.aborted) throw abortError();
      const free = depth - inFlight.size;
      let launched = false;
      if (free > 0) {
        // Laying out a batch can take a study a while: a cancel does not wait for it.
        const asked = performance.now();
        const batch = await Promise.race([aborted, study.nextBatch(free)]);
        measure(o.trace && `${o.trace}:next`, asked, performance.now());
        if (signal?.aborted) throw abortError();
        for (const job of batch) launch(job);
        launched = batch.length > 0;
      }
      // The caller hears of a report after the free worker got its next job: its bookkeeping (the figure asks
      // the study where it stands and draws) no longer keeps the worker waiting.
      if (launched || reported) {
        const changed = performance.now();
        await o.onChange?.(state());
        measure(o.trace && `${o.trace}:change`, changed, performance.now());
      }
      reported = false;
      if (inFlight.size === 0) break;
      const { flight, outcome } = await Promise.race([aborted, ...inFlight.values()]);
      inFlight.delete(flight);
      o.onOutcome?.(flight.job, outcome, flight);
      const asked = performance.now();
      await study.report(flight.job, outcome);
      measure(o.trace && `${o.trace}:report`, asked, performance.now());
      done++;
      reported = true;
    }
    if (!(await study.isDone())) throw new Error('the study stopped handing out work before it was done (a bug in the study)');
  } finally {
    stop.abort();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
