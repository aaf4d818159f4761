// A pool of simulation workers (squoosh-style worker bridge): each worker
// holds one wasm instance behind a typed comlink API; runs are queued across
// the workers; cancellation goes through an AbortSignal; a worker that
// crashes or hangs is terminated and replaced while the others go on.
//
// Infrastructure only: the pool knows no feature. A job is any remote call
// given an id, a progress callback and a chunk (`job`); a short call any
// call on the worker's API (`call`). src/worker/ names the calls.
import * as Comlink from 'comlink';
import { DEFAULT_CHUNK } from './drive';

/** What the pool needs of a worker: a message endpoint it can terminate. */
export type WorkerLike = Comlink.Endpoint & { terminate(): void };
export type WorkerFactory = () => WorkerLike;

export interface PoolOptions {
  size?: number;
  /** Events per `SimJob.step` between progress reports. */
  chunk?: number;
  /** After an abort, how long a worker may take to stop before it is terminated. */
  cancelGraceMs?: number;
}

/** How many workers to start: one per core, at least 1, at most 4. */
export function poolSize(hardwareConcurrency: number | undefined): number {
  const n = Math.floor(hardwareConcurrency ?? 1);
  return Math.min(4, Math.max(1, Number.isFinite(n) ? n : 1));
}

export function abortError(): DOMException {
  return new DOMException('the run was cancelled', 'AbortError');
}

/** What the pool needs of a worker's API: it starts, and a job can be cancelled by id. */
export interface PoolWorkerApi {
  ready(): Promise<void>;
  cancel(id: number): void;
}

/** Options of one job on the pool: cancel through the signal, progress after every chunk. */
export interface JobRequest<P> {
  signal?: AbortSignal;
  onProgress?: (p: P) => void;
  /** A worker takes the job (it may wait in the queue before): how long a job takes is measured from here. */
  onStart?: () => void;
}

/** How a job runs on a worker: the remote call with its id, progress callback and chunk. */
export type JobExec<Api, P, R> = (api: Comlink.Remote<Api>, id: number, onProgress: (p: P) => void, chunk: number) => Promise<R>;

type Exec = JobExec<PoolWorkerApi, never, unknown>;

interface Task<Api> {
  id: number;
  exec: Exec;
  req: JobRequest<never>;
  resolve(r: unknown): void;
  reject(e: unknown): void;
  settled: boolean;
  slot: Slot<Api> | null;
  onAbort?: () => void;
}

interface Slot<Api> {
  index: number;
  worker: WorkerLike;
  api: Comlink.Remote<Api>;
  ready: Promise<void>;
  alive: boolean;
  task: Task<Api> | null;
  pending: Set<(e: unknown) => void>;
}

export class WorkerPool<Api extends PoolWorkerApi> {
  private readonly slots: Slot<Api>[] = [];
  private readonly queue: Task<Api>[] = [];
  private nextId = 1;
  private startFailures = 0;
  private fatal: string | null = null;
  private readonly chunk: number;
  private readonly cancelGraceMs: number;
  /** Workers started since construction (replacements included); for tests. */
  spawned = 0;

  constructor(
    private readonly factory: WorkerFactory,
    opts: PoolOptions = {},
  ) {
    this.chunk = opts.chunk ?? DEFAULT_CHUNK;
    this.cancelGraceMs = opts.cancelGraceMs ?? 250;
    const size = opts.size ?? poolSize(globalThis.navigator?.hardwareConcurrency);
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i));
  }

  get size(): number {
    return this.slots.length;
  }

  /** Number of runs waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  private spawn(index: number): Slot<Api> {
    this.spawned++;
    const worker = this.factory();
    const api = Comlink.wrap<Api>(worker);
    const slot: Slot<Api> = { index, worker, api, ready: Promise.resolve(), alive: true, task: null, pending: new Set() };
    const onError = (ev: Event) => {
      const msg = (ev as ErrorEvent).message || 'the worker stopped unexpectedly';
      this.fail(slot, new Error(`simulation worker crashed: ${msg}`));
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);
    slot.ready = Promise.resolve(api.ready()).then(
      () => {
        this.startFailures = 0;
      },
      (e: unknown) => {
        const err = new Error(`simulation worker failed to start: ${messageOf(e)}`);
        this.startFailures++;
        if (this.startFailures > 2) {
          this.fatal = err.message;
          for (const t of this.queue.splice(0)) this.settle(t, err);
        }
        this.fail(slot, err);
        throw err;
      },
    );
    // Avoid an unhandled rejection when no task waits on this slot.
    slot.ready.catch(() => undefined);
    return slot;
  }

  /** Terminate a slot's worker, reject what depended on it and start a replacement. */
  private fail(slot: Slot<Api>, err: Error | DOMException): void {
    if (!slot.alive) return;
    slot.alive = false;
    slot.worker.terminate();
    const t = slot.task;
    slot.task = null;
    if (t) this.settle(t, err);
    for (const rej of slot.pending) rej(err);
    slot.pending.clear();
    if (this.slots[slot.index] === slot && this.fatal === null) {
      this.slots[slot.index] = this.spawn(slot.index);
    }
    this.pump();
  }

  private settle(t: Task<Api>, outcome: Error | DOMException | { result: unknown }): void {
    if (t.settled) return;
    t.settled = true;
    if (t.onAbort) t.req.signal?.removeEventListener('abort', t.onAbort);
    if ('result' in outcome) t.resolve(outcome.result);
    else t.reject(outcome);
  }

  /** Queue a stepped job; it runs when a worker is free and can be aborted through `req.signal`. */
  job<P, R>(exec: JobExec<Api, P, R>, req: JobRequest<P> = {}): Promise<R> {
    if (this.fatal !== null) return Promise.reject(new Error(this.fatal));
    if (req.signal?.aborted) return Promise.reject(abortError());
    return new Promise<R>((resolve, reject) => {
      const task: Task<Api> = {
        id: this.nextId++,
        exec: exec as unknown as Exec,
        req,
        resolve,
        reject,
        settled: false,
        slot: null,
      };
      if (req.signal) {
        task.onAbort = () => this.abort(task);
        req.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.pump();
    });
  }

  private abort(task: Task<Api>): void {
    const qi = this.queue.indexOf(task);
    if (qi >= 0) this.queue.splice(qi, 1);
    this.settle(task, abortError());
    const slot = task.slot;
    if (!slot || slot.task !== task) return;
    // Ask the worker to stop after its current chunk; if it does not come
    // back in time (a long chunk, a hang), terminate and respawn it.
    void Promise.resolve(slot.api.cancel(task.id)).catch(() => undefined);
    setTimeout(() => {
      if (slot.alive && slot.task === task) this.fail(slot, abortError());
    }, this.cancelGraceMs);
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.alive && slot.task === null) this.start(slot, this.queue.shift()!);
    }
  }

  private start(slot: Slot<Api>, task: Task<Api>): void {
    slot.task = task;
    task.slot = slot;
    task.req.onStart?.();
    const onProgress = Comlink.proxy((p: never) => {
      if (!task.settled) task.req.onProgress?.(p);
    });
    slot.ready
      .then(() => task.exec(slot.api, task.id, onProgress, this.chunk))
      .then(
        (result) => this.done(slot, task, { result }),
        (e: unknown) => this.done(slot, task, e),
      );
  }

  private done(slot: Slot<Api>, task: Task<Api>, outcome: unknown): void {
    if (slot.task !== task) return; // the slot was failed meanwhile
    slot.task = null;
    if (outcome !== null && typeof outcome === 'object' && 'result' in outcome) {
      this.settle(task, outcome);
    } else {
      const err = toError(outcome);
      this.settle(task, err);
      if (err.name === 'WasmPanic') {
        // The instance is poisoned: replace the worker.
        this.fail(slot, err);
        return;
      }
    }
    this.pump();
  }

  /** A short call (validation, presets, analytics) on the least busy worker. */
  call<T>(f: (api: Comlink.Remote<Api>) => Promise<T> | T): Promise<T> {
    if (this.fatal !== null) return Promise.reject(new Error(this.fatal));
    const alive = this.slots.filter((s) => s.alive);
    const slot = alive.find((s) => s.task === null) ?? alive.sort((a, b) => a.pending.size - b.pending.size)[0];
    return new Promise<T>((resolve, reject) => {
      slot.pending.add(reject);
      slot.ready
        .then(() => f(slot.api))
        .then(resolve, (e: unknown) => {
          const err = toError(e);
          if (err.name === 'WasmPanic') this.fail(slot, err);
          reject(err);
        })
        .finally(() => slot.pending.delete(reject));
    });
  }

  dispose(): void {
    this.fatal = 'the simulation pool was shut down';
    const err = new Error(this.fatal);
    for (const t of this.queue.splice(0)) this.settle(t, err);
    for (const s of this.slots) this.fail(s, err);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Comlink re-creates thrown errors as plain Errors with name and message. */
function toError(e: unknown): Error {
  if (e instanceof Error) return e;
  if (typeof e === 'object' && e !== null && 'message' in e) {
    const err = new Error(String(e.message));
    if ('name' in e) err.name = String(e.name);
    return err;
  }
  return new Error(String(e));
}
