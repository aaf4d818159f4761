// The one loop that runs a core job in a worker: every engine's job (stream,
// request, max-rate search, block) has `step(budget) → progress` and
// `result()`, and is stepped here in chunks, reporting progress after each
// chunk and stopping with an AbortError once the run is cancelled. What
// differs between engines — the block study feeding a trace file before each
// step, reporting bytes read — comes in as hooks.
import { yieldToEventLoop } from './yield';

/** Events simulated per step between progress reports. */
export const DEFAULT_CHUNK = 200_000;

/** A core job as the wasm bindings expose it. */
export interface SteppedJob<P, R> {
  step(budget: number): P;
  result(): R;
  free(): void;
}

export interface DriveOptions<P, Q> {
  /** Events (or host I/Os) per step. */
  chunk: number;
  /** Calls into wasm, turning a trap into a WasmPanic. */
  guard: <T>(f: () => T) => T;
  /** True once the run was cancelled (checked before each step and before the result). */
  cancelled: () => boolean;
  /** Work before each step, e.g. feeding the next slice of a trace. */
  beforeStep?: () => Promise<void>;
  /** What a step's progress is reported as (the progress itself by default). */
  report?: (p: P) => Q;
  onProgress?: (q: Q) => unknown;
  /** Whether to free the job at the end (not after a trap, when the instance is gone). */
  canFree?: () => boolean;
}

export function cancelledError(): DOMException {
  return new DOMException('the run was cancelled', 'AbortError');
}

/** Step `job` to the end and return its result; frees the job either way. */
export async function driveJob<P extends { done: boolean }, R, Q = P>(job: SteppedJob<P, R>, opts: DriveOptions<P, Q>): Promise<R> {
  const { guard } = opts;
  try {
    for (;;) {
      if (opts.cancelled()) throw cancelledError();
      if (opts.beforeStep) await opts.beforeStep();
      const p = guard(() => job.step(opts.chunk));
      const q = opts.report ? opts.report(p) : (p as unknown as Q);
      if (opts.onProgress) await opts.onProgress(q);
      else await yieldToEventLoop();
      if (p.done) break;
    }
    if (opts.cancelled()) throw cancelledError();
    return guard(() => job.result());
  } finally {
    if (opts.canFree?.() ?? true) job.free();
  }
}
