// The app's Engine over the real core, called directly (wasm via initSync, no
// worker): what the component tests render the UI with.
import type { Engine } from '../../src/engine/contract';
import { flashAnalytics } from './flash';
import { reproductionAnalytics } from './reproduction';
import { requestAnalytics, requestJobs } from './request';
import { blockAnalytics, blockJobs } from './block';
import { simApi } from './wasm';

let nextRunId = 1;

export interface TestEngineOptions {
  /** Events per `step` between progress reports (small: more progress events). */
  chunk?: number;
  /** Replace `run` (e.g. to hold a run back until a test cancels it). */
  run?: Engine['run'];
}

export function testEngine({ chunk = 200_000, run }: TestEngineOptions = {}): Engine {
  const api = simApi();
  // A throwing call becomes a rejected promise, as across the worker boundary.
  const later = <T>(f: () => T) => new Promise<T>((resolve) => resolve(f()));
  return {
    validate: (s) => later(() => api.validate(s)),
    diskTierBlocking: (s) => later(() => api.diskTierBlocking(s)),
    staticLfuOverlay: (s) => later(() => api.staticLfuOverlay(s)),
    readScenario: (json) => later(() => api.readScenario(json)),
    listPresets: () => later(() => api.listPresets()),
    preset: (id) => later(() => api.preset(id)),
    devicePresets: () => later(() => api.devicePresets()),
    defaultScenario: () => later(() => api.defaultScenario()),
    run:
      run ??
      ((s, req = {}) => {
        if (req.signal?.aborted) return Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
        const id = nextRunId++;
        req.signal?.addEventListener('abort', () => api.cancel(id));
        return api.run(id, s, req.onProgress, chunk);
      }),
    erlangB: (c, a) => later(() => api.erlangB(c, a)),
    streamsPerBandwidth: (bw, b) => later(() => api.streamsPerBandwidth(bw, b)),
    zipfTopKMass: (n, x, k) => later(() => api.zipfTopKMass(n, x, k)),
    ...flashAnalytics(api),
    ...reproductionAnalytics(api),
    ...requestAnalytics(api),
    ...requestJobs(api, chunk),
    ...blockJobs(api, chunk),
    ...blockAnalytics(api),
  };
}
