// The optimiser's side of the studies' worker (worker/studies.worker.ts):
// the core's `OptimizeSearch` and `FleetSearch` objects by handle, so that
// one dedicated worker keeps each search's state while the pool's workers
// simulate its candidates. Plain functions over an initialised module, so
// tests call them in Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import { HandleTable } from '../engine/remote';
import type { Candidate, FieldError, FleetProgress, FleetRequest, FleetResult, OptimizeResult, OptimizeSpec, RunResult, Scenario, SearchProgress } from '../engine/types';

export type OptimiserWasm = Pick<typeof Wasm, 'OptimizeSearch' | 'FleetSearch'>;

export interface OptimiserStudyApi {
  /**
   * Lay out the search: its handle, or the field errors of the scenario and
   * the spec (`optimize.…`) — returned, not thrown, so they survive comlink.
   */
  start(scenario: Scenario, spec: OptimizeSpec): { handle: number } | { errors: FieldError[] };
  nextBatch(handle: number, k: number): Candidate[];
  report(handle: number, id: number, result: RunResult): void;
  progress(handle: number): SearchProgress;
  isDone(handle: number): boolean;
  result(handle: number): OptimizeResult;
  /** Release the search's memory (also after a cancel). */
  free(handle: number): void;
  /** The fleet search (model §10b): the same protocol, its candidates single servers. */
  startFleet(scenario: Scenario, spec: OptimizeSpec, request: FleetRequest): { handle: number } | { errors: FieldError[] };
  fleetNextBatch(handle: number, k: number): Candidate[];
  fleetReport(handle: number, id: number, result: RunResult): void;
  fleetProgress(handle: number): FleetProgress;
  fleetResult(handle: number): FleetResult;
  freeFleet(handle: number): void;
}

export function createOptimiserStudies(wasm: OptimiserWasm): OptimiserStudyApi {
  const searches = new HandleTable<InstanceType<OptimiserWasm['OptimizeSearch']>>('optimiser search');
  const fleets = new HandleTable<InstanceType<OptimiserWasm['FleetSearch']>>('fleet search');
  return {
    start: (scenario, spec) => searches.open(() => new wasm.OptimizeSearch(scenario, spec)),
    nextBatch: (h, k) => searches.get(h).nextBatch(k),
    report: (h, id, r) => searches.get(h).report(id, r),
    progress: (h) => searches.get(h).progress(),
    isDone: (h) => searches.get(h).isDone(),
    result: (h) => searches.get(h).result(),
    free: (h) => searches.free(h),
    startFleet: (scenario, spec, request) => fleets.open(() => new wasm.FleetSearch(scenario, spec, request)),
    fleetNextBatch: (h, k) => fleets.get(h).nextBatch(k),
    fleetReport: (h, id, r) => fleets.get(h).report(id, r),
    fleetProgress: (h) => fleets.get(h).progress(),
    fleetResult: (h) => fleets.get(h).result(),
    freeFleet: (h) => fleets.free(h),
  };
}
