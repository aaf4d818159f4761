// Run several scenarios through the engine's worker pool at once, with one
// combined progress figure and one cancel for all of them.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunResult, Scenario } from '../engine/types';
import type { Engine } from '../worker/contract';

export type BatchState =
  | { status: 'idle' }
  | { status: 'running'; fraction: number; done: number; total: number }
  | { status: 'done'; results: RunResult[]; seconds: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export function useBatchRun(engine: Engine) {
  const [state, setState] = useState<BatchState>({ status: 'idle' });
  const ac = useRef<AbortController | null>(null);

  const start = useCallback(
    (scenarios: Scenario[]) => {
      ac.current?.abort();
      const ctl = new AbortController();
      ac.current = ctl;
      const fractions = scenarios.map(() => 0);
      let done = 0;
      const t0 = performance.now();
      const report = () => {
        if (ac.current !== ctl) return;
        const fraction = fractions.reduce((a, b) => a + b, 0) / Math.max(1, scenarios.length);
        setState({ status: 'running', fraction, done, total: scenarios.length });
      };
      report();
      Promise.all(
        scenarios.map((s, i) =>
          engine
            .run(s, {
              signal: ctl.signal,
              onProgress: (p) => {
                fractions[i] = p.fraction;
                report();
              },
            })
            .then((r) => {
              fractions[i] = 1;
              done++;
              report();
              return r;
            }),
        ),
      ).then(
        (results) => {
          if (ac.current === ctl) setState({ status: 'done', results, seconds: (performance.now() - t0) / 1000 });
        },
        (e: unknown) => {
          if (ac.current !== ctl) return;
          // One failure stops the others.
          ctl.abort();
          const name = e instanceof Error || e instanceof DOMException ? e.name : '';
          if (name === 'AbortError') setState({ status: 'cancelled' });
          else setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
        },
      );
    },
    [engine],
  );

  const cancel = useCallback(() => ac.current?.abort(), []);
  useEffect(() => () => ac.current?.abort(), []);
  return { state, start, cancel };
}
