// The object a simulation worker exposes over comlink: the SimApi of its
// wasm instance, each call waiting until the instance is ready, and made
// again once the studies module is loaded when it needed that module.
import { StudiesNotLoaded, type SimApi } from './api';
import { forwardShortCalls } from './calls';

type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> | Awaited<R> : never;
};

/** What the main thread sees through comlink. */
export type WorkerApi = Async<SimApi> & {
  /** Resolves once the module is instantiated and warmed up. */
  ready(): Promise<void>;
};

export function workerApi(instance: Promise<SimApi>, loadStudies: () => Promise<void>): WorkerApi {
  // A call that needs the studies module throws before it does anything,
  // so making it again after the load is safe.
  const call = async <T>(f: (a: SimApi) => T | Promise<T>): Promise<T> => {
    const api = await instance;
    try {
      return await f(api);
    } catch (e) {
      if (!(e instanceof StudiesNotLoaded)) throw e;
      await loadStudies();
      return await f(api);
    }
  };
  return {
    ready: async () => {
      await instance;
    },
    ping: () => 'pong',
    run: (id, s, onProgress, chunk) => call((a) => a.run(id, s, onProgress, chunk)),
    runRequest: (id, s, onProgress, chunk) => call((a) => a.runRequest(id, s, onProgress, chunk)),
    maxRate: (id, s, known, onProgress, chunk) => call((a) => a.maxRate(id, s, known, onProgress, chunk)),
    runBlock: (id, s, trace, onProgress, chunk) => call((a) => a.runBlock(id, s, trace, onProgress, chunk)),
    runMrc: (id, spec, trace, onProgress, chunk) => call((a) => a.runMrc(id, spec, trace, onProgress, chunk)),
    characterize: (device, spec) => call((a) => a.characterize(device, spec)),
    cancel: (id) => {
      void instance.then((a) => a.cancel(id));
    },
    ...forwardShortCalls<SimApi>(call),
  };
}
