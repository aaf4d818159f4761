// Boundary types of the reproduction page (SPEC §12): the core's types
// re-exported from the generated .d.ts, and the engine calls that serve them.
import type { SimApi } from './api';

export type {
  Analytic,
  Claim,
  ClaimOutcome,
  Combine,
  Difference,
  Expect,
  Input,
  Method,
  Metric,
  Ours,
  ReproScenario,
  Reproduction,
  ReproductionRow,
  Study,
  StudyConfig,
  Verdict,
} from '../wasm-pkg/tierplan_wasm';

/** The reproduction calls the UI makes on the engine (each in a worker). */
export type ReproductionAnalytics = {
  [K in 'reproductionClaims' | 'evaluateClaims' | 'studyCostTable' | 'rejectionNote']: (
    ...args: Parameters<SimApi[K]>
  ) => Promise<ReturnType<SimApi[K]>>;
};
