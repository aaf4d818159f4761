// The reproduction page's data: the core's claims, the table for the
// results so far, and "Run all" — every simulated claim's scenario (the
// stream-level runs, and the request-level runs and highest-rate searches of
// the NOSSDAV'12 rows) queued on the worker pool at once, the table
// re-evaluated (by the core, in a worker) as each finishes, so Cancel keeps
// whatever has finished.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunResult } from '../engine/types';
import type { Reproduction, ReproductionRow, RequestOutput, RequestReproScenario } from './types';
import type { Engine } from '../worker/contract';

export type RunAllState =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number; fraction: number }
  | { status: 'done'; total: number; seconds: number }
  | { status: 'cancelled'; done: number; total: number }
  | { status: 'failed'; message: string };

function messageOf(e: unknown): string {
  return e instanceof Error || e instanceof DOMException ? e.message : String(e);
}

function isAbort(e: unknown): boolean {
  return (e instanceof Error || e instanceof DOMException) && e.name === 'AbortError';
}

export function useReproduction(engine: Engine) {
  const [plan, setPlan] = useState<Reproduction | null>(null);
  const [rows, setRows] = useState<ReproductionRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [state, setState] = useState<RunAllState>({ status: 'idle' });
  const ac = useRef<AbortController | null>(null);
  // Evaluations come back from whichever worker is free: keep only the newest.
  const seq = useRef(0);

  const evaluate = useCallback(
    (results: Record<string, RunResult>, requests: Record<string, RequestOutput>) => {
      const mine = ++seq.current;
      return engine.evaluateClaimsWithRequests(results, requests).then((r) => {
        if (mine === seq.current) setRows(r);
      });
    },
    [engine],
  );

  useEffect(() => {
    let live = true;
    // Closed forms and "not modelled" rows show at once; simulated ones wait for Run all.
    Promise.all([engine.reproductionClaims(), engine.evaluateClaimsWithRequests({}, {})]).then(
      ([p, r]) => {
        if (!live) return;
        setPlan(p);
        setRows(r);
      },
      (e: unknown) => live && setLoadError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [engine]);

  const runAll = useCallback(() => {
    if (!plan) return;
    ac.current?.abort();
    const ctl = new AbortController();
    ac.current = ctl;
    const requestScenarios = plan.request_scenarios;
    const total = plan.scenarios.length + requestScenarios.length;
    const fractions = new Map<string, number>();
    const results: Record<string, RunResult> = {};
    const requests: Record<string, RequestOutput> = {};
    let done = 0;
    const t0 = performance.now();
    const report = () => {
      if (ac.current !== ctl || ctl.signal.aborted) return;
      const sum = [...fractions.values()].reduce((a, b) => a + b, 0);
      setState({ status: 'running', done, total, fraction: sum / Math.max(1, total) });
    };
    report();
    // A fresh run: every simulated row is pending again until its runs finish.
    void evaluate({}, {});
    const finished = () => {
      done++;
      report();
      return evaluate({ ...results }, { ...requests });
    };
    /** A request-level claim's run, or its search (progress: points done of the bisection's bound). */
    const requestJob = (s: RequestReproScenario): Promise<RequestOutput> => {
      const signal = ctl.signal;
      if (!s.search)
        return engine
          .runRequest(s.scenario, { signal, onProgress: (p) => (fractions.set(s.id, p.fraction), report()) })
          .then((result) => ({ kind: 'run', result }));
      return engine
        .maxRate(s.scenario, [], {
          signal,
          onProgress: (p) => {
            fractions.set(s.id, (p.points_done + p.point_fraction) / Math.max(1, p.points_done + p.points_left));
            report();
          },
        })
        .then((result) => ({ kind: 'max_rate', result }));
    };
    const requestRuns = requestScenarios.map((s) =>
      requestJob(s).then((out) => {
        if (ac.current !== ctl) return;
        requests[s.id] = out;
        fractions.set(s.id, 1);
        return finished();
      }),
    );
    const runs = plan.scenarios.map((s) =>
      engine
        .run(s.scenario, {
          signal: ctl.signal,
          onProgress: (p) => {
            fractions.set(s.id, p.fraction);
            report();
          },
        })
        .then((r) => {
          if (ac.current !== ctl) return;
          results[s.id] = r;
          fractions.set(s.id, 1);
          return finished();
        }),
    );
    Promise.all([...runs, ...requestRuns]).then(
      () => {
        if (ac.current === ctl) setState({ status: 'done', total, seconds: (performance.now() - t0) / 1000 });
      },
      (e: unknown) => {
        if (ac.current !== ctl) return;
        // One failure stops the rest; what finished stays in the table.
        ctl.abort();
        setState(isAbort(e) ? { status: 'cancelled', done, total } : { status: 'failed', message: messageOf(e) });
      },
    );
  }, [engine, plan, evaluate]);

  const cancel = useCallback(() => ac.current?.abort(), []);
  useEffect(() => () => ac.current?.abort(), []);

  return { plan, rows, loadError, state, runAll, cancel };
}
