// Boundary types of the block-level cache study (model §13): the core's types
// re-exported from the generated .d.ts, plus the worker's progress report.
export type {
  BlockCacheKind,
  BlockCacheResult,
  BlockResult,
  BlockSpec,
  BlockTraceFormat,
  BlockTraceRef,
  BlockWorkload,
  BlockWorkloadPreset,
  CostAtU,
  MrcPoint,
  MrcPolicy,
  MrcResult,
  MrcSpec,
  PartitionPoint,
  ReplacementOrder,
  Sampling,
  SyntheticBlockWorkload,
  TierResult,
  TraceLineError,
} from '../wasm-pkg/tierplan_studies';
import type { Progress } from '../wasm-pkg/tierplan_studies';
import type { TraceLineError } from '../wasm-pkg/tierplan_studies';

/** Progress of a block run: the core's, plus how much of a trace file was read. */
export interface BlockProgress extends Progress {
  /** Bytes of the trace file read so far (0 for a synthetic workload). */
  bytesRead: number;
  /** The trace file's size (0 for a synthetic workload). */
  bytesTotal: number;
  /** The first bad trace lines so far, with their line numbers. */
  traceErrors: TraceLineError[];
}
