// The request-level calls of a SimApi as an async engine (tests: no worker).
import type { SimApi } from '../../src/engine/api';
import type { Engine, RequestAnalytics } from '../../src/engine/contract';

let nextId = 1_000_000;

export function requestAnalytics(api: SimApi): RequestAnalytics {
  const later = <T>(f: () => T) => new Promise<T>((resolve) => resolve(f()));
  return {
    exportIo: (...a) => later(() => api.exportIo(...a)),
    listRequestPresets: () => later(() => api.listRequestPresets()),
    requestPreset: (id) => later(() => api.requestPreset(id)),
    requestDevicePresets: () => later(() => api.requestDevicePresets()),
    defaultRequestSpec: () => later(() => api.defaultRequestSpec()),
  };
}

/** `runRequest` and `maxRate` straight on the API, cancelled through the signal. */
export function requestJobs(api: SimApi, chunk: number): Pick<Engine, 'runRequest' | 'maxRate'> {
  const aborted = () => Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
  return {
    runRequest: (s, req = {}) => {
      if (req.signal?.aborted) return aborted();
      const id = nextId++;
      req.signal?.addEventListener('abort', () => api.cancel(id));
      return api.runRequest(id, s, req.onProgress, chunk);
    },
    maxRate: (s, known, req = {}) => {
      if (req.signal?.aborted) return aborted();
      const id = nextId++;
      req.signal?.addEventListener('abort', () => api.cancel(id));
      return api.maxRate(id, s, known, req.onProgress, chunk);
    },
  };
}
