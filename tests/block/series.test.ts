import { describe, expect, it } from 'vitest';
import { costSeries, formatMs, partitionSeries, responsePoints, responseRows } from '../../src/block/series';
import type { BlockCacheResult, BlockResult } from '../../src/block/types';

const est = (mean: number, ci95 = 0) => ({ mean, ci95, n: 3, min: mean, max: mean });

function cache(kind: BlockCacheResult['cache'], mean: number, p99: number, hit: number, partition: BlockCacheResult['partition'] = []): BlockCacheResult {
  return { cache: kind, replacement: ['slc', 'mlc', 'tlc'].includes(kind) ? 'lru' : null, mean_response_ms: est(mean, 0.1), p99_response_ms: est(p99), hit_ratio: est(hit), tiers: [], migrations: 0, destages: 0, bypassed: 0, disk_utilisation: est(0.5), partition };
}

const result: BlockResult = {
  caches: [cache('slc', 1.5, 9, 0.8), cache('op_fcl', 2, 12, 0.7, [{ t_s: 60, u: 0.9, r: 0.5 }, { t_s: 120, u: 0.7, r: 0.3 }])],
  ios: 1000,
  bad_lines: 0,
  span_s: 120,
  cost_vs_u: [
    { u: 0.9, simulated_us: est(300, 10), analytic_us: 280 },
    { u: 0.5, simulated_us: est(200, 5), analytic_us: 260 },
    { u: 0.7, simulated_us: est(250, 5), analytic_us: 240 },
  ],
};

describe('block result series', () => {
  it('one mean and one p99 point per cache, at its hit ratio in %', () => {
    const pts = responsePoints(result);
    expect(pts.map((p) => [p.id, p.x, p.y])).toEqual([
      ['slc-mean', 80, 1.5],
      ['slc-p99', 80, 9],
      ['op_fcl-mean', 70, 2],
      ['op_fcl-p99', 70, 12],
    ]);
    expect(responseRows(result)[1]).toMatchObject({ cache: 'OP-FCL', mean_ms: 2, mean_ci95_ms: 0.1, p99_ms: 12 });
  });

  it('the cost sweep sorted by u with its CI band, and the optimum of each curve', () => {
    const { simulated, analytic, best } = costSeries(result);
    expect(simulated.points).toEqual([
      { x: 0.5, y: 200, lo: 195, hi: 205 },
      { x: 0.7, y: 250, lo: 245, hi: 255 },
      { x: 0.9, y: 300, lo: 290, hi: 310 },
    ]);
    expect(analytic.points.map((p) => p.y)).toEqual([260, 240, 280]);
    expect(best).toEqual({ simulated: 0.5, analytic: 0.7 });
    expect(costSeries({ ...result, cost_vs_u: [] }).best).toBeNull();
  });

  it('u and r over time in minutes, only for layers that re-partitioned at least once', () => {
    const s = partitionSeries(result);
    expect(s.map((x) => x.label)).toEqual(['OP-FCL u', 'OP-FCL r']);
    expect(s[0].points).toEqual([
      { x: 1, y: 0.9 },
      { x: 2, y: 0.7 },
    ]);
  });

  it('labels each mean with its cache, never a p99', () => {
    const pts = responsePoints(result);
    expect(pts.filter((p) => p.pointText).map((p) => [p.id, p.pointText])).toEqual([
      ['slc-mean', 'SLC'],
      ['op_fcl-mean', 'OP-FCL'],
    ]);
  });

  it('formats response times in ms below a second and in s above', () => {
    expect(formatMs(0.575)).toBe('0.575 ms');
    expect(formatMs(27.01)).toBe('27 ms');
    expect(formatMs(1000)).toBe('1 s');
    expect(formatMs(143_305)).toBe('143 s');
  });
});
