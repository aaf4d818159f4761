// What the workload implies — library size, mean video length, offered load
// λ × mean length — as the core computes it (`Workload::figures` in
// wasm/scenario, the one home of these formulas), asked on a worker after
// every edit of the scenario (read, not range checked: cheap).
import { useEffect, useState } from 'react';
import type { Scenario, WorkloadFigures } from '../engine/types';

/** The core's last answer; undefined until it answers, or when it cannot read the scenario (an emptied field). */
export function useWorkloadFigures(ask: (s: Scenario) => Promise<WorkloadFigures | undefined>, scenario: Scenario): WorkloadFigures | undefined {
  const [answer, setAnswer] = useState<{ figures: WorkloadFigures | undefined } | null>(null);
  useEffect(() => {
    let live = true;
    ask(scenario).then(
      (figures) => live && setAnswer({ figures }),
      () => live && setAnswer({ figures: undefined }),
    );
    return () => {
      live = false;
    };
  }, [ask, scenario]);
  // The last answer stays shown while the next one is asked (no flicker while typing).
  return answer?.figures;
}

/** A figure the core sent as a number (its NaN arrives as null in JSON); undefined otherwise. */
export function figure(x: number | null | undefined): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}
