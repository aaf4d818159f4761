// The library's size as the core computes it (`libraryGb`, the one home of
// the formula: `Workload::library_mb` in wasm/scenario), asked on a worker
// whenever the workload changes.
import { useEffect, useState } from 'react';
import type { Workload } from '../engine/types';

/** GB (1024³ B); undefined until the core answers, or when it cannot read the workload (an emptied field). */
export function useLibraryGb(ask: (w: Workload) => Promise<number | undefined>, workload: Workload): number | undefined {
  const [answer, setAnswer] = useState<{ workload: Workload; gb: number | undefined } | null>(null);
  useEffect(() => {
    let live = true;
    ask(workload).then(
      (gb) => live && setAnswer({ workload, gb }),
      () => live && setAnswer({ workload, gb: undefined }),
    );
    return () => {
      live = false;
    };
  }, [ask, workload]);
  // The last answer stays shown while the next one is asked (no flicker while typing).
  return answer?.gb;
}
