// What the UI needs of the engine, and what a run request carries. The UI,
// the state hooks and the sweeps depend on this contract, never on a screen;
// `WorkerPool` implements it in the browser and `tests/helpers/engine.ts`
// over the core directly.
import type { SimApi } from './api';
import type { Device, FieldError, PresetInfo, Progress, RunResult, Scenario , LfuOverlay } from './types';
import type { MaxRateProgress, MaxRateResult, RequestResult } from '../http/types';
import type { BlockProgress, BlockResult } from '../block/types';

/** Options of one job on the pool: cancel through the signal, progress after every chunk. */
export interface JobRequest<P> {
  signal?: AbortSignal;
  onProgress?: (p: P) => void;
}

/** Options of one simulation run on the pool. */
export type RunRequest = JobRequest<Progress>;

/** An engine call that a worker answers: the API's function, made async. */
type Remote<K extends keyof SimApi> = (...args: Parameters<SimApi[K]>) => Promise<ReturnType<SimApi[K]>>;

/** The flash analytics the UI calls on the engine (each computed in a worker). */
export type FlashAnalytics = {
  [K in
    | 'costModelDefaults'
    | 'costModel'
    | 'costModelWriteSweep'
    | 'costParamsFromTimings'
    | 'waComparison'
    | 'waCurve'
    | 'lifetimeHours']: Remote<K>;
};

/** The reproduction calls the UI makes on the engine (each in a worker). */
export type ReproductionAnalytics = {
  [K in 'reproductionClaims' | 'evaluateClaims' | 'evaluateClaimsWithRequests' | 'studyCostTable' | 'rejectionNote']: Remote<K>;
};

/** The request-level engine's short calls (model §11), each in a worker. */
export type RequestAnalytics = {
  [K in 'exportIo' | 'listRequestPresets' | 'requestPreset' | 'requestDevicePresets' | 'defaultRequestSpec']: Remote<K>;
};

/** The block study's short calls (model §13), each in a worker. */
export type BlockAnalytics = {
  [K in 'listBlockPresets' | 'blockPreset' | 'detectBlockTrace' | 'defaultBlockSpec']: Remote<K>;
};

/** What the UI needs of the engine; `WorkerPool` provides it. */
export interface Engine extends FlashAnalytics, ReproductionAnalytics, RequestAnalytics, BlockAnalytics {
  validate(s: Scenario): Promise<FieldError[]>;
  /** Erlang B of the scenario's disk tier, from the core (undefined for several video classes). */
  diskTierBlocking(s: Scenario): Promise<number | undefined>;
  /** The sweeps' static-LFU overlay, from the core (undefined without a file cache or for several classes). */
  staticLfuOverlay(s: Scenario): Promise<LfuOverlay | undefined>;
  readScenario(json: string): Promise<Scenario>;
  listPresets(): Promise<PresetInfo[]>;
  preset(id: string): Promise<Scenario>;
  devicePresets(): Promise<Device[]>;
  defaultScenario(): Promise<Scenario>;
  run(s: Scenario, req?: RunRequest): Promise<RunResult>;
  /** A request-level run (the scenario's `request` section, model §11). */
  runRequest(s: Scenario, req?: RunRequest): Promise<RequestResult>;
  /** The highest request rate meeting `request.search`, reusing the `known` results of the same scenario. */
  maxRate(s: Scenario, known: RequestResult[], req?: JobRequest<MaxRateProgress>): Promise<MaxRateResult>;
  /** A block cache study (the scenario's `block` section, model §13); `trace` is the file of a trace workload. */
  runBlock(s: Scenario, trace: Blob | null, req?: JobRequest<BlockProgress>): Promise<BlockResult>;
  /** Closed-form analytics of the core (in a worker), for the sweeps' overlays. */
  erlangB(servers: number, offeredLoad: number): Promise<number>;
  streamsPerBandwidth(bandwidthMbps: number, bitrateKbps: number): Promise<number>;
  zipfTopKMass(n: number, exponent: number, k: number): Promise<number>;
}
