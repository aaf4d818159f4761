// The worker's calls by kind, each listed once here. Job calls (a run, a
// search, a block study) are stepped on a worker with progress and Cancel:
// JOBS says what each takes and how the pool starts it on a worker, and the
// Engine's job methods (contract.ts), the pool's (index.ts) and the worker's
// forwarding (worker-api.ts) are derived from it. Every other call of the
// worker API is a short call: one request, one answer, made on whichever
// worker is free, forwarded by the worker, the pool and the test engine from
// SHORT_CALLS. A new core export needs only its binding, its SimApi method
// and its name below.
import type { JobExec, JobRequest } from '../engine/pool';
import type { SimApi } from './api';
import type { Device, Progress, Scenario } from '../engine/types';
import type { MaxRateProgress, RequestResult } from '../http/types';
import type { BlockProgress, MrcSpec } from '../block/types';
import { CHARACTERIZE_CHUNK, type Characterization, type CharacterizeProgress, type CharacterizeSpec } from '../planner/characterise';

import type { Async } from '../engine/remote';

/** What the main thread sees of a simulation worker through comlink (worker-api.ts makes it). */
export type WorkerApi = Async<SimApi> & {
  /** Resolves once the module is instantiated and warmed up. */
  ready(): Promise<void>;
};

type Exec<P, R> = JobExec<WorkerApi, P, R>;
const job = <P, R>(exec: Exec<P, R>) => exec;

/** The job calls: each one's arguments, and how the pool starts it on a worker (its id, progress callback and chunk). */
export const JOBS = {
  run: (s: Scenario) => job<Progress, Awaited<ReturnType<SimApi['run']>>>((api, id, p, chunk) => api.run(id, s, p, chunk)),
  /** A request-level run (model §11). */
  runRequest: (s: Scenario) => job<Progress, RequestResult>((api, id, p, chunk) => api.runRequest(id, s, p, chunk)),
  /** The highest request rate meeting `request.search`, bracketed by `known` results of the same scenario. */
  maxRate: (s: Scenario, known: RequestResult[]) =>
    job<MaxRateProgress, Awaited<ReturnType<SimApi['maxRate']>>>((api, id, p, chunk) => api.maxRate(id, s, known, p, chunk)),
  /** A block cache study (model §13); `trace` is read in slices on the worker. */
  runBlock: (s: Scenario, trace: Blob | null) =>
    job<BlockProgress, Awaited<ReturnType<SimApi['runBlock']>>>((api, id, p, chunk) => api.runBlock(id, s, trace, p, chunk)),
  /** The miss-ratio curve of a block trace file (model §13). */
  runMrc: (spec: MrcSpec, trace: Blob) =>
    job<BlockProgress, Awaited<ReturnType<SimApi['runMrc']>>>((api, id, p, chunk) => api.runMrc(id, spec, trace, p, chunk)),
  /**
   * Microbenchmarks of one catalog device (model §11), stepped like a run:
   * Cancel stops it between two steps and the worker takes the next job
   * (a per-page preconditioning is tens of millions of writes).
   */
  characterize: (device: Device, spec: CharacterizeSpec) =>
    job<CharacterizeProgress, Characterization>((api, id, p, chunk) => api.characterize(id, device, spec, p, Math.min(chunk, CHARACTERIZE_CHUNK))),
} satisfies Record<
  string,
  (...args: never[]) => Exec<never, unknown> | Exec<Progress, unknown> | Exec<MaxRateProgress, unknown> | Exec<BlockProgress, unknown> | Exec<CharacterizeProgress, unknown>
>;

/** Calls stepped on a worker with progress and Cancel; the pool submits each as a job. */
export type JobCall = keyof typeof JOBS;

export const JOB_CALLS = Object.keys(JOBS) as JobCall[];

type JobOf<K extends JobCall> = ReturnType<(typeof JOBS)[K]>;
type ProgressOf<K extends JobCall> = JobOf<K> extends (api: never, id: number, onProgress: (p: infer P) => void, chunk: number) => Promise<unknown> ? P : never;
type ResultOf<K extends JobCall> = Awaited<ReturnType<JobOf<K>>>;

/** A job call as the UI makes it: the job's arguments, then the request (signal, progress). */
export type JobCalls = {
  [K in JobCall]: (...args: [...Parameters<(typeof JOBS)[K]>, req?: JobRequest<ProgressOf<K>>]) => Promise<ResultOf<K>>;
};

/** The job calls over a queue of jobs (the pool's `job`), from JOBS. */
export function forwardJobs(submit: <P, R>(exec: Exec<P, R>, req: JobRequest<P>) => Promise<R>): JobCalls {
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of JOB_CALLS) {
    const make = JOBS[name] as unknown as (...a: unknown[]) => Exec<never, unknown>;
    out[name] = (...args: unknown[]) => {
      const n = make.length;
      return submit(make(...args.slice(0, n)), (args[n] ?? {}) as JobRequest<never>);
    };
  }
  return out as unknown as JobCalls;
}

/** Every job call of the worker API forwarded through `call` (the worker's own API, see worker-api.ts). */
export function forwardWorkerJobs<A>(call: (f: (api: A) => unknown) => Promise<unknown>): Pick<WorkerApiJobs, JobCall> {
  const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of JOB_CALLS) out[name] = (...args: unknown[]) => call((api) => (api as Record<string, (...a: unknown[]) => unknown>)[name](...args));
  return out as unknown as Pick<WorkerApiJobs, JobCall>;
}

type WorkerApiJobs = { [K in JobCall]: (...args: Parameters<SimApi[K]>) => Promise<Awaited<ReturnType<SimApi[K]>>> };

export const SHORT_CALLS = [
  'validate',
  'diskTierBlocking',
  'staticLfuOverlay',
  'readScenario',
  'listPresets',
  'preset',
  'devicePresets',
  'lifetimeComparison',
  'chassisPresets',
  'defaultScenario',
  'erlangB',
  'streamsPerBandwidth',
  'zipfTopKMass',
  'lifetimeHours',
  'writeAmplification',
  'libraryGb',
  'workloadFigures',
  'rateForStreams',
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
  'publishedServerClaims',
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
  'rateLoads',
  'ssdQueueDepths',
  'characterizePlan',
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
