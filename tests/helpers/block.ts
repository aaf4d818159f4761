// The block study's job call on a SimApi as an async engine (tests: no worker).
import type { SimApi } from '../../src/worker/api';
import type { Engine } from '../../src/worker/contract';

let nextId = 2_000_000;

/** `runBlock` straight on the API, cancelled through the signal. */
export function blockJobs(api: SimApi, chunk: number): Pick<Engine, 'runBlock' | 'runMrc'> {
  /** A job with an id the test's AbortSignal cancels. */
  const job = <T>(req: { signal?: AbortSignal }, start: (id: number) => Promise<T>): Promise<T> => {
    if (req.signal?.aborted) return Promise.reject(new DOMException('the run was cancelled', 'AbortError'));
    const id = nextId++;
    req.signal?.addEventListener('abort', () => api.cancel(id));
    return start(id);
  };
  return {
    runBlock: (s, trace, req = {}) => job(req, (id) => api.runBlock(id, s, trace, req.onProgress, chunk)),
    runMrc: (spec, trace, req = {}) => job(req, (id) => api.runMrc(id, spec, trace, req.onProgress, chunk)),
  };
}
