// The request-level job calls of a SimApi as an async engine (tests: no worker).
import type { SimApi } from '../../src/worker/api';
import type { Engine } from '../../src/worker/contract';

let nextId = 1_000_000;

/** `runRequest` and `maxRate` straight on the API, cancelled through the signal. */
export function requestJobs(api: SimApi, chunk: number): Pick<Engine, 'runRequest' | 'maxRate'> {
  const aborted = () => Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
  return {
    runRequest: (s, req = {}) => {
      if (req.signal?.aborted) return aborted();
      const id = nextId++;
      req.signal?.addEventListener('abort', () => api.cancel(id));
      req.onStart?.();
      return api.runRequest(id, s, req.onProgress, chunk);
    },
    maxRate: (s, known, req = {}) => {
      if (req.signal?.aborted) return aborted();
      const id = nextId++;
      req.signal?.addEventListener('abort', () => api.cancel(id));
      req.onStart?.();
      return api.maxRate(id, s, known, req.onProgress, chunk);
    },
  };
}
