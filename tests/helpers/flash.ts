// The flash analytics of a SimApi as an async engine (tests: no worker).
import type { SimApi } from '../../src/engine/api';
import type { FlashAnalytics } from '../../src/engine/contract';

export function flashAnalytics(api: SimApi): FlashAnalytics {
  const later = <T>(f: () => T) => new Promise<T>((resolve) => resolve(f()));
  return {
    costModelDefaults: () => later(() => api.costModelDefaults()),
    costModel: (...a) => later(() => api.costModel(...a)),
    costModelWriteSweep: (...a) => later(() => api.costModelWriteSweep(...a)),
    costParamsFromTimings: (...a) => later(() => api.costParamsFromTimings(...a)),
    waComparison: (...a) => later(() => api.waComparison(...a)),
    waCurve: (...a) => later(() => api.waCurve(...a)),
    lifetimeHours: (...a) => later(() => api.lifetimeHours(...a)),
  };
}
