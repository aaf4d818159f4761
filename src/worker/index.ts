// The app's simulation engine: one pool of module workers for the page.
import { WorkerPool, type PoolOptions, type WorkerFactory, type WorkerLike } from '../engine/pool';
import { forwardJobs, forwardShortCalls, type JobCalls, type ShortCalls } from './calls';
import type { Engine } from './contract';
import type { WorkerApi } from './worker-api';

// The short and job calls (src/worker/calls.ts) are forwarded to the pool by
// the constructor; declaring them here gives the class their types.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface SimPool extends ShortCalls, JobCalls {}

/** The engine in the browser: the worker pool of simulation workers, with every call of the worker API. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SimPool extends WorkerPool<WorkerApi> implements Engine {
  constructor(factory: WorkerFactory, opts: PoolOptions = {}) {
    super(factory, opts);
    Object.assign(this, forwardShortCalls<WorkerApi>((f) => this.call(f)), forwardJobs((exec, req) => this.job(exec, req)));
  }
}

export function createSimWorker(): WorkerLike {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'tierplan-sim' });
}

let pool: SimPool | null = null;

/** The page's worker pool, started on first use. */
export function getEngine(): SimPool {
  pool ??= new SimPool(createSimWorker);
  return pool;
}

export { WorkerPool, poolSize } from '../engine/pool';
export type * from '../engine/types';
