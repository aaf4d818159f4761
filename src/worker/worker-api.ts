// The object a simulation worker exposes over comlink: the SimApi of its
// wasm instance, each call waiting until the instance is ready, and made
// again once the studies module is loaded when it needed that module.
import { StudiesNotLoaded, type SimApi } from './api';
import { forwardShortCalls, forwardWorkerJobs, type WorkerApi } from './calls';

export type { WorkerApi };


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
    ...forwardWorkerJobs<SimApi>(call),
    cancel: (id) => {
      void instance.then((a) => a.cancel(id));
    },
    ...forwardShortCalls<SimApi>(call),
  };
}
