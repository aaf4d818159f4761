// The app's simulation engine: one pool of module workers for the page.
import { WorkerPool, type WorkerLike } from './pool';

export function createSimWorker(): WorkerLike {
  return new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'tierplan-sim' });
}

let pool: WorkerPool | null = null;

/** The page's worker pool, started on first use. */
export function getEngine(): WorkerPool {
  pool ??= new WorkerPool(createSimWorker);
  return pool;
}

export { WorkerPool, poolSize } from './pool';
export type * from './types';
