// The object a simulation worker exposes over comlink: the SimApi of its
// wasm instance, each call waiting until the instance is ready, and made
// again once the studies module is loaded when it needed that module.
import { StudiesNotLoaded, type SimApi } from './api';

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
    validate: (s) => call((a) => a.validate(s)),
    diskTierBlocking: (s) => call((a) => a.diskTierBlocking(s)),
    staticLfuOverlay: (s) => call((a) => a.staticLfuOverlay(s)),
    readScenario: (json) => call((a) => a.readScenario(json)),
    listPresets: () => call((a) => a.listPresets()),
    preset: (id) => call((a) => a.preset(id)),
    devicePresets: () => call((a) => a.devicePresets()),
    defaultScenario: () => call((a) => a.defaultScenario()),
    run: (id, s, onProgress, chunk) => call((a) => a.run(id, s, onProgress, chunk)),
    runRequest: (id, s, onProgress, chunk) => call((a) => a.runRequest(id, s, onProgress, chunk)),
    maxRate: (id, s, known, onProgress, chunk) => call((a) => a.maxRate(id, s, known, onProgress, chunk)),
    runBlock: (id, s, trace, onProgress, chunk) => call((a) => a.runBlock(id, s, trace, onProgress, chunk)),
    exportIo: (s, maxRows) => call((a) => a.exportIo(s, maxRows)),
    listRequestPresets: () => call((a) => a.listRequestPresets()),
    requestPreset: (id) => call((a) => a.requestPreset(id)),
    requestDevicePresets: () => call((a) => a.requestDevicePresets()),
    defaultRequestSpec: () => call((a) => a.defaultRequestSpec()),
    listBlockPresets: () => call((a) => a.listBlockPresets()),
    blockPreset: (name) => call((a) => a.blockPreset(name)),
    detectBlockTrace: (bytes) => call((a) => a.detectBlockTrace(bytes)),
    defaultBlockSpec: () => call((a) => a.defaultBlockSpec()),
    cancel: (id) => {
      void instance.then((a) => a.cancel(id));
    },
    erlangB: (c, x) => call((a) => a.erlangB(c, x)),
    streamsPerBandwidth: (bw, b) => call((a) => a.streamsPerBandwidth(bw, b)),
    zipfTopKMass: (n, s, k) => call((a) => a.zipfTopKMass(n, s, k)),
    lifetimeHours: (c, n, w, wa) => call((a) => a.lifetimeHours(c, n, w, wa)),
    writeAmplification: (r) => call((a) => a.writeAmplification(r)),
    costModelDefaults: () => call((a) => a.costModelDefaults()),
    costParamsFromTimings: (f, h, w) => call((a) => a.costParamsFromTimings(f, h, w)),
    costModel: (spec) => call((a) => a.costModel(spec)),
    costModelWriteSweep: (spec) => call((a) => a.costModelWriteSweep(spec)),
    partition: (gb, u, r) => call((a) => a.partition(gb, u, r)),
    waComparison: (rhos, seed) => call((a) => a.waComparison(rhos, seed)),
    waCurve: (rhos) => call((a) => a.waCurve(rhos)),
    reproductionClaims: () => call((a) => a.reproductionClaims()),
    evaluateClaims: (results) => call((a) => a.evaluateClaims(results)),
    evaluateClaimsWithRequests: (results, requests) => call((a) => a.evaluateClaimsWithRequests(results, requests)),
    studyCostTable: () => call((a) => a.studyCostTable()),
    rejectionNote: (result, what) => call((a) => a.rejectionNote(result, what)),
  };
}
