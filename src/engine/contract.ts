// What the UI needs of the engine, and what a run request carries. The UI,
// the state hooks and the sweeps depend on this contract, never on a screen;
// `WorkerPool` implements it in the browser and `tests/helpers/engine.ts`
// over the core directly.
import type { ShortCalls } from './calls';
import type { Progress, RunResult, Scenario } from './types';
import type { MaxRateProgress, MaxRateResult, RequestResult } from '../http/types';
import type { BlockProgress, BlockResult, MrcResult, MrcSpec } from '../block/types';
import type { Characterization, CharacterizeSpec } from '../planner/characterise';
import type { Device } from './types';

/** Options of one job on the pool: cancel through the signal, progress after every chunk. */
export interface JobRequest<P> {
  signal?: AbortSignal;
  onProgress?: (p: P) => void;
}

/** Options of one simulation run on the pool. */
export type RunRequest = JobRequest<Progress>;

/** The flash analytics the UI calls on the engine (each computed in a worker). */
export type FlashAnalytics = Pick<
  ShortCalls,
  'costModelDefaults' | 'costModel' | 'costModelWriteSweep' | 'costParamsFromTimings' | 'waComparison' | 'waCurve' | 'lifetimeHours'
>;

/** The reproduction calls the UI makes on the engine (each in a worker). */
export type ReproductionAnalytics = Pick<ShortCalls, 'reproductionClaims' | 'evaluateClaims' | 'evaluateClaimsWithRequests' | 'studyCostTable' | 'rejectionNote'>;

/** The request-level engine's short calls (model §11), each in a worker. */
export type RequestAnalytics = Pick<ShortCalls, 'exportIo' | 'listRequestPresets' | 'requestPreset' | 'requestDevicePresets' | 'defaultRequestSpec' | 'figurePlan' | 'figureOutline' | 'figurePointScenario'>;

/** The block study's short calls (model §13), each in a worker. */
export type BlockAnalytics = Pick<ShortCalls, 'listBlockPresets' | 'blockPreset' | 'detectBlockTrace' | 'defaultBlockSpec'>;

/** What the UI needs of the engine; `WorkerPool` provides it. */
/** Every short call of the worker API (src/engine/calls.ts), and the job calls below. */
export interface Engine extends ShortCalls {
  run(s: Scenario, req?: RunRequest): Promise<RunResult>;
  /** A request-level run (the scenario's `request` section, model §11). */
  runRequest(s: Scenario, req?: RunRequest): Promise<RequestResult>;
  /** The highest request rate meeting `request.search`, reusing the `known` results of the same scenario. */
  maxRate(s: Scenario, known: RequestResult[], req?: JobRequest<MaxRateProgress>): Promise<MaxRateResult>;
  /** A block cache study (the scenario's `block` section, model §13); `trace` is the file of a trace workload. */
  runBlock(s: Scenario, trace: Blob | null, req?: JobRequest<BlockProgress>): Promise<BlockResult>;
  /** The miss-ratio curve of a block trace file (model §13): hit ratio at every cache size in one pass. */
  runMrc(spec: MrcSpec, trace: Blob, req?: JobRequest<BlockProgress>): Promise<MrcResult>;
  /**
   * Microbenchmarks of one catalog device's model (model §11, device
   * characterisation), as `tierplan characterize` runs them. One call with
   * no progress; the signal cancels it.
   */
  characterize(device: Device, spec: CharacterizeSpec, req?: JobRequest<never>): Promise<Characterization>;
}
