// The two wasm modules as the worker holds them, and what every call into
// them shares: the errors a call can end with and the context a feature's
// worker-side calls are given (the modules, the panic guard). A leaf of the
// engine: the features' worker calls import it, src/worker/ composes them.
import type * as Planner from '../wasm-pkg/tierplan_planner';
import type * as Studies from '../wasm-pkg/tierplan_studies';
import type { FieldError } from './types';

/** What both modules have: scenarios are read, checked and run by either. */
export type ScenarioModule = Pick<typeof Planner, 'SimJob' | 'validate' | 'libraryGb' | 'workloadFigures' | 'rateForStreams' | 'diskTierBlocking' | 'staticLfuOverlay' | 'readScenario' | 'takePanicMessage'>;

export type PlannerWasm = ScenarioModule &
  Pick<
    typeof Planner,
    | 'listPresets'
    | 'preset'
    | 'devicePresets'
    | 'lifetimeComparison'
    | 'chassisPresets'
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
    | 'MrcSimJob'
    | 'MaxRateSearch'
    | 'exportIo'
    | 'listRequestPresets'
    | 'requestPreset'
    | 'requestDevicePresets'
    | 'defaultRequestSpec'
    | 'figurePlan'
    | 'figureOutline'
    | 'publishedServerClaims'
    | 'figurePointScenario'
    | 'rateLoads'
    | 'ssdQueueDepths'
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
    | 'Characterizer'
    | 'characterizePlan'
    | 'defaultCharacterizeSpec'
    | 'deviceFigures'
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

/** Calls into one wasm instance, guarded: see `panicGuard`. */
export interface PanicGuard {
  /** Call into wasm; a trap becomes a WasmPanic carrying the Rust message. */
  guard: <T>(f: () => T) => T;
  /** Whether the instance has trapped (it is unusable: every later call throws the same WasmPanic). */
  poisoned: () => boolean;
}

/**
 * The one guard for calls into a wasm instance (the simulation worker's
 * modules, the log reader's): a trap (`RuntimeError: unreachable`) becomes a
 * WasmPanic saying "`what` crashed: <the Rust panic message>", and poisons
 * the instance so that no later call runs on it.
 */
export function panicGuard(what: string, panicMessage: () => string | null | undefined): PanicGuard {
  let poisoned: string | null = null;
  return {
    guard<T>(f: () => T): T {
      if (poisoned !== null) throw new WasmPanic(poisoned);
      try {
        return f();
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError) {
          poisoned = `${what} crashed: ${panicMessage() ?? e.message}`;
          throw new WasmPanic(poisoned);
        }
        throw e;
      }
    },
    poisoned: () => poisoned !== null,
  };
}

export function isFieldErrors(x: unknown): x is FieldError[] {
  return Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && 'path' in e && 'message' in e);
}

/** What a feature's worker-side calls are given by the engine. */
export interface CallContext {
  planner: PlannerWasm;
  /** The studies module, or StudiesNotLoaded (the worker loads it and calls again). */
  studies: () => StudiesWasm;
  /** Call into wasm; a trap becomes a WasmPanic carrying the Rust message. */
  guard: <T>(f: () => T) => T;
}

/** Run `f`; the core's field errors it throws become a ScenarioError. */
export function withScenarioErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isFieldErrors(e)) throw new ScenarioError(e);
    throw e;
  }
}
