// A simulation worker: instantiates the wasm core once, warms it up with a
// tiny run, then serves the SimApi over comlink.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_wasm';
import { createSimApi, warmupScenario, type SimApi } from './api';
import { workerApi } from './worker-api';

const instance: Promise<SimApi> = (async () => {
  await init();
  const api = createSimApi(wasm);
  await api.run(-1, warmupScenario(api.defaultScenario()));
  return api;
})();

Comlink.expose(workerApi(instance));
