// The reproduction calls of a SimApi as an async engine (tests: no worker).
import type { SimApi } from '../../src/engine/api';
import type { ReproductionAnalytics } from '../../src/engine/contract';

export function reproductionAnalytics(api: SimApi): ReproductionAnalytics {
  const later = <T>(f: () => T) => new Promise<T>((resolve) => resolve(f()));
  return {
    reproductionClaims: () => later(() => api.reproductionClaims()),
    evaluateClaims: (...a) => later(() => api.evaluateClaims(...a)),
    evaluateClaimsWithRequests: (...a) => later(() => api.evaluateClaimsWithRequests(...a)),
    studyCostTable: () => later(() => api.studyCostTable()),
    rejectionNote: (...a) => later(() => api.rejectionNote(...a)),
  };
}
