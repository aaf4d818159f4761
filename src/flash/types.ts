// Boundary types of the flash-endurance and cost-model exports (issue #7):
// the core's types re-exported from the generated .d.ts, plus the shapes the
// worker API composes from them. Leaf module: it imports no engine code.
import type { CostModelSpec, FlashTiming, HddTiming } from '../wasm-pkg/tierplan_studies';

export type {
  CostGrid,
  CostModelReport,
  CostModelSpec,
  CostParams,
  CostPoint,
  FlashTiming,
  GcSimConfig,
  GcSimResult,
  HddTiming,
  Partition,
  WriteShareOptimum,
  ZipfWorkload,
} from '../wasm-pkg/tierplan_studies';

/** The cost model's documented defaults and its timing presets. */
export interface CostModelDefaults {
  /** The FAST'12 example: what a scenario without its own `cost_model` shows. */
  spec: CostModelSpec;
  /** HySSC chip timings per cell type. */
  timings: { slc: FlashTiming; mlc: FlashTiming; tlc: FlashTiming };
  /** The assumed disk (no source study gives one). */
  hdd: HddTiming;
  /** Every value above that is an assumption, as labels. */
  assumptions: string[];
}

/** WA for one spare factor ρ: Lambert-W formula and greedy-GC simulation. */
export interface WaPoint {
  rho: number;
  formula: number;
  /** `null` where the simulator cannot run this ρ. */
  simulated: number | null;
}
