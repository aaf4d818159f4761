// Boundary types of the reproduction page (model §12): the core's types
// re-exported from the generated .d.ts.

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
  RequestInput,
  RequestMetric,
  RequestOutput,
  RequestReproScenario,
  Reproduction,
  ReproductionRow,
  Study,
  StudyConfig,
  Verdict,
  ServerClaim,
  ServerVerdict,
} from '../wasm-pkg/tierplan_studies';
