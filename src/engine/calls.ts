// The engine's calls by kind. Job calls (a run, a search, a block study) are
// stepped on a worker with progress and Cancel and each has its own code on
// the pool; every other call of the worker API is a short call: one request,
// one answer, made on whichever worker is free. Short calls are listed here
// once, and the worker, the pool and the test engine all forward them from
// this list, so a new core export needs only its binding, its SimApi method
// and its name below.
import type { SimApi } from './api';

/** Calls stepped on a worker with progress and Cancel; the pool submits each as a job. */
export type JobCall = 'run' | 'runRequest' | 'maxRate' | 'runBlock' | 'runMrc' | 'characterize';

export const SHORT_CALLS = [
  'validate',
  'diskTierBlocking',
  'staticLfuOverlay',
  'readScenario',
  'listPresets',
  'preset',
  'devicePresets',
  'defaultScenario',
  'erlangB',
  'streamsPerBandwidth',
  'zipfTopKMass',
  'lifetimeHours',
  'writeAmplification',
  'libraryGb',
  'costModelDefaults',
  'costParamsFromTimings',
  'costModel',
  'costModelWriteSweep',
  'partition',
  'waComparison',
  'waCurve',
  'reproductionClaims',
  'evaluateClaims',
  'evaluateClaimsWithRequests',
  'studyCostTable',
  'rejectionNote',
  'listBlockPresets',
  'blockPreset',
  'detectBlockTrace',
  'defaultBlockSpec',
  'exportIo',
  'listRequestPresets',
  'requestPreset',
  'requestDevicePresets',
  'defaultRequestSpec',
  'figurePlan',
  'figureOutline',
  'figurePointScenario',
  'defaultCharacterizeSpec',
  'deviceFigures',
] as const satisfies readonly (keyof SimApi)[];

export type ShortCall = (typeof SHORT_CALLS)[number];

/** A short call as another thread sees it: the same function, answered later. */
export type Remote<K extends ShortCall> = (...args: Parameters<SimApi[K]>) => Promise<Awaited<ReturnType<SimApi[K]>>>;

/** Every short call, made async. */
export type ShortCalls = { [K in ShortCall]: Remote<K> };

// Every SimApi method is a job call, a short call, or one of the two the
// worker handles itself; a method left out of SHORT_CALLS fails here.
type Unlisted = Exclude<keyof SimApi, ShortCall | JobCall | 'cancel' | 'ping'>;
export const everyCallListed: [Unlisted] extends [never] ? true : Unlisted = true;

/** The short calls forwarded through `call`, which hands the wrapped API to each. */
export function forwardShortCalls<A>(call: (f: (api: A) => unknown) => Promise<unknown>): ShortCalls {
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of SHORT_CALLS) {
    out[name] = (...args: unknown[]) => call((api) => ((api as Record<string, (...a: unknown[]) => unknown>)[name])(...args));
  }
  return out as unknown as ShortCalls;
}
