// The Flash endurance tab's calls as the simulation worker answers them: the
// FAST'12 cost model, WA against spare space, and their defaults (model §8,
// §9). src/worker/api.ts composes them into the worker's API.
import type { CallContext } from '../engine/modules';
import type { CostModelDefaults, CostModelReport, CostModelSpec, CostParams, FlashTiming, HddTiming, Partition, WaPoint, WriteShareOptimum } from './types';

export interface FlashCalls {
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
}

export function flashCalls({ guard, studies }: CallContext): FlashCalls {
  return {
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
  };
}
