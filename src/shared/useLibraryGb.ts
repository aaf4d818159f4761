// The library's size as the core computes it (`libraryGb`, the one home of
// the formula: `Workload::library_mb` in wasm/scenario), asked on a worker
// after every edit of the scenario (read, not range checked: cheap).
import { useEffect, useState } from 'react';
import type { Scenario } from '../engine/types';

/** GB (1024³ B); undefined until the core answers, or when it cannot read the scenario (an emptied field). */
export function useLibraryGb(ask: (s: Scenario) => Promise<number | undefined>, scenario: Scenario): number | undefined {
  const [answer, setAnswer] = useState<{ gb: number | undefined } | null>(null);
  useEffect(() => {
    let live = true;
    ask(scenario).then(
      (gb) => live && setAnswer({ gb }),
      () => live && setAnswer({ gb: undefined }),
    );
    return () => {
      live = false;
    };
  }, [ask, scenario]);
  // The last answer stays shown while the next one is asked (no flicker while typing).
  return answer?.gb;
}
