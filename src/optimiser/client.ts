// The optimiser as a farmed study: the exact cost-ordered search
// (tierplan-core's `Search`) lives in ONE wasm instance (a dedicated worker
// in the browser); the app's one farmed-study driver (engine/farm.ts) runs
// its candidates on the worker pool, `parallel` at a time (the pool's
// size), and reports every result back in whatever order it arrives — the
// search's answer does not depend on it.
import { ScenarioError } from '../worker/api';
import { abortError } from '../engine/pool';
import { farm, type FarmedStudy } from '../engine/farm';
import type { RunRequest } from '../worker/contract';
import type { OptimiserStudyApi } from './study-calls';
import type { Async } from '../engine/remote';
import { SearchTimeLeft, type SearchLeft } from './progress';
import type { Candidate, OptimizeResult, OptimizeSpec, RunResult, Scenario, SearchProgress } from '../engine/types';

/** The search, wherever it lives (a worker through comlink, or in-process in tests). */
export type SearchBackend = Async<OptimiserStudyApi>;

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

/** Run a whole search on the farmed-study driver; rejects with an AbortError when `signal` aborts. */
export async function runOptimiser(o: OptimiserOptions): Promise<OptimiserOutcome> {
  const { search, runner } = o;
  if (o.signal?.aborted) throw abortError();
  const t0 = performance.now();
  const started = await search.start(o.scenario, o.spec);
  if ('errors' in started) throw new ScenarioError(started.errors);
  const handle = started.handle;
  const eta = new SearchTimeLeft(t0);
  const study: FarmedStudy<Candidate, RunResult> = {
    nextBatch: (k) => search.nextBatch(handle, k),
    report: (c, r) => search.report(handle, c.id, r),
    isDone: () => search.isDone(handle),
  };
  try {
    await farm(study, {
      parallel: o.parallel,
      signal: o.signal,
      run: (c, req) => runner.run(c.scenario, { signal: req.signal }),
      onOutcome: (c, r) => o.onResult?.(c, r),
      onChange: async (s) => {
        if (!o.onProgress) return;
        const [p, partial] = await Promise.all([search.progress(handle), search.result(handle)]);
        const t = performance.now();
        o.onProgress({ search: p, partial, running: s.inFlight.map((f) => f.job), elapsedMs: t - t0, left: eta.update(t, p, partial) });
      },
    });
    return { result: await search.result(handle), seconds: (performance.now() - t0) / 1000 };
  } finally {
    await Promise.resolve(search.free(handle)).catch(() => undefined);
  }
}
