// The dedicated worker of the core's farmed studies: holds the optimiser's
// search state (the cost-ordered configuration list and the regenerated
// arrival traces), the fleet's and the HTTP figure's in its own wasm
// instance, so the pool's workers stay free to simulate their jobs.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_studies';
import { createSearchApi } from './search-api';

const ready = init().then(() => createSearchApi(wasm));

Comlink.expose({
  ready: async () => {
    await ready;
  },
  start: async (...a: Parameters<ReturnType<typeof createSearchApi>['start']>) => (await ready).start(...a),
  nextBatch: async (h: number, k: number) => (await ready).nextBatch(h, k),
  report: async (...a: Parameters<ReturnType<typeof createSearchApi>['report']>) => (await ready).report(...a),
  progress: async (h: number) => (await ready).progress(h),
  isDone: async (h: number) => (await ready).isDone(h),
  result: async (h: number) => (await ready).result(h),
  free: async (h: number) => (await ready).free(h),
  startFleet: async (...a: Parameters<ReturnType<typeof createSearchApi>['startFleet']>) => (await ready).startFleet(...a),
  fleetNextBatch: async (h: number, k: number) => (await ready).fleetNextBatch(h, k),
  fleetReport: async (...a: Parameters<ReturnType<typeof createSearchApi>['fleetReport']>) => (await ready).fleetReport(...a),
  fleetProgress: async (h: number) => (await ready).fleetProgress(h),
  fleetResult: async (h: number) => (await ready).fleetResult(h),
  freeFleet: async (h: number) => (await ready).freeFleet(h),
  startFigure: async (...a: Parameters<ReturnType<typeof createSearchApi>['startFigure']>) => (await ready).startFigure(...a),
  figureNextBatch: async (h: number, k: number) => (await ready).figureNextBatch(h, k),
  figureReport: async (...a: Parameters<ReturnType<typeof createSearchApi>['figureReport']>) => (await ready).figureReport(...a),
  figureProgress: async (h: number) => (await ready).figureProgress(h),
  figureIsDone: async (h: number) => (await ready).figureIsDone(h),
  figureResult: async (h: number) => (await ready).figureResult(h),
  freeFigure: async (h: number) => (await ready).freeFigure(h),
});
