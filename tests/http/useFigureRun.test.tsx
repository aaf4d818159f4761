// @vitest-environment jsdom
// The figure's loop in the tab (useFigureRun): the core's FigureStudy (the
// bindings' class, in-process here as the studies' worker holds it in the
// app) driven by the app's one driver (engine/farm.ts) with two workers. A
// worker that would wait for a pass's last runs takes a run the core lists
// `ahead`, and the finished figure is the one `tierplan http-figure`
// computes natively: the same points, from as many runs, none twice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Estimate, Scenario } from '../../src/engine/types';
import type { Engine } from '../../src/worker/contract';
import type { FigureSeries } from '../../src/http/types';
import type { FigureStudies } from '../../src/http/figureStudy';
import { type FigureSettings, type SeriesId } from '../../src/http/figure';
import { useFigureRun } from '../../src/http/useFigureRun';
import { createStudiesApi } from '../../src/worker/studies-api';
import { nativeCli } from '../../scripts/native-cli.mjs';
import { testEngine } from '../helpers/engine';
import { loadStudies, simApi } from '../helpers/wasm';

// HDD only misses at 23.2 requests/s in 36 s runs (not saturated): its next
// replications are certain from the first picture on.
const settings: FigureSettings = { fromRate: 4, toRate: 28, points: 11, replications: 3, durationH: 0.01, warmupH: 0.01 };
const only: SeriesId[] = ['hdd', 'ring-warm'];

/** A point of `tierplan http-figure --format json`. */
interface CliRow {
  series: FigureSeries;
  rate: number;
  miss_ratio: Estimate;
  saturated: number | null;
  zero_vouched_by: number | null;
}

/** The same figure computed natively by the CLI (its own driver on two threads). */
function native(base: Scenario): CliRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'tierplan-figure-'));
  writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
  const s = settings;
  const args = ['http-figure', join(dir, 'base.json'), '--from', `${s.fromRate}`, '--to', `${s.toRate}`, '--points', `${s.points}`];
  args.push('--replications', `${s.replications}`, '--hours', `${s.durationH}`, '--warmup-hours', `${s.warmupH}`);
  args.push('--series', only.join(','), '--threads', '2', '--format', 'json');
  return JSON.parse(execFileSync(nativeCli(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as CliRow[];
}

describe('useFigureRun', () => {
  it('fills a waiting worker with a run listed ahead, and ends in the figure `tierplan http-figure` computes natively', async () => {
    const base = simApi().requestPreset('nossdav12-hdd-only');
    const inner = testEngine({ chunk: 5_000 });
    const core = createStudiesApi(loadStudies());
    /** Where each run handed out came from: the core's `next` (the pass's runs) or its `ahead`. */
    const source = new Map<Scenario, 'next' | 'ahead'>();
    const studies: FigureStudies = {
      ...core,
      figureNextBatch: (h, k) => {
        const step = core.figureResult(h);
        const key = (r: { series: string; rate: number; replication: number }) => `${r.series}@${r.rate}#${r.replication}`;
        const pass = new Set(step.next.map(key));
        const jobs = core.figureNextBatch(h, k);
        for (const j of jobs) source.set(j.run.scenario, pass.has(key(j.run)) ? 'next' : 'ahead');
        return jobs;
      },
    };
    let inFlight = 0;
    const aheadStarts: number[] = [];
    let runs = 0;
    const engine: Engine = {
      ...inner,
      size: 2,
      runRequest: async (scenario, req) => {
        expect(source.has(scenario)).toBe(true);
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
    const { result } = renderHook(() => useFigureRun(engine, () => studies));
    result.current.start(base, settings, only);
    // A guard against a hang, not a time limit: about 5 s idle, it took over a
    // minute beside the rest of the suite at load 8–10 on 2 cores.
    await waitFor(() => expect(result.current.status.kind).toBe('done'), { timeout: 240_000 });

    // Some runs were started ahead, each while fewer runs than workers plus the one queued were in flight.
    expect(aheadStarts.length).toBeGreaterThan(0);
    for (const n of aheadStarts) expect(n).toBeLessThan(3);

    const truth = native(base);
    // Every replication merged into a point is one run: none ran twice, none is missing.
    const truthRuns = truth.reduce((n, r) => n + r.miss_ratio.n, 0);
    expect(runs).toBe(truthRuns);
    const status = result.current.status;
    expect(status.kind === 'done' && status.runs).toBe(truthRuns);
    const order = <T extends { series: string; rate: number }>(xs: readonly T[]) => [...xs].sort((a, b) => a.series.localeCompare(b.series) || a.rate - b.rate);
    const shown = (xs: readonly (Omit<CliRow, 'saturated' | 'zero_vouched_by'> & { saturated?: number | null; zero_vouched_by?: number | null })[]) => order(xs).map(({ series, rate, miss_ratio, saturated, zero_vouched_by }) => ({ series, rate, miss_ratio, saturated, zero_vouched_by }));
    const got = shown(result.current.points.map((p) => p.now));
    expect(got).toHaveLength(truth.length);
    expect(got).toEqual(shown(truth));
    expect(result.current.points.every((p) => !p.now.provisional)).toBe(true);
  });
});
