// The core's farmed studies, held in one wasm instance: tables of the
// optimiser's `OptimizeSearch`, the fleet's `FleetSearch` and the HTTP
// figure's `FigureStudy` objects by handle, so a dedicated worker keeps each
// study's state while the pool's workers simulate its jobs. Plain
// functions over an initialised module, so tests call it in Node.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import type { Candidate, FieldError, FleetProgress, FleetRequest, FleetResult, OptimizeResult, OptimizeSpec, RunResult, Scenario, SearchProgress } from '../engine/types';
import type { FigureJob, FigureProgress, FigureSeries, FigureSettings, FigureStep, RequestReplication } from '../wasm-pkg/tierplan_studies';

export type OptimiserWasm = Pick<typeof Wasm, 'OptimizeSearch' | 'FleetSearch' | 'FigureStudy'>;

export interface SearchApi {
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
  /** The HTTP tab's figure (the core's `FigureStudy`): the same protocol, its jobs single runs of the figure's points. */
  startFigure(base: Scenario, settings: FigureSettings, series: FigureSeries[]): { handle: number } | { errors: FieldError[] };
  figureNextBatch(handle: number, k: number): FigureJob[];
  /** A run's outcome: its `RequestResult`'s `replications[0]`. */
  figureReport(handle: number, id: number, outcome: RequestReplication): void;
  /** Where the figure stands (its step without the runs to come: `figureResult` has them). */
  figureProgress(handle: number): FigureProgress;
  figureIsDone(handle: number): boolean;
  figureResult(handle: number): FigureStep;
  freeFigure(handle: number): void;
}

function isFieldErrors(x: unknown): x is FieldError[] {
  return Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && 'path' in e && 'message' in e);
}

export function createSearchApi(wasm: OptimiserWasm): SearchApi {
  const searches = new Map<number, InstanceType<OptimiserWasm['OptimizeSearch']>>();
  let next = 1;
  const get = (h: number) => {
    const s = searches.get(h);
    if (!s) throw new Error(`no optimiser search ${h} (finished or cancelled)`);
    return s;
  };
  const fleets = new Map<number, InstanceType<OptimiserWasm['FleetSearch']>>();
  const fleet = (h: number) => {
    const s = fleets.get(h);
    if (!s) throw new Error(`no fleet search ${h} (finished or cancelled)`);
    return s;
  };
  const figures = new Map<number, InstanceType<OptimiserWasm['FigureStudy']>>();
  const figure = (h: number) => {
    const s = figures.get(h);
    if (!s) throw new Error(`no figure ${h} (finished or stopped)`);
    return s;
  };
  return {
    startFigure(base, settings, series) {
      let s: InstanceType<OptimiserWasm['FigureStudy']>;
      try {
        s = new wasm.FigureStudy(base, settings, series);
      } catch (e) {
        if (isFieldErrors(e)) return { errors: e };
        throw e;
      }
      const h = next++;
      figures.set(h, s);
      return { handle: h };
    },
    figureNextBatch: (h, k) => figure(h).nextBatch(k),
    figureReport: (h, id, o) => figure(h).report(id, o),
    figureProgress: (h) => figure(h).progress(),
    figureIsDone: (h) => figure(h).isDone(),
    figureResult: (h) => figure(h).result(),
    freeFigure(h) {
      figures.get(h)?.free();
      figures.delete(h);
    },
    startFleet(scenario, spec, request) {
      let s: InstanceType<OptimiserWasm['FleetSearch']>;
      try {
        s = new wasm.FleetSearch(scenario, spec, request);
      } catch (e) {
        if (isFieldErrors(e)) return { errors: e };
        throw e;
      }
      const h = next++;
      fleets.set(h, s);
      return { handle: h };
    },
    fleetNextBatch: (h, k) => fleet(h).nextBatch(k),
    fleetReport: (h, id, r) => fleet(h).report(id, r),
    fleetProgress: (h) => fleet(h).progress(),
    fleetResult: (h) => fleet(h).result(),
    freeFleet(h) {
      fleets.get(h)?.free();
      fleets.delete(h);
    },
    start(scenario, spec) {
      let s: InstanceType<OptimiserWasm['OptimizeSearch']>;
      try {
        s = new wasm.OptimizeSearch(scenario, spec);
      } catch (e) {
        if (isFieldErrors(e)) return { errors: e };
        throw e;
      }
      const h = next++;
      searches.set(h, s);
      return { handle: h };
    },
    nextBatch: (h, k) => get(h).nextBatch(k),
    report: (h, id, r) => get(h).report(id, r),
    progress: (h) => get(h).progress(),
    isDone: (h) => get(h).isDone(),
    result: (h) => get(h).result(),
    free(h) {
      searches.get(h)?.free();
      searches.delete(h);
    },
  };
}
