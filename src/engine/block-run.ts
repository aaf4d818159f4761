// Drives a block study (SPEC §13) inside a worker: a synthetic workload is
// stepped like the other engines; a trace file is read here, in the worker,
// slice by slice (never whole, never uploaded) and fed to the core, so
// progress is bytes read / size and a Cancel stops within one slice.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import type { Scenario } from './types';
import { readBlob } from './read-blob';
import type { BlockProgress, BlockResult } from './block-types';

/** Bytes of a trace file read and fed per slice. */
export const TRACE_SLICE = 1 << 20;

export interface BlockRunDeps {
  BlockSimJob: typeof Wasm.BlockSimJob;
  /** Calls into wasm, turning a trap into a WasmPanic. */
  guard: <T>(f: () => T) => T;
  /** True once the run was cancelled (checked between steps and slices). */
  cancelled: () => boolean;
}

export interface BlockRunOptions {
  /** The trace file of a trace workload (a File or any Blob). */
  trace?: Blob | null;
  onProgress?: (p: BlockProgress) => unknown;
  /** Host I/Os simulated per step. */
  chunk: number;
  slice?: number;
}

function cancelledError(): DOMException {
  return new DOMException('the run was cancelled', 'AbortError');
}

/** Run `scenario.block` to the end, feeding `trace` when the workload is a trace. */
export async function runBlockJob(deps: BlockRunDeps, scenario: Scenario, opts: BlockRunOptions): Promise<BlockResult> {
  const { guard } = deps;
  const isTrace = scenario.block?.workload.kind === 'trace';
  if (isTrace && !opts.trace) throw new Error('block.workload: a trace workload needs its file; choose the file again');
  const job = guard(() => new deps.BlockSimJob(scenario));
  const file = isTrace ? opts.trace! : null;
  const total = file?.size ?? 0;
  const slice = opts.slice ?? TRACE_SLICE;
  let read = 0;
  try {
    for (;;) {
      if (deps.cancelled()) throw cancelledError();
      if (file && guard(() => job.needsInput())) {
        if (read < total) {
          const bytes = await readBlob(file.slice(read, Math.min(total, read + slice)));
          read += bytes.length;
          guard(() => job.feedTrace(bytes));
        }
        if (read >= total) guard(() => job.endTrace());
      }
      const p = guard(() => job.step(opts.chunk));
      const report: BlockProgress = {
        ...p,
        // For a trace, bytes read is the honest measure: the core cannot know the line count ahead.
        fraction: file ? (p.done ? 1 : total > 0 ? Math.min(read / total, 0.999) : 0) : p.fraction,
        bytesRead: read,
        bytesTotal: total,
        traceErrors: file ? guard(() => job.traceErrors()) : [],
      };
      if (opts.onProgress) await opts.onProgress(report);
      else await new Promise((r) => setTimeout(r, 0));
      if (p.done) break;
    }
    if (deps.cancelled()) throw cancelledError();
    return guard(() => job.result());
  } finally {
    job.free();
  }
}
