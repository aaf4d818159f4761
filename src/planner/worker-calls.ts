// The device catalog's worker-side calls: a device's characterisation
// (model §11) and the published figures of the presets' real drives. They
// are the studies module's; the characterisation is queued on the pool as a
// job (src/worker/calls.ts), the other two are short calls.
import { withScenarioErrors, type CallContext } from '../engine/modules';
import type { Device } from '../engine/types';
import type { Characterization, CharacterizePlan, CharacterizeSpec, DeviceFigure } from './characterise';

export interface CharacteriseCalls {
  /** Every microbenchmark of the spec on the device; throws a ScenarioError naming the field it cannot take. */
  characterize(device: Device, spec: CharacterizeSpec): Characterization;
  /** The model the core runs for the device and spec, and the 4 KB writes its preconditioning simulates one by one. */
  characterizePlan(device: Device, spec: CharacterizeSpec): CharacterizePlan;
  defaultCharacterizeSpec(): CharacterizeSpec;
  deviceFigures(): DeviceFigure[];
}

export function characteriseCalls({ guard, studies }: CallContext): CharacteriseCalls {
  return {
    characterize: (device, spec) => withScenarioErrors(() => guard(() => studies().characterize(device, spec))),
    characterizePlan: (device, spec) => guard(() => studies().characterizePlan(device, spec)),
    defaultCharacterizeSpec: () => guard(() => studies().defaultCharacterizeSpec()),
    deviceFigures: () => guard(() => studies().deviceFigures()),
  };
}
