// A simulation worker: instantiates the planner's wasm module once, warms
// it up with a tiny run, then serves the SimApi over comlink. The studies
// module (cost model, claims, request and block engines) is fetched and
// instantiated the first time a call needs it.
import * as Comlink from 'comlink';
import init, * as planner from '../wasm-pkg/tierplan_planner';
import { createSimApi, warmupScenario, type SimApi, type StudiesWasm } from './api';
import { workerApi } from './worker-api';

let studies: StudiesWasm | null = null;
let loading: Promise<void> | null = null;

function loadStudies(): Promise<void> {
  loading ??= import('../wasm-pkg/tierplan_studies')
    .then(async (m) => {
      await m.default();
      studies = m;
    })
    .catch((e: unknown) => {
      loading = null; // a failed fetch (offline before it was cached) may be retried
      throw e;
    });
  return loading;
}

const instance: Promise<SimApi> = (async () => {
  await init();
  const api = createSimApi(planner, () => studies);
  await api.run(-1, warmupScenario(api.defaultScenario()));
  return api;
})();

Comlink.expose(workerApi(instance, loadStudies));
