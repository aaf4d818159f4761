// The busiest hour of a scenario's rate profile, computed by the core in the
// logs worker; null without a profile (peak-hour planning, model §14).
import { useEffect, useState } from 'react';
import { browserLogs, type LogsClient } from './client';
import type { PeakHour, Scenario } from './types';

export function usePeakHour(s: Scenario, logs: LogsClient = browserLogs): PeakHour | null {
  const [peak, setPeak] = useState<PeakHour | null>(null);
  const profile = s.workload.rate_profile;
  useEffect(() => {
    if (!profile) {
      setPeak(null);
      return;
    }
    let live = true;
    logs.peakHour(s).then(
      (p) => live && setPeak(p),
      () => live && setPeak(null), // an invalid scenario has no peak to plan for
    );
    return () => {
      live = false;
    };
  }, [s, profile, logs]);
  return profile ? peak : null;
}
