// The device catalog's worker-side short calls: a characterisation's plan,
// the default spec and the published figures of the presets' real drives.
// They are the studies module's; the characterisation itself is a stepped
// job (the core's `Characterizer`, driven like every engine's job in
// src/worker/api.ts), queued on the pool with progress and Cancel.
import type { CallContext } from '../engine/modules';
import type { Device, FleetRun, RunResult } from '../engine/types';
import type { SteppedJob } from '../engine/drive';
import type { CharacterizePlan, CharacterizeSpec, DeviceFigure } from './characterise';

export interface CharacteriseCalls {
  /** The model the core runs for the device and spec, and the 4 KB writes its preconditioning simulates one by one. */
  characterizePlan(device: Device, spec: CharacterizeSpec): CharacterizePlan;
  defaultCharacterizeSpec(): CharacterizeSpec;
  deviceFigures(): DeviceFigure[];
}

export function characteriseCalls({ guard, studies }: CallContext): CharacteriseCalls {
  return {
    characterizePlan: (device, spec) => guard(() => studies().characterizePlan(device, spec)),
    defaultCharacterizeSpec: () => guard(() => studies().defaultCharacterizeSpec()),
    deviceFigures: () => guard(() => studies().deviceFigures()),
  };
}

// A run with a server section carries its fleet's totals (which server was
// simulated and why, the fleet's capital and rack units, model §10b) beside
// the deciding server's result: the worker asks the job for them once it
// is done and adds them to the result it posts.

/** A planner run's result: the (deciding) server's, with the fleet's totals when the scenario has a server. */
export type PlannedRun = RunResult & { fleet?: FleetTotals };

/** The fleet's run without a second copy of the server's result. */
export type FleetTotals = Omit<FleetRun, 'server'>;

interface FleetJob<P> extends SteppedJob<P, RunResult> {
  fleetRun(): FleetRun | undefined;
}

/** The job with its fleet's totals added to the result (the whole fleet run minus a second copy of the server's result). */
export function withFleet<P>(job: FleetJob<P>): SteppedJob<P, PlannedRun> {
  return {
    step: (budget) => job.step(budget),
    free: () => job.free(),
    result: () => {
      const r: PlannedRun = job.result();
      const f = job.fleetRun();
      if (f) r.fleet = { simulated: f.simulated, capital_cost: f.capital_cost, rack_units: f.rack_units };
      return r;
    },
  };
}

/** The fleet's totals of a planner run, if it had a server. */
export function fleetOf(r: RunResult): FleetTotals | undefined {
  return (r as PlannedRun).fleet;
}
