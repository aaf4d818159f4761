// The optimiser driver: the exact cost-ordered search (tierplan-core's
// `Search`) lives in ONE wasm instance (a dedicated worker in the browser);
// its candidates are simulated in parallel on the worker pool, `parallel`
// at a time (the pool's size), and every result is reported back in
// whatever order it arrives — the search's answer does not depend on it.
import * as Comlink from 'comlink';
import { ScenarioError } from '../worker/api';
import { abortError } from '../engine/pool';
import type { RunRequest } from '../worker/contract';
import type { SearchApi } from './search-api';
import { SearchTimeLeft, type SearchLeft } from './progress';
import type { Candidate, OptimizeResult, OptimizeSpec, RunResult, Scenario, SearchProgress } from '../engine/types';

type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> | Awaited<R> : never;
};

/** The search, wherever it lives (a worker through comlink, or in-process in tests). */
export type SearchBackend = Async<SearchApi>;

/** What runs one candidate: the worker pool (or anything with its `run`). */
export interface CandidateRunner {
  run(scenario: Scenario, req?: RunRequest): Promise<RunResult>;
}

export interface OptimiserProgress {
  search: SearchProgress;
  /** The partial result: per-architecture simulated / pruned / not yet examined, optima found so far. */
  partial: OptimizeResult;
  /** Candidates being simulated right now. */
  running: Candidate[];
  elapsedMs: number;
  /** Measured time left (progress.ts's SearchTimeLeft); null before the pace is measured. */
  left: SearchLeft | null;
}

export interface OptimiserOptions {
  search: SearchBackend;
  runner: CandidateRunner;
  /** Candidates simulated at once (the pool's size). */
  parallel: number;
  scenario: Scenario;
  spec: OptimizeSpec;
  signal?: AbortSignal;
  onProgress?: (p: OptimiserProgress) => void;
  /** Every candidate's full simulation result (per-replication detail the search summarises). */
  onResult?: (c: Candidate, r: RunResult) => void;
}

export interface OptimiserOutcome {
  result: OptimizeResult;
  seconds: number;
}

/** Run a whole search; rejects with an AbortError when `signal` aborts. */
export async function runOptimiser(o: OptimiserOptions): Promise<OptimiserOutcome> {
  const { search, runner, signal } = o;
  const parallel = Math.max(1, Math.floor(o.parallel));
  if (signal?.aborted) throw abortError();
  const t0 = performance.now();
  const started = await search.start(o.scenario, o.spec);
  if ('errors' in started) throw new ScenarioError(started.errors);
  const handle = started.handle;
  // Aborting this controller stops the candidates in flight (on cancel, or
  // when one of them fails and the whole search is abandoned).
  const stop = new AbortController();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  type Done = { c: Candidate; r: RunResult };
  const inFlight = new Map<number, { c: Candidate; p: Promise<Done> }>();
  const eta = new SearchTimeLeft(t0);
  const emit = async () => {
    if (!o.onProgress) return;
    const [p, partial] = await Promise.all([search.progress(handle), search.result(handle)]);
    const t = performance.now();
    const left = eta.update(t, p, partial);
    o.onProgress({ search: p, partial, running: [...inFlight.values()].map((x) => x.c), elapsedMs: t - t0, left });
  };
  try {
    await emit();
    for (;;) {
      if (signal?.aborted) throw abortError();
      const free = parallel - inFlight.size;
      if (free > 0) {
        // Laying out a batch can take the search a while (the trace bound
        // prunes many configurations in one call): a cancel does not wait for it.
        for (const c of await Promise.race([aborted, search.nextBatch(handle, free)])) {
          const p = runner.run(c.scenario, { signal: stop.signal }).then((r) => ({ c, r }));
          p.catch(() => undefined); // handled by the race below, or abandoned
          inFlight.set(c.id, { c, p });
        }
        if (inFlight.size > 0) await emit();
      }
      if (inFlight.size === 0) break;
      const { c, r } = await Promise.race([aborted, ...[...inFlight.values()].map((x) => x.p)]);
      inFlight.delete(c.id);
      await search.report(handle, c.id, r);
      o.onResult?.(c, r);
      await emit();
    }
    const result = await search.result(handle);
    if (!result.done) throw new Error('the optimiser stopped issuing candidates before concluding (a bug in the search)');
    return { result, seconds: (performance.now() - t0) / 1000 };
  } finally {
    stop.abort();
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    await Promise.resolve(search.free(handle)).catch(() => undefined);
  }
}

/** The browser's search backend: one dedicated worker, started on first use. */
let searchWorker: Comlink.Remote<SearchApi & { ready(): Promise<void> }> | null = null;
export function getSearchBackend(): SearchBackend {
  if (!searchWorker) {
    const w = new Worker(new URL('./optimiser.worker.ts', import.meta.url), { type: 'module', name: 'tierplan-optimiser' });
    searchWorker = Comlink.wrap<SearchApi & { ready(): Promise<void> }>(w);
  }
  return searchWorker;
}
