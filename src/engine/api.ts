// The API a simulation worker exposes (through comlink). It is a plain
// object over the two initialised wasm modules, so the tests call it
// directly in Node with both loaded by `initSync`.
//
// The planner module (scenarios, the stream-level engine) is what every
// visit needs; the studies module (cost model, claims, request and block
// engines) is fetched the first time a call needs it. A call that needs it
// before it is there throws `StudiesNotLoaded` before doing anything, and
// the worker (worker-api.ts) loads the module and makes the call again.
import type * as Planner from '../wasm-pkg/tierplan_planner';
import type * as Studies from '../wasm-pkg/tierplan_studies';
import type { FieldError, PresetInfo, Progress, RunResult, Scenario, Device , LfuOverlay } from './types';
import type { CostModelDefaults, CostModelReport, CostModelSpec, CostParams, FlashTiming, HddTiming, Partition, WaPoint, WriteShareOptimum } from '../flash/types';
import type { Reproduction, ReproductionRow, RequestOutput, StudyConfig } from '../reproduce/types';
import type { MaxRateProgress, MaxRateResult, RequestResult, RequestSpec } from '../http/types';
import { driveJob, type SteppedJob } from './drive';
import type { BlockProgress, BlockResult, BlockSpec, BlockTraceFormat, BlockWorkloadPreset } from '../block/types';
import { runBlockJob } from '../block/run';

/** What both modules have: scenarios are read, checked and run by either. */
type ScenarioModule = Pick<typeof Planner, 'SimJob' | 'validate' | 'diskTierBlocking' | 'staticLfuOverlay' | 'readScenario' | 'takePanicMessage'>;

export type PlannerWasm = ScenarioModule &
  Pick<
    typeof Planner,
    | 'listPresets'
    | 'preset'
    | 'devicePresets'
    | 'defaultScenario'
    | 'erlangB'
    | 'streamsPerBandwidth'
    | 'zipfTopKMass'
    | 'lifetimeHours'
    | 'writeAmplification'
  >;

export type StudiesWasm = ScenarioModule &
  Pick<
    typeof Studies,
    | 'RequestSimJob'
    | 'BlockSimJob'
    | 'MaxRateSearch'
    | 'exportIo'
    | 'listRequestPresets'
    | 'requestPreset'
    | 'requestDevicePresets'
    | 'defaultRequestSpec'
    | 'listBlockPresets'
    | 'blockPreset'
    | 'detectBlockTrace'
    | 'defaultBlockSpec'
    | 'flashTiming'
    | 'hddTimingAssumed'
    | 'costModelAssumptions'
    | 'defaultCostModelSpec'
    | 'costParamsFromTimings'
    | 'costModel'
    | 'costModelWriteSweep'
    | 'partition'
    | 'gcSimConfig'
    | 'waComparison'
    | 'waCurve'
    | 'reproductionClaims'
    | 'evaluateClaims'
    | 'evaluateClaimsWithRequests'
    | 'studyCostTable'
    | 'rejectionNote'
  >;

/** The studies module if it is instantiated, else null. */
export type StudiesSlot = () => StudiesWasm | null;

/** A call needed the studies module before the worker had loaded it. */
export class StudiesNotLoaded extends Error {
  constructor() {
    super('the studies module is not loaded yet');
    this.name = 'StudiesNotLoaded';
  }
}

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

/** Events simulated per `SimJob.step` call between progress reports. */
export const DEFAULT_CHUNK = 200_000;

/** Thrown when the scenario is invalid; carries the core's field errors. */
export class ScenarioError extends Error {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.map((e) => `${e.path}: ${e.message}`).join('; '));
    this.name = 'ScenarioError';
    this.errors = errors;
  }
}

/** A Rust panic (the wasm instance is unusable afterwards). */
export class WasmPanic extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WasmPanic';
  }
}

export interface RunOptions {
  chunk?: number;
  /** Called after every chunk; awaited, so it also yields to the worker's event loop. */
  onProgress?: (p: Progress) => unknown;
}

export interface SimApi {
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
  defaultScenario(): Scenario;
  /** Run every replication, reporting progress; rejects with `cancelled` if `cancel(id)` is called. */
  run(id: number, scenario: Scenario, onProgress?: (p: Progress) => unknown, chunk?: number): Promise<RunResult>;
  cancel(id: number): void;
  erlangB(servers: number, offeredLoad: number): number;
  streamsPerBandwidth(bandwidthMbps: number, bitrateKbps: number): number;
  zipfTopKMass(n: number, exponent: number, k: number): number;
  lifetimeHours(capacityGb: number, peCycles: number, writeMbps: number, wa: number): number;
  writeAmplification(spareFactor: number): number;
  /** Flash endurance and the hybrid cost model (issue #7). */
  costModelDefaults(): CostModelDefaults;
  costParamsFromTimings(flash: FlashTiming, hdd: HddTiming, ioW: number): CostParams;
  /** Grid search of C_H(u, r); throws an Error naming each bad field (`cost_model.…`) and its range. */
  costModel(spec: CostModelSpec): CostModelReport;
  /** The optimum (u, r) and its partition for each write share IO_W of the core's sweep. */
  costModelWriteSweep(spec: CostModelSpec): WriteShareOptimum[];
  partition(totalGb: number, u: number, r: number): Partition;
  /** WA by the Lambert-W formula beside the greedy-GC simulator's, per ρ. */
  waComparison(rhos: number[], seed: number): WaPoint[];
  waCurve(rhos: number[]): [number, number][];
  /** The reproduction page (model §12): every published claim and the scenarios it simulates. */
  reproductionClaims(): Reproduction;
  /** The claims table for the results at hand, by scenario id (missing runs leave claims pending). */
  evaluateClaims(results: Record<string, RunResult>): ReproductionRow[];
  /** The same with the request-level runs and searches (by `request_scenarios` id) the NOSSDAV'12 rows need. */
  evaluateClaimsWithRequests(results: Record<string, RunResult>, requests: Record<string, RequestOutput>): ReproductionRow[];
  /** The MMSys'11 cost table as the study reports it. */
  studyCostTable(): StudyConfig[];
  /** Why a configuration rejects in the simulation ("" when it does not). */
  rejectionNote(result: RunResult, what: string): string;
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
  /** The synthetic block workload presets (model §13), with their assumptions. */
  listBlockPresets(): BlockWorkloadPreset[];
  blockPreset(name: string): BlockWorkloadPreset;
  /** The trace format of a file from its first bytes, or null when none fits. */
  detectBlockTrace(firstBytes: Uint8Array): BlockTraceFormat | null;
  defaultBlockSpec(): BlockSpec;
  /** The generated I/O stream of replication 0 as CSV (at most `maxRows` rows). */
  exportIo(scenario: Scenario, maxRows: number): string;
  listRequestPresets(): PresetInfo[];
  requestPreset(id: string): Scenario;
  requestDevicePresets(): Device[];
  defaultRequestSpec(): RequestSpec;
}

function isFieldErrors(x: unknown): x is FieldError[] {
  return Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && 'path' in e && 'message' in e);
}

/** A small run that exercises the whole engine once after instantiation. */
export function warmupScenario(base: Scenario): Scenario {
  return {
    ...base,
    name: 'warm-up',
    run: { ...base.run, duration_h: 0.02, warmup_h: 0, replications: 1, timeseries: false },
  };
}

export function createSimApi(planner: PlannerWasm, studiesSlot: StudiesSlot): SimApi {
  const running = new Set<number>();
  const cancelled = new Set<number>();
  let poisoned: string | null = null;

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

  /** Call into wasm; a trap becomes a WasmPanic carrying the Rust message. */
  function guard<T>(f: () => T): T {
    if (poisoned !== null) throw new WasmPanic(poisoned);
    try {
      return f();
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        const msg = planner.takePanicMessage() ?? studiesSlot()?.takePanicMessage() ?? e.message;
        poisoned = `the simulation core crashed: ${msg}`;
        throw new WasmPanic(poisoned);
      }
      throw e;
    }
  }

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
      return await driveJob(job, { chunk, guard, cancelled: () => cancelled.has(id), onProgress, canFree: () => poisoned === null });
    } finally {
      running.delete(id);
      cancelled.delete(id);
    }
  }

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
    defaultScenario: () => guard(() => planner.defaultScenario()),
    run: (id, scenario, onProgress, chunk = DEFAULT_CHUNK) => {
      const r = reader(scenario);
      return drive(id, () => new r.wasm.SimJob(r.scenario), onProgress, chunk);
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
    async runBlock(id, scenario, trace, onProgress, chunk = DEFAULT_CHUNK) {
      const wasm = studies();
      running.add(id);
      try {
        return await runBlockJob({ BlockSimJob: wasm.BlockSimJob, guard, cancelled: () => cancelled.has(id), canFree: () => poisoned === null }, scenario, {
          trace,
          onProgress,
          chunk,
        });
      } catch (e) {
        if (isFieldErrors(e)) throw new ScenarioError(e);
        throw e;
      } finally {
        running.delete(id);
        cancelled.delete(id);
      }
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
    costModelDefaults: () =>
      guard(() => {
        const wasm = studies();
        return {
          spec: wasm.defaultCostModelSpec(),
          timings: { slc: wasm.flashTiming('slc'), mlc: wasm.flashTiming('mlc'), tlc: wasm.flashTiming('tlc') },
          hdd: wasm.hddTimingAssumed(),
          assumptions: wasm.costModelAssumptions(),
        };
      }),
    costParamsFromTimings: (f, h, w) => guard(() => studies().costParamsFromTimings(f, h, w)),
    costModel: (spec) => guard(() => studies().costModel(spec)),
    costModelWriteSweep: (spec) => guard(() => studies().costModelWriteSweep(spec)),
    partition: (gb, u, r) => guard(() => studies().partition(gb, u, r)),
    waComparison: (rhos, seed) =>
      guard(() => {
        const wasm = studies();
        return wasm.waComparison(rhos, wasm.gcSimConfig(rhos[0] ?? 0.28, seed));
      }).map(([rho, formula, sim]) => ({
        rho,
        formula,
        // The simulator cannot run a ρ too small for its block count (NaN → JSON null).
        simulated: sim ?? null,
      })),
    waCurve: (rhos) => guard(() => studies().waCurve(rhos)),
    reproductionClaims: () => guard(() => studies().reproductionClaims()),
    evaluateClaims: (results) => guard(() => studies().evaluateClaims(results)),
    evaluateClaimsWithRequests: (results, requests) => guard(() => studies().evaluateClaimsWithRequests(results, requests)),
    studyCostTable: () => guard(() => studies().studyCostTable()),
    rejectionNote: (result, what) => guard(() => studies().rejectionNote(result, what)),
    exportIo(scenario, maxRows) {
      try {
        return guard(() => studies().exportIo(scenario, maxRows));
      } catch (e) {
        if (isFieldErrors(e)) throw new ScenarioError(e);
        throw e;
      }
    },
    listRequestPresets: () => guard(() => studies().listRequestPresets()),
    requestPreset: (id) => guard(() => studies().requestPreset(id)),
    requestDevicePresets: () => guard(() => studies().requestDevicePresets()),
    defaultRequestSpec: () => guard(() => studies().defaultRequestSpec()),
    listBlockPresets: () => guard(() => studies().listBlockPresets()),
    blockPreset: (name) => guard(() => studies().blockPreset(name)),
    detectBlockTrace: (bytes) => guard(() => studies().detectBlockTrace(bytes)),
    defaultBlockSpec: () => guard(() => studies().defaultBlockSpec()),
  };
  return api;
}
