// @vitest-environment jsdom
// The figure's loop in the tab (useFigureRun) with two workers: a worker that
// would wait for a pass's last runs takes a run the core lists `ahead`, and
// the finished figure is the one the core gives when its passes run one
// after another (the same points, the same number of runs, none twice).
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/engine/types';
import type { Engine } from '../../src/worker/contract';
import type { FigureRunDone, FigureStep } from '../../src/http/types';
import { coreSettings, type FigureSettings, type SeriesId } from '../../src/http/figure';
import { useFigureRun } from '../../src/http/useFigureRun';
import { testEngine } from '../helpers/engine';
import { requestJobs } from '../helpers/request';
import { simApi } from '../helpers/wasm';

// HDD only misses at 23.2 requests/s in 36 s runs (not saturated): its next
// replications are certain from the first picture on.
const settings: FigureSettings = { fromRate: 4, toRate: 28, points: 11, replications: 3, durationH: 0.01, warmupH: 0.01 };
const only: SeriesId[] = ['hdd', 'ring-warm'];

/** The figure with its passes run one after another, straight on the core. */
async function sequential(base: Scenario): Promise<{ last: FigureStep; runs: number }> {
  const api = simApi();
  const jobs = requestJobs(api, 1 << 20);
  const done: FigureRunDone[] = [];
  for (;;) {
    const step = api.figureStep(base, coreSettings(settings), only, done);
    if (step.next.length === 0) return { last: step, runs: done.length };
    for (const run of step.next) {
      const r = await jobs.runRequest(run.scenario);
      done.push({ series: run.series, rate: run.rate, replication: run.replication, outcome: r.replications[0] });
    }
  }
}

describe('useFigureRun', () => {
  it('fills a waiting worker with a run listed ahead, and ends in the same figure', async () => {
    const base = simApi().requestPreset('nossdav12-hdd-only');
    const inner = testEngine({ chunk: 5_000 });
    /** Where each run's scenario came from: a step's `next` or its `ahead`. */
    const source = new Map<Scenario, 'next' | 'ahead'>();
    let inFlight = 0;
    const aheadStarts: number[] = [];
    let runs = 0;
    const engine: Engine = {
      ...inner,
      size: 2,
      figureStep: async (...args) => {
        const step = await inner.figureStep(...args);
        for (const r of step.next) source.set(r.scenario, 'next');
        for (const r of step.ahead) source.set(r.scenario, 'ahead');
        return step;
      },
      runRequest: async (scenario, req) => {
        if (source.get(scenario) === 'ahead') aheadStarts.push(inFlight);
        inFlight++;
        runs++;
        try {
          return await inner.runRequest(scenario, req);
        } finally {
          inFlight--;
        }
      },
    };
    const { result } = renderHook(() => useFigureRun(engine));
    result.current.start(base, settings, only);
    await waitFor(() => expect(result.current.status.kind).toBe('done'), { timeout: 60_000 });

    // Some runs were started ahead, each while fewer runs than workers were running.
    expect(aheadStarts.length).toBeGreaterThan(0);
    for (const n of aheadStarts) expect(n).toBeLessThan(2);

    const truth = await sequential(base);
    expect(runs).toBe(truth.runs);
    const status = result.current.status;
    expect(status.kind === 'done' && status.runs).toBe(truth.runs);
    const got = [...result.current.points].sort((a, b) => a.series.localeCompare(b.series) || a.rate - b.rate).map((p) => p.now);
    const want = [...truth.last.points].sort((a, b) => a.series.localeCompare(b.series) || a.rate - b.rate);
    expect(got).toEqual(want);
  });
});
