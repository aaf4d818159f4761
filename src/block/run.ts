// Drives a block study (model §13) inside a worker: a synthetic workload is
// stepped like the other engines; a trace file is read here, in the worker,
// slice by slice (never whole, never uploaded) and fed to the core, so
// progress is bytes read / size and a Cancel stops within one slice.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import type { Scenario } from '../engine/types';
import { readBlob } from '../engine/read-blob';
import type { BlockProgress, BlockResult, MrcResult, MrcSpec, TraceLineError } from './types';
import { driveJob } from '../engine/drive';
import type { Progress } from '../engine/types';

/** Bytes of a trace file read and fed per slice. */
export const TRACE_SLICE = 1 << 20;

export interface BlockRunDeps {
  /** Calls into wasm, turning a trap into a WasmPanic. */
  guard: <T>(f: () => T) => T;
  /** True once the run was cancelled (checked between steps and slices). */
  cancelled: () => boolean;
  /** Whether the job may be freed at the end (not after a trap). */
  canFree?: () => boolean;
}

export interface BlockRunOptions {
  /** The trace file of a trace workload (a File or any Blob). */
  trace?: Blob | null;
  onProgress?: (p: BlockProgress) => unknown;
  /** Host I/Os simulated per step. */
  chunk: number;
  slice?: number;
}

/** A core job fed a trace file slice by slice (the block study's and the miss-ratio curve's). */
export interface TraceJob<R> {
  step(budget: number): Progress;
  result(): R;
  free(): void;
  needsInput(): boolean;
  feedTrace(bytes: Uint8Array): void;
  endTrace(): void;
  traceErrors(): TraceLineError[];
}

/**
 * Step `job` to the end with the one driver, feeding it `file` (when there
 * is one) a slice at a time: progress is bytes read / size, and a Cancel
 * stops within one slice.
 */
export function driveTraceJob<R>(deps: BlockRunDeps, job: TraceJob<R>, file: Blob | null, opts: BlockRunOptions): Promise<R> {
  const { guard } = deps;
  const total = file?.size ?? 0;
  const slice = opts.slice ?? TRACE_SLICE;
  let read = 0;
  return driveJob<Progress, R, BlockProgress>(job, {
    chunk: opts.chunk,
    guard,
    cancelled: deps.cancelled,
    canFree: deps.canFree,
    onProgress: opts.onProgress,
    async beforeStep() {
      if (!file || !guard(() => job.needsInput())) return;
      if (read < total) {
        const bytes = await readBlob(file.slice(read, Math.min(total, read + slice)));
        read += bytes.length;
        guard(() => job.feedTrace(bytes));
      }
      if (read >= total) guard(() => job.endTrace());
    },
    report: (p) => ({
      ...p,
      // For a trace, bytes read is the honest measure: the core cannot know the line count ahead.
      fraction: file ? (p.done ? 1 : total > 0 ? Math.min(read / total, 0.999) : 0) : p.fraction,
      bytesRead: read,
      bytesTotal: total,
      traceErrors: file ? guard(() => job.traceErrors()) : [],
    }),
  });
}

/** Run `scenario.block` to the end, feeding `trace` when the workload is a trace. */
export async function runBlockJob(deps: BlockRunDeps & { BlockSimJob: typeof Wasm.BlockSimJob }, scenario: Scenario, opts: BlockRunOptions): Promise<BlockResult> {
  const isTrace = scenario.block?.workload.kind === 'trace';
  if (isTrace && !opts.trace) throw new Error('block.workload: a trace workload needs its file; choose the file again');
  const job = deps.guard(() => new deps.BlockSimJob(scenario));
  return driveTraceJob<BlockResult>(deps, job, isTrace ? opts.trace! : null, opts);
}

/** The miss-ratio curve of a trace file (model §13), read in slices in the worker. */
export async function runMrcJob(deps: BlockRunDeps & { MrcSimJob: typeof Wasm.MrcSimJob }, spec: MrcSpec, trace: Blob, opts: BlockRunOptions): Promise<MrcResult> {
  const job = deps.guard(() => new deps.MrcSimJob(spec));
  return driveTraceJob<MrcResult>(deps, job, trace, opts);
}
