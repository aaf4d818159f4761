// The studies' worker's API: the core's farmed studies that a front end
// drives through engine/farm.ts — the optimiser's and the fleet's searches,
// the HTTP figure, the sweeps — each feature's side (its study-calls.ts)
// composed into one object over one wasm instance. The study objects hold
// the state (what is handed out, what came back); the pool's workers only
// simulate. Plain functions, so tests build it in Node over the module.
import type * as Wasm from '../wasm-pkg/tierplan_studies';
import { createOptimiserStudies, type OptimiserStudyApi } from '../optimiser/study-calls';
import { createFigureStudies, type FigureStudyApi } from '../http/study-calls';
import { createSweepStudies, type SweepStudyApi } from '../sweeps/study-calls';
import type { Async } from '../engine/remote';

export type StudiesApi = OptimiserStudyApi & FigureStudyApi & SweepStudyApi;

/** The core's study classes the worker holds. */
export type StudyClasses = Pick<typeof Wasm, 'OptimizeSearch' | 'FleetSearch' | 'FigureStudy' | 'SweepStudy'>;

/** The studies wherever they live: the studies' worker through comlink, or in-process in tests. */
export type StudiesBackend = Async<StudiesApi>;

export function createStudiesApi(wasm: StudyClasses): StudiesApi {
  return { ...createOptimiserStudies(wasm), ...createFigureStudies(wasm), ...createSweepStudies(wasm) };
}
