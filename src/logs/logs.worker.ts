// The logs worker: one wasm instance that reads files in slices and keeps
// the parsed logs (and their replay jobs) by handle.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_studies';
import { createLogsApi, type LogsApi } from './logs-api';

const ready = init().then(() => createLogsApi(wasm));

const api: { [K in keyof LogsApi]: (...a: Parameters<LogsApi[K]>) => Promise<Awaited<ReturnType<LogsApi[K]>>> } & {
  ready(): Promise<void>;
} = {
  ready: async () => {
    await ready;
  },
  detect: async (...a) => (await ready).detect(...a),
  read: async (...a) => (await ready).read(...a),
  cancel: async (...a) => (await ready).cancel(...a),
  fittedScenario: async (...a) => (await ready).fittedScenario(...a),
  countsCsv: async (...a) => (await ready).countsCsv(...a),
  titleCurves: async (...a) => (await ready).titleCurves(...a),
  replay: async (...a) => (await ready).replay(...a),
  optimizeReplay: async (...a) => (await ready).optimizeReplay(...a),
  peakHour: async (...a) => (await ready).peakHour(...a),
  free: async (...a) => (await ready).free(...a),
};

Comlink.expose(api);
