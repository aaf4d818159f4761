// What the UI needs of the engine, and what a run request carries. The UI,
// the state hooks and the sweeps depend on this contract, never on a screen;
// `SimPool` (src/worker/index.ts) implements it in the browser and `tests/helpers/engine.ts`
// over the core directly.
import type { JobCalls, ShortCalls } from './calls';
import type { JobRequest } from '../engine/pool';
import type { Progress } from '../engine/types';

export type { JobRequest };

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
export type RequestAnalytics = Pick<ShortCalls, 'exportIo' | 'listRequestPresets' | 'requestPreset' | 'requestDevicePresets' | 'defaultRequestSpec' | 'figurePlan' | 'figureOutline' | 'figurePointScenario' | 'rateLoads' | 'ssdQueueDepths'>;

/** The block study's short calls (model §13), each in a worker. */
export type BlockAnalytics = Pick<ShortCalls, 'listBlockPresets' | 'blockPreset' | 'detectBlockTrace' | 'defaultBlockSpec'>;

/**
 * What the UI needs of the engine: every short call and every job call of
 * the worker API (src/worker/calls.ts, the one list of each); `SimPool`
 * provides it in the browser, tests/helpers/engine.ts over the core.
 */
export interface Engine extends ShortCalls, JobCalls {
  /** How many jobs run side by side (the pool's workers); more wait in its queue. */
  readonly size: number;
}
