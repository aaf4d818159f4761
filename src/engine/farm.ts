// The app's one driver of a farmed study (the core's protocol,
// tierplan_kit::farm::FarmedStudy): a study made of many independent
// simulations — the optimiser's candidates, the fleet search's servers, the
// HTTP figure's runs — hands out jobs in batches and takes their outcomes
// back in any order. `farm` asks the study for as many jobs as there are
// free workers, runs them (on the worker pool, through `run`), reports each
// outcome as it comes, and asks again at once when a worker is free.
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
  /** Runs one job on a worker; rejects with the job's error, or an AbortError once the signal aborts. */
  run: (job: J, req: FarmJobRequest) => Promise<O>;
  /** Cancel: stops handing out jobs and cancels those in flight; `farm` then rejects with an AbortError. */
  signal?: AbortSignal;
  /** After each batch handed out and each outcome reported (awaited: the caller may ask the study for its progress). */
  onChange?: (state: FarmState<J>) => unknown;
  /** A job in flight reported progress (not awaited: called from the worker's progress messages). */
  onJobProgress?: (state: FarmState<J>) => void;
  /** A job's outcome, before it is reported to the study, with the job's flight (when it started, how far it got). */
  onOutcome?: (job: J, outcome: O, flight: FarmFlight<J>) => void;
  /** The clock of `startedAt`, ms. */
  now?: () => number;
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
  const parallel = Math.max(1, Math.floor(o.parallel));
  if (signal?.aborted) throw abortError();
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
    const p = o
      .run(job, {
        signal: stop.signal,
        onStart: () => {
          flight.startedAt = now();
        },
        onProgress: (fraction) => {
          if (stop.signal.aborted || !inFlight.has(flight)) return;
          flight.fraction = fraction;
          o.onJobProgress?.(state());
        },
      })
      .then((outcome) => ({ flight, outcome }));
    p.catch(() => undefined); // taken by the race below, or abandoned after the driver settled
    inFlight.set(flight, p);
  };

  try {
    await o.onChange?.(state());
    for (;;) {
      if (signal?.aborted) throw abortError();
      const free = parallel - inFlight.size;
      if (free > 0) {
        // Laying out a batch can take a study a while: a cancel does not wait for it.
        const batch = await Promise.race([aborted, study.nextBatch(free)]);
        if (signal?.aborted) throw abortError();
        for (const job of batch) launch(job);
        if (batch.length > 0) await o.onChange?.(state());
      }
      if (inFlight.size === 0) break;
      const { flight, outcome } = await Promise.race([aborted, ...inFlight.values()]);
      inFlight.delete(flight);
      o.onOutcome?.(flight.job, outcome, flight);
      await study.report(flight.job, outcome);
      done++;
      await o.onChange?.(state());
    }
    if (!(await study.isDone())) throw new Error('the study stopped handing out work before it was done (a bug in the study)');
  } finally {
    stop.abort();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
