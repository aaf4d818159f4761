// The miss-ratio figure: the core's rates, settings checks and point
// scenarios (policy, start, rate and run settings over the edited scenario)
// as the tab reaches them, and the tab's plain functions over real
// request-level results (chart series, CSV rows, the highest rate at 0 %
// miss read off the points).
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import {
  DEFAULT_FIGURE,
  SERIES,
  chartSeries,
  coreSettings,
  figurePoint,
  figureRows,
  maxRatesFromFigure,
  settingMessages,
  type FigurePoint,
  type FigureSettings,
  type SeriesId,
} from '../../src/http/figure';
import { utilisationSeries } from '../../src/http/details';
import type { Estimate, Scenario } from '../../src/engine/types';
import type { FigurePointNow, RequestResult } from '../../src/http/types';

const figureRates = (f: FigureSettings) => simApi().figureOutline(coreSettings(f)).rates;
const settingsErrors = (f: FigureSettings) => settingMessages(simApi().figureOutline(coreSettings(f)).errors);
const pointScenario = (base: Scenario, id: SeriesId, rate: number, f: FigureSettings) => simApi().figurePointScenario(base, id, rate, coreSettings(f));

describe('figure settings (the core reads them)', () => {
  it('spaces the rates evenly, rounded, without repeats', () => {
    expect(figureRates(DEFAULT_FIGURE)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(figureRates({ ...DEFAULT_FIGURE, fromRate: 1, toRate: 2, points: 4 })).toEqual([1, 1.33, 1.67, 2]);
    expect(figureRates({ ...DEFAULT_FIGURE, fromRate: 5, toRate: 5, points: 3 })).toEqual([5]);
  });

  it('names each bad setting', () => {
    expect(settingsErrors(DEFAULT_FIGURE)).toEqual({});
    const e = settingsErrors({ fromRate: 0, toRate: -1, points: 2.5, replications: 0, durationH: NaN, warmupH: -1 });
    expect(Object.keys(e).sort()).toEqual(['durationH', 'fromRate', 'points', 'replications', 'toRate', 'warmupH']);
    expect(e.points).toBe('must be a whole number from 1 to 100');
    expect(figureRates({ ...DEFAULT_FIGURE, durationH: NaN })).toEqual([]);
    expect(settingsErrors({ ...DEFAULT_FIGURE, warmupH: 0 }).warmupH).toMatch(/above 0/);
  });
});

describe('point scenarios', () => {
  it('keep the edited scenario and set policy, start, rate and run', () => {
    const api = simApi();
    const base = api.requestPreset('nossdav12-l2arc-cold');
    base.request!.chunk_kb = 512;
    const f = { ...DEFAULT_FIGURE, replications: 2, durationH: 0.5, warmupH: 2 };
    const want = {
      hdd: ['none', 'cold'],
      block: ['block', 'cold'],
      'ring-cold': ['ring', 'cold'],
      'ring-warm': ['ring', 'warm'],
      object: ['object_static', 'warm'],
    } as const;
    for (const s of SERIES) {
      const p = pointScenario(base, s.id, 7, f);
      const r = p.request!;
      expect([r.cache.policy, r.cache.start], s.id).toEqual(want[s.id]);
      expect(r.workload.rate).toBe(7);
      expect(r.chunk_kb).toBe(512);
      expect(r.run.replications).toBe(2);
      expect(r.run.duration_h).toBe(0.5);
      if (s.id === 'ring-warm') expect(r.run.warmup_h).toBe(2);
      expect(api.validate(p), s.id).toEqual([]);
    }
    // The base is not touched.
    expect(base.request!.workload.rate).toBe(16);
    // A dynamic object policy in the scenario is what the object series runs.
    base.request!.cache.policy = 'object';
    expect(pointScenario(base, 'object', 3, f).request!.cache.policy).toBe('object');
    // The name says what runs, with the rate printed as the app prints numbers.
    expect(pointScenario(base, 'ring-cold', 18, f).name).toBe('Ring cache (L2ARC), cold at 18 requests/s');
    // A stream-level scenario has no request section to run.
    expect(() => pointScenario(api.defaultScenario(), 'hdd', 3, f)).toThrow(/request: is missing/);
  });
});

describe("the core's plan of the figure", () => {
  it('runs the same point scenarios the tab defines, longest first, each with its cost', () => {
    const api = simApi();
    const base = api.requestPreset('nossdav12-hdd-only');
    const f = { ...DEFAULT_FIGURE, fromRate: 1, toRate: 2, points: 4, replications: 2, durationH: 0.5, warmupH: 0.5 };
    const plan = api.figurePlan(base, coreSettings(f), SERIES.map((s) => s.id));
    expect(plan).toHaveLength(4 * SERIES.length);
    for (const p of plan) expect(p.scenario, `${p.series} at ${p.rate}`).toEqual(pointScenario(base, p.series, p.rate, f));
    expect(new Set(plan.map((p) => p.rate))).toEqual(new Set(figureRates(f)));
    const costs = plan.map((p) => p.cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    // At these low rates the warm ring cache's warm-up makes it the longest run (top rate); HDD only at the lowest the shortest.
    expect([plan[0].series, plan[0].rate]).toEqual(['ring-warm', 2]);
    expect([plan.at(-1)!.series, plan.at(-1)!.rate]).toEqual(['hdd', 1]);
  });

  it('names a bad setting by its path', () => {
    const api = simApi();
    const base = api.requestPreset('nossdav12-hdd-only');
    expect(() => api.figurePlan(base, coreSettings({ ...DEFAULT_FIGURE, points: 0 }), ['hdd'])).toThrow(/figure\.points: must be a whole number from 1 to 100/);
  });
});

function est(mean: number, ci95: number, max = mean): Estimate {
  return { mean, ci95, min: 0, max, n: 3 };
}

/** A point as the core's step gives it (final unless said), over a latest run whose own miss ratio differs. */
function point(series: SeriesId, rate: number, miss: Estimate, more: Partial<FigurePointNow> = {}): FigurePoint {
  const now: FigurePointNow = { series, rate, miss_ratio: miss, replications: 3, target_replications: 3, provisional: false, saturated: null, zero_vouched_by: null, ...more };
  return figurePoint(now, { rate, miss_ratio: est(0.5, 0) } as RequestResult);
}

describe('figure data', () => {
  const points: FigurePoint[] = [
    point('hdd', 20, est(0.1, 0.05, 0.2)),
    point('hdd', 10, est(0, 0)),
    point('hdd', 15, est(0, 0)),
    point('block', 10, est(0.01, 0.02, 0.03)),
    point('object', 10, est(0, 0)),
    point('object', 20, est(0, 0)),
  ];

  it('gives the details the latest run with the point’s estimate', () => {
    expect(points[0].result!.miss_ratio).toEqual(est(0.1, 0.05, 0.2));
  });

  it('draws one series per policy with points by rate and a CI band clipped to [0, 1]', () => {
    const s = chartSeries(points);
    expect(s.map((x) => x.id)).toEqual(['hdd', 'block', 'object']);
    expect(s[0].points.map((p) => p.x)).toEqual([10, 15, 20]);
    expect(s[0].points[2]).toEqual({ x: 20, y: 0.1, lo: 0.05, hi: 0.15000000000000002, open: false, note: undefined });
    expect(s[1].points[0].lo).toBe(0);
  });

  it('draws a provisional point hollow and a saturated one at its lower bound, each with a note', () => {
    const s = chartSeries([
      point('ring-cold', 8, { ...est(0, 0), n: 1 }, { replications: 1, provisional: true }),
      point('block', 5, { ...est(0.3, 0), n: 1 }, { replications: 1, saturated: 0.3 }),
    ]);
    const [block, ring] = s;
    expect(ring.points[0]).toMatchObject({ x: 8, y: 0, open: true, note: 'provisional: 1 of 3 replications so far' });
    expect(block.points[0]).toEqual({ x: 5, y: 0.3, atLeast: true, note: 'saturated: the run stopped early, the miss ratio is at least this' });
    const rows = figureRows([point('block', 5, { ...est(0.3, 0), n: 1 }, { replications: 1, saturated: 0.3 })]);
    expect(rows[0]).toMatchObject({ miss_ratio: 0.3, replications: 1, target_replications: 3, provisional: false, saturated_lower_bound: 0.3 });
  });

  it('draws a 0 % point a higher rate vouches for as final, and says why it has one replication', () => {
    const vouched = point('ring-warm', 5, { ...est(0, 0), n: 1 }, { replications: 1, zero_vouched_by: 21 });
    const [ring] = chartSeries([vouched]);
    expect(ring.points[0]).toMatchObject({ x: 5, y: 0, open: false });
    expect(ring.points[0].note).toBe(
      '0 % in 1 replication; every replication at 21 requests/s missed nothing either, and misses do not fall as the rate grows, so no more are run',
    );
    expect(figureRows([vouched])[0]).toMatchObject({ replications: 1, target_replications: 3, provisional: false, zero_vouched_by: 21 });
  });

  it('draws a rate never run, its 0 % vouched for, as a small dot with no band, and writes it with no replication', () => {
    const never = figurePoint(
      { series: 'hdd', rate: 7, miss_ratio: { mean: 0, ci95: 0, min: 0, max: 0, n: 0 }, replications: 0, target_replications: 3, provisional: false, saturated: null, zero_vouched_by: 19 },
      null,
    );
    expect(never.result).toBeNull();
    const [hdd] = chartSeries([never]);
    expect(hdd.points[0]).toEqual({
      x: 7,
      y: 0,
      inferred: true,
      note: '0 %, not run: every replication at 19 requests/s missed nothing, and misses do not fall as the rate grows (the same requests, only arriving faster)',
    });
    expect(figureRows([never])[0]).toMatchObject({ miss_ratio: 0, replications: 0, target_replications: 3, provisional: false, zero_vouched_by: 19 });
    // It counts as 0 % for the highest rate at 0 % miss.
    expect(maxRatesFromFigure([never, ...points.filter((p) => p.series === 'hdd')]).find((r) => r.series.id === 'hdd')).toMatchObject({ maxRate: 15, tested: 4 });
  });

  it('writes the CSV rows in policy order with the same numbers', () => {
    const rows = figureRows(points);
    expect(rows.map((r) => `${r.policy}@${r.rate}`)).toEqual(['hdd@10', 'hdd@15', 'hdd@20', 'block@10', 'object@10', 'object@20']);
    expect(rows[2]).toMatchObject({ miss_ratio: 0.1, ci95: 0.05, max: 0.2, replications: 3, provisional: false, saturated_lower_bound: null, zero_vouched_by: null });
  });

  it('reads the highest rate at 0 % miss below the first miss', () => {
    const m = maxRatesFromFigure(points);
    const by = Object.fromEntries(m.map((r) => [r.series.id, r]));
    expect(by.hdd).toMatchObject({ maxRate: 15, firstMiss: 20 });
    expect(by.block).toMatchObject({ maxRate: null, firstMiss: 10 });
    expect(by.object).toMatchObject({ maxRate: 20, firstMiss: null });
    expect(by['ring-cold']).toBeUndefined();
    // A looser target admits the first miss.
    expect(maxRatesFromFigure(points, 0.05).find((r) => r.series.id === 'block')!.maxRate).toBe(10);
  });
});

describe('device utilisation over time', () => {
  it('averages each device’s per-second busy fraction into buckets', async () => {
    const api = simApi();
    const s = api.requestPreset('nossdav12-l2arc-cold');
    s.request!.run.duration_h = 0.1;
    s.request!.run.replications = 1;
    const r = await api.runRequest(999, s);
    const series = utilisationSeries(r, 60);
    expect(series.map((x) => x.id)).toEqual(r.devices.map((d) => d.name));
    for (const [i, x] of series.entries()) {
      const per = r.devices[i].per_second;
      expect(x.points).toHaveLength(60);
      const mean = x.points.reduce((a, p) => a + p.y, 0) / x.points.length;
      expect(mean).toBeCloseTo(per.reduce((a, b) => a + b, 0) / per.length, 9);
    }
  });
});
