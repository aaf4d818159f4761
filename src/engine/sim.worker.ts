// A simulation worker: instantiates the wasm core once, warms it up with a
// tiny run, then serves the SimApi over comlink.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_wasm';
import { createSimApi, warmupScenario, type SimApi } from './api';

type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> | Awaited<R> : never;
};

/** What the main thread sees through comlink. */
export type WorkerApi = Async<SimApi> & {
  /** Resolves once the module is instantiated and warmed up. */
  ready(): Promise<void>;
};

const ready: Promise<SimApi> = (async () => {
  await init();
  const api = createSimApi(wasm);
  await api.run(-1, warmupScenario(api.defaultScenario()));
  return api;
})();

// Each method waits for the instance, so callers may call before `ready()`.
const exposed: WorkerApi = {
  ready: async () => {
    await ready;
  },
  ping: () => 'pong',
  validate: (s) => call((a) => a.validate(s)),
  listPresets: () => call((a) => a.listPresets()),
  preset: (id) => call((a) => a.preset(id)),
  devicePresets: () => call((a) => a.devicePresets()),
  defaultScenario: () => call((a) => a.defaultScenario()),
  run: async (id, s, onProgress, chunk) => (await ready).run(id, s, onProgress, chunk),
  cancel: (id) => {
    void ready.then((a) => a.cancel(id));
  },
  erlangB: (c, x) => call((a) => a.erlangB(c, x)),
  streamsPerBandwidth: (bw, b) => call((a) => a.streamsPerBandwidth(bw, b)),
  zipfTopKMass: (n, s, k) => call((a) => a.zipfTopKMass(n, s, k)),
  lifetimeHours: (c, n, w, wa) => call((a) => a.lifetimeHours(c, n, w, wa)),
  writeAmplification: (r) => call((a) => a.writeAmplification(r)),
};

function call<T>(f: (a: SimApi) => T): Promise<T> {
  return ready.then(f);
}

Comlink.expose(exposed);
