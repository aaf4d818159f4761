// The Scenario tab's run: one simulation of the edited scenario on the
// worker pool, with its progress, Cancel and how it ended.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Progress, RunResult, Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; progress: Progress | null; started: number }
  | { status: 'done'; result: RunResult; seconds: number; ran: Scenario }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

/** The run of `scenario`: its state, `start` (a new run replaces the last) and `cancel`. */
export function useRun(engine: Pick<Engine, 'run'>, scenario: Scenario | null) {
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  const start = useCallback(() => {
    if (!scenario) return;
    const ac = new AbortController();
    abortRef.current = ac;
    const started = performance.now();
    setRun({ status: 'running', progress: null, started });
    engine
      .run(scenario, {
        signal: ac.signal,
        onProgress: (progress) => setRun((r) => (r.status === 'running' && abortRef.current === ac ? { ...r, progress } : r)),
      })
      .then(
        (result) => {
          if (abortRef.current !== ac) return;
          setRun({ status: 'done', result, seconds: (performance.now() - started) / 1000, ran: scenario });
        },
        (e: unknown) => {
          if (abortRef.current !== ac) return;
          if (e instanceof Error || e instanceof DOMException) {
            if (e.name === 'AbortError') setRun({ status: 'cancelled' });
            else setRun({ status: 'failed', message: e.message });
          } else setRun({ status: 'failed', message: String(e) });
        },
      );
  }, [engine, scenario]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);
  useEffect(() => () => abortRef.current?.abort(), []);
  return { run, start, cancel };
}
