// The Study claims tab's calls as the simulation worker answers them: the
// claims, their verdicts for the results at hand, and the MMSys'11 cost
// table (model §12). src/worker/api.ts composes them into the worker's API.
import { withScenarioErrors, type CallContext } from '../engine/modules';
import type { RunResult } from '../engine/types';
import type { Reproduction, ReproductionRow, RequestOutput, ServerClaim, StudyConfig } from './types';

export interface ReproduceCalls {
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
  /** The published servers' claims (model §10b): four short stream-level runs, a second or two. */
  publishedServerClaims(): ServerClaim[];
}

export function reproduceCalls({ guard, studies }: CallContext): ReproduceCalls {
  return {
    reproductionClaims: () => guard(() => studies().reproductionClaims()),
    evaluateClaims: (results) => guard(() => studies().evaluateClaims(results)),
    evaluateClaimsWithRequests: (results, requests) => guard(() => studies().evaluateClaimsWithRequests(results, requests)),
    studyCostTable: () => guard(() => studies().studyCostTable()),
    rejectionNote: (result, what) => guard(() => studies().rejectionNote(result, what)),
    publishedServerClaims: () => withScenarioErrors(() => guard(() => studies().publishedServerClaims())),
  };
}
