// The optimiser form's state and the OptimizeSpec it stands for.
import type { Architecture, OptimizeSpec } from '../engine/types';

export interface SpecForm {
  architectures: Architecture[];
  target: number;
  criterion: 'simulated' | 'study_capacity';
  /** Blank = derived from the workload by the core. */
  maxDisk: string;
  maxIntervalCache: string;
  maxFileCache: string;
  /** Peak-utilisation ceiling on every tier, a fraction; `null` = the core's default (the planner's warning threshold). */
  ceiling: number | null;
  tcoOn: boolean;
  years: number;
  usdPerKwh: number;
  hoursPerDay: number;
}

export const STUDY_ARCHITECTURES: Architecture[] = ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'];

/** A plan's default: at most 1 % of viewers turned away (the study check sets its own 0). */
export const DEFAULT_FORM: SpecForm = {
  architectures: STUDY_ARCHITECTURES,
  target: 0.01,
  criterion: 'simulated',
  maxDisk: '',
  maxIntervalCache: '',
  maxFileCache: '',
  ceiling: null,
  tcoOn: true,
  years: 5,
  usdPerKwh: 0.12,
  hoursPerDay: 24,
};

/** A blank maximum is `null` (derived); anything else goes to the core as typed, so it can name the field. */
function max(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

export function toSpec(f: SpecForm): OptimizeSpec {
  return {
    architectures: f.architectures,
    target: f.target,
    criterion: f.criterion,
    max_counts: { disk: max(f.maxDisk), interval_cache: max(f.maxIntervalCache), file_cache: max(f.maxFileCache) },
    tco: f.tcoOn ? { years: f.years, usd_per_kwh: f.usdPerKwh, hours_per_day: f.hoursPerDay } : null,
    // The cap on replications is the core's default (stated with the results).
    max_replications: null,
    max_peak_utilisation: f.ceiling,
  };
}
