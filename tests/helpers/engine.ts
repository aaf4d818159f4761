// The app's Engine over the real core, called directly (wasm via initSync, no
// worker): what the component tests render the UI with.
import type { Engine } from '../../src/worker/contract';
import { requestJobs } from './request';
import { blockJobs } from './block';
import { forwardShortCalls } from '../../src/worker/calls';
import type { SimApi } from '../../src/worker/api';
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
    // The jobs run one after another on this thread.
    size: 1,
    ...forwardShortCalls<SimApi>((f) => later(() => f(api))),
    run:
      run ??
      ((s, req = {}) => {
        if (req.signal?.aborted) return Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
        const id = nextRunId++;
        req.signal?.addEventListener('abort', () => api.cancel(id));
        return api.run(id, s, req.onProgress, chunk);
      }),
    ...requestJobs(api, chunk),
    ...blockJobs(api, chunk),
    characterize: (device, spec, req = {}) => {
      if (req.signal?.aborted) return Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
      const id = nextRunId++;
      req.signal?.addEventListener('abort', () => api.cancel(id));
      req.onStart?.();
      return api.characterize(id, device, spec, req.onProgress, chunk);
    },
  };
}
