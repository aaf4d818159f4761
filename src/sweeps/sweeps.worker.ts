// The sweeps' dedicated worker: holds the sweep's studies (the core's
// `SweepStudy`, one per line: the runs handed out and the replications in)
// in its own wasm instance, as the optimiser's worker holds its search, so
// the pool's workers stay free to simulate and the main thread never does.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_studies';
import { createSweepApi, type SweepApi } from './sweep-api';

const ready = init().then(() => createSweepApi(wasm));

Comlink.expose({
  ready: async () => {
    await ready;
  },
  start: async (...a: Parameters<SweepApi['start']>) => (await ready).start(...a),
  nextBatch: async (...a: Parameters<SweepApi['nextBatch']>) => (await ready).nextBatch(...a),
  report: async (...a: Parameters<SweepApi['report']>) => (await ready).report(...a),
  progress: async (h: number) => (await ready).progress(h),
  isDone: async (h: number) => (await ready).isDone(h),
  free: async (h: number) => (await ready).free(h),
});
