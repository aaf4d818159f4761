// The API a simulation worker exposes (through comlink). It is a plain
// object over the two initialised wasm modules, so the tests call it
// directly in Node with both loaded by `initSync`.
//
// The planner module (scenarios, the stream-level engine) is what every
// visit needs; the studies module (cost model, claims, request and block
// engines) is fetched the first time a call needs it. A call that needs it
// before it is there throws `StudiesNotLoaded` before doing anything, and
// the worker (worker-api.ts) loads the module and makes the call again.
import type { FieldError, PresetInfo, Progress, RunResult, Scenario, Device, LfuOverlay, Chassis, WorkloadFigures, ComparisonCase } from '../engine/types';
import type { MaxRateProgress, MaxRateResult, RequestResult } from '../http/types';
import { DEFAULT_CHUNK, driveJob, type SteppedJob } from '../engine/drive';

export { DEFAULT_CHUNK };
import type { BlockProgress, BlockResult, MrcResult, MrcSpec } from '../block/types';
import { runBlockJob, runMrcJob, type BlockRunDeps } from '../block/run';
import { flashCalls, type FlashCalls } from '../flash/worker-calls';
import { reproduceCalls, type ReproduceCalls } from '../reproduce/worker-calls';
import { requestCalls, type RequestCalls } from '../http/worker-calls';
import { blockCalls, type BlockCalls } from '../block/worker-calls';
import { characteriseCalls, withFleet, type CharacteriseCalls } from '../planner/worker-calls';
import { CHARACTERIZE_CHUNK, type Characterization, type CharacterizeProgress, type CharacterizeSpec } from '../planner/characterise';
import {
  ScenarioError,
  StudiesNotLoaded,
  WasmPanic,
  isFieldErrors,
  panicGuard,
  type CallContext,
  type PlannerWasm,
  type ScenarioModule,
  type StudiesSlot,
  type StudiesWasm,
} from '../engine/modules';

export { ScenarioError, StudiesNotLoaded, WasmPanic, type PlannerWasm, type StudiesSlot, type StudiesWasm };

/** Whether the planner's reader knows every section of a scenario. */
function isStreamLevel(s: { request?: unknown; block?: unknown }): boolean {
  return s.request == null && s.block == null;
}

/**
 * The scenario as the planner module reads it: its reader has no `request`
 * or `block` field, so empty ones (`null`) are left out.
 */
function forPlanner(s: Scenario): Scenario {
  if (!('request' in s) && !('block' in s)) return s;
  const copy: Scenario & { request?: unknown; block?: unknown } = { ...s };
  delete copy.request;
  delete copy.block;
  return copy;
}


export interface RunOptions {
  chunk?: number;
  /** Called after every chunk; awaited, so it also yields to the worker's event loop. */
  onProgress?: (p: Progress) => unknown;
}

/**
 * The worker's API: the engine's own calls (scenarios, the stream engine's
 * closed forms, every job) and each feature's worker-side calls.
 */
export interface SimApi extends FlashCalls, ReproduceCalls, RequestCalls, BlockCalls, CharacteriseCalls {
  ping(): string;
  validate(scenario: Scenario): FieldError[];
  /** Erlang B of the scenario's disk tier (undefined for several video classes). */
  diskTierBlocking(scenario: Scenario): number | undefined;
  /** The sweeps' static-LFU overlay (undefined without a file cache or for several classes). */
  staticLfuOverlay(scenario: Scenario): LfuOverlay | undefined;
  /** Parse scenario JSON (a file, a link); throws ScenarioError on a structural problem. */
  readScenario(json: string): Scenario;
  listPresets(): PresetInfo[];
  preset(id: string): Scenario;
  devicePresets(): Device[];
  /** The Flash lifetime tab's comparison runs, laid out by the core (`presets::lifetime_comparison`). */
  lifetimeComparison(): ComparisonCase[];
  /** The chassis catalog (model §10b). */
  chassisPresets(): Chassis[];
  defaultScenario(): Scenario;
  /** Run every replication, reporting progress; rejects with `cancelled` if `cancel(id)` is called. */
  run(id: number, scenario: Scenario, onProgress?: (p: Progress) => unknown, chunk?: number): Promise<RunResult>;
  cancel(id: number): void;
  erlangB(servers: number, offeredLoad: number): number;
  streamsPerBandwidth(bandwidthMbps: number, bitrateKbps: number): number;
  zipfTopKMass(n: number, exponent: number, k: number): number;
  lifetimeHours(capacityGb: number, peCycles: number, writeMbps: number, wa: number): number;
  writeAmplification(spareFactor: number): number;
  /** Library size of the scenario's workload in GB (1024³ B), the core's `Workload::library_mb`; undefined when the scenario cannot be read. */
  libraryGb(scenario: Scenario): number | undefined;
  /**
   * What the workload implies as the core computes it (`Workload::figures`):
   * library GB, mean video length (s), offered load λ × mean length
   * (streams); undefined when the scenario cannot be read, null figures
   * (NaN in the core) without a positive share.
   */
  workloadFigures(scenario: Scenario): WorkloadFigures | undefined;
  /** The arrival rate that keeps `streams` streams open with the scenario's classes (Little's law, `Workload::rate_for_streams`); undefined when the scenario cannot be read. */
  rateForStreams(scenario: Scenario, streams: number): number | undefined;
  /** Request-level run (model §11) of a scenario with a `request` section; cancelled like `run`. */
  runRequest(id: number, scenario: Scenario, onProgress?: (p: Progress) => unknown, chunk?: number): Promise<RequestResult>;
  /**
   * The highest rate meeting `request.search.miss_target`; `known` are
   * results of the same scenario at other rates (they bracket the search).
   */
  maxRate(
    id: number,
    scenario: Scenario,
    known: RequestResult[],
    onProgress?: (p: MaxRateProgress) => unknown,
    chunk?: number,
  ): Promise<MaxRateResult>;
  /**
   * A block cache study (model §13) of the scenario's `block` section; a trace
   * workload is read from `trace` in slices inside the worker. Cancelled like `run`.
   */
  runBlock(id: number, scenario: Scenario, trace: Blob | null, onProgress?: (p: BlockProgress) => unknown, chunk?: number): Promise<BlockResult>;
  /** The miss-ratio curve of a block trace file (model §13), read in slices inside the worker. Cancelled like `run`. */
  runMrc(id: number, spec: MrcSpec, trace: Blob, onProgress?: (p: BlockProgress) => unknown, chunk?: number): Promise<MrcResult>;
  /**
   * Every microbenchmark of the spec on a catalog device (model §11), `chunk`
   * I/Os per step; cancelled like `run`; throws a ScenarioError naming the
   * field it cannot take.
   */
  characterize(
    id: number,
    device: Device,
    spec: CharacterizeSpec,
    onProgress?: (p: CharacterizeProgress) => unknown,
    chunk?: number,
  ): Promise<Characterization>;
}


/** A small run that exercises the whole engine once after instantiation. */
export function warmupScenario(base: Scenario): Scenario {
  return {
    ...base,
    name: 'warm-up',
    run: { ...base.run, duration_h: 0.02, warmup_h: 0, replications: 1, timeseries: false, target_rejection: null },
  };
}

export function createSimApi(planner: PlannerWasm, studiesSlot: StudiesSlot): SimApi {
  const running = new Set<number>();
  const cancelled = new Set<number>();

  /** The studies module, or StudiesNotLoaded (the worker loads it and calls again). */
  function studies(): StudiesWasm {
    const m = studiesSlot();
    if (m === null) throw new StudiesNotLoaded();
    return m;
  }

  /** The module whose reader knows every section of the scenario. */
  function reader(s: Scenario): { wasm: ScenarioModule; scenario: Scenario } {
    return isStreamLevel(s) ? { wasm: planner, scenario: forPlanner(s) } : { wasm: studies(), scenario: s };
  }

  /** The module for scenario text: the planner's unless it has a study section. */
  function textReader(json: string): ScenarioModule {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return planner; // its reader reports where the text breaks
    }
    return typeof value === 'object' && value !== null && !isStreamLevel(value) ? studies() : planner;
  }

  const { guard, poisoned } = panicGuard('the simulation core', () => planner.takePanicMessage() ?? studiesSlot()?.takePanicMessage());

  /**
   * Create a core job and step it to the end with the one driver
   * (`drive.ts`); `cancel(id)` stops it with an AbortError.
   */
  async function drive<P extends { done: boolean }, R>(
    id: number,
    create: () => SteppedJob<P, R>,
    onProgress: ((p: P) => unknown) | undefined,
    chunk: number,
  ): Promise<R> {
    running.add(id);
    try {
      let job: SteppedJob<P, R>;
      try {
        job = guard(create);
      } catch (e) {
        if (isFieldErrors(e)) throw new ScenarioError(e);
        throw e;
      }
      return await driveJob(job, { chunk, guard, cancelled: () => cancelled.has(id), onProgress, canFree: () => !poisoned() });
    } finally {
      running.delete(id);
      cancelled.delete(id);
    }
  }

  /** A block-trace job (the block study, a miss-ratio curve): cancellable by id, field errors as a ScenarioError. */
  async function traceRun<T>(id: number, start: (deps: BlockRunDeps) => Promise<T>): Promise<T> {
    running.add(id);
    try {
      return await start({ guard, cancelled: () => cancelled.has(id), canFree: () => !poisoned() });
    } catch (e) {
      if (isFieldErrors(e)) throw new ScenarioError(e);
      throw e;
    } finally {
      running.delete(id);
      cancelled.delete(id);
    }
  }

  const ctx: CallContext = { planner, studies, guard };

  const api: SimApi = {
    ping: () => 'pong',
    validate(s) {
      const r = reader(s);
      return guard(() => r.wasm.validate(r.scenario));
    },
    diskTierBlocking(s) {
      const r = reader(s);
      return guard(() => r.wasm.diskTierBlocking(r.scenario));
    },
    libraryGb(s) {
      const r = reader(s);
      return guard(() => r.wasm.libraryGb(r.scenario));
    },
    workloadFigures(s) {
      const r = reader(s);
      return guard(() => r.wasm.workloadFigures(r.scenario));
    },
    rateForStreams(s, streams) {
      const r = reader(s);
      return guard(() => r.wasm.rateForStreams(r.scenario, streams));
    },
    staticLfuOverlay(s) {
      const r = reader(s);
      return guard(() => r.wasm.staticLfuOverlay(r.scenario));
    },
    readScenario(json) {
      try {
        const wasm = textReader(json);
        return guard(() => wasm.readScenario(json));
      } catch (e) {
        if (isFieldErrors(e)) throw new ScenarioError(e);
        throw e;
      }
    },
    listPresets: () => guard(() => planner.listPresets()),
    // The planner knows the stream-level presets; the request-level ones
    // (also opened by name, `#preset=`) are the studies module's.
    preset: (id) =>
      guard(() => (planner.listPresets().some((p) => p.id === id) ? planner.preset(id) : studies().requestPreset(id))),
    devicePresets: () => guard(() => planner.devicePresets()),
    lifetimeComparison: () => guard(() => planner.lifetimeComparison()),
    chassisPresets: () => guard(() => planner.chassisPresets()),
    defaultScenario: () => guard(() => planner.defaultScenario()),
    run: (id, scenario, onProgress, chunk = DEFAULT_CHUNK) => {
      const r = reader(scenario);
      return drive(id, () => withFleet(new r.wasm.SimJob(r.scenario)), onProgress, chunk);
    },
    runRequest: (id, scenario, onProgress, chunk = DEFAULT_CHUNK) => {
      const wasm = studies();
      return drive(id, () => new wasm.RequestSimJob(scenario), onProgress, chunk);
    },
    maxRate: (id, scenario, known, onProgress, chunk = DEFAULT_CHUNK) => {
      const wasm = studies();
      return drive(
        id,
        () => {
          const search = new wasm.MaxRateSearch(scenario);
          for (const r of known) search.addKnown(r);
          return search;
        },
        onProgress,
        chunk,
      );
    },
    runBlock: (id, scenario, trace, onProgress, chunk = DEFAULT_CHUNK) =>
      traceRun(id, (deps) => runBlockJob({ ...deps, BlockSimJob: studies().BlockSimJob }, scenario, { trace, onProgress, chunk })),
    runMrc: (id, spec, trace, onProgress, chunk = DEFAULT_CHUNK) =>
      traceRun(id, (deps) => runMrcJob({ ...deps, MrcSimJob: studies().MrcSimJob }, spec, trace, { onProgress, chunk })),
    characterize: (id, device, spec, onProgress, chunk = CHARACTERIZE_CHUNK) => {
      const wasm = studies();
      return drive(id, () => new wasm.Characterizer(device, spec), onProgress, chunk);
    },
    cancel(id) {
      // Only a run in progress can be cancelled; a late cancel is a no-op.
      if (running.has(id)) cancelled.add(id);
    },
    erlangB: (c, a) => guard(() => planner.erlangB(c, a)),
    streamsPerBandwidth: (bw, b) => guard(() => planner.streamsPerBandwidth(bw, b)),
    zipfTopKMass: (n, s, k) => guard(() => planner.zipfTopKMass(n, s, k)),
    lifetimeHours: (c, n, w, wa) => guard(() => planner.lifetimeHours(c, n, w, wa)),
    writeAmplification: (r) => guard(() => planner.writeAmplification(r)),
    ...flashCalls(ctx),
    ...reproduceCalls(ctx),
    ...requestCalls(ctx),
    ...blockCalls(ctx),
    ...characteriseCalls(ctx),
  };
  return api;
}
