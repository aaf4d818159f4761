// Pure shaping of a block result for the charts and their exports (kept out
// of the components so the tests can check the numbers directly).
import type { BlockCacheKind, BlockCacheResult, BlockResult, ReplacementOrder } from './types';
import type { LineSeries, OverlaySeries, ScatterPoint } from '../charts/types';

export const CACHE_LABELS: Record<BlockCacheKind, string> = {
  none: 'No cache',
  slc: 'SLC',
  mlc: 'MLC',
  tlc: 'TLC',
  hyssc: 'HySSC (SLC + TLC)',
  fp_fcl: 'FP-FCL',
  rw_fcl: 'RW-FCL',
  op_fcl: 'OP-FCL',
};

export const REPLACEMENT_LABELS: Record<ReplacementOrder, string> = { lru: 'LRU', sieve: 'SIEVE', s3_fifo: 'S3-FIFO' };

/** Short names drawn beside the chart's points. */
const SHORT: Record<BlockCacheKind, string> = { ...CACHE_LABELS, hyssc: 'HySSC' };

/** What a cache used besides its flash: the replacement order, when a
 * single-technology cache ran with one other than the studies' LRU. */
function orderSuffix(c: BlockCacheResult): string {
  return c.replacement && c.replacement !== 'lru' ? ` ${REPLACEMENT_LABELS[c.replacement]}` : '';
}

/** A cache's name in the charts and tables: "MLC", or "MLC SIEVE". */
export function cacheLabel(c: BlockCacheResult): string {
  return CACHE_LABELS[c.cache] + orderSuffix(c);
}

/** A response time in ms as the axis shows it: ms below a second, s above. */
export function formatMs(v: number): string {
  if (v >= 1000) return `${(v / 1000).toLocaleString('en-US', { maximumSignificantDigits: 3 })} s`;
  return `${v.toLocaleString('en-US', { maximumSignificantDigits: 3 })} ms`;
}

/** One point per cache and statistic: hit ratio (%) against response time
 * (ms); each mean is labelled with its cache (its p99 sits straight above). */
export function responsePoints(r: BlockResult): ScatterPoint[] {
  return r.caches.flatMap((c) => [
    { id: `${c.cache}-mean`, x: 100 * c.hit_ratio.mean, y: c.mean_response_ms.mean, group: 'mean', label: `${cacheLabel(c)} (mean)`, pointText: SHORT[c.cache] + orderSuffix(c) },
    { id: `${c.cache}-p99`, x: 100 * c.hit_ratio.mean, y: c.p99_response_ms.mean, group: '99th percentile', label: `${cacheLabel(c)} (p99)` },
  ]).filter((p) => Number.isFinite(p.y) && p.y > 0);
}

export function responseRows(r: BlockResult) {
  return r.caches.map((c) => ({
    cache: cacheLabel(c),
    mean_ms: c.mean_response_ms.mean,
    mean_ci95_ms: c.mean_response_ms.ci95,
    p99_ms: c.p99_response_ms.mean,
    hit_ratio: c.hit_ratio.mean,
    migrations: c.migrations,
    destages: c.destages,
  }));
}

/** The FAST'12 sweep: simulated mean cost per I/O (with its CI) and the analytic C_H(u). */
export function costSeries(r: BlockResult): { simulated: LineSeries; analytic: OverlaySeries; best: { simulated: number; analytic: number } | null } {
  const pts = [...r.cost_vs_u].sort((a, b) => a.u - b.u);
  const simulated: LineSeries = {
    id: 'simulated',
    label: 'simulated FP-FCL',
    points: pts.map((p) => ({ x: p.u, y: p.simulated_us.mean, lo: p.simulated_us.mean - p.simulated_us.ci95, hi: p.simulated_us.mean + p.simulated_us.ci95 })),
  };
  const analytic: OverlaySeries = { id: 'analytic', label: 'analytic C_H(u) (model §9)', points: pts.map((p) => ({ x: p.u, y: p.analytic_us })) };
  const argmin = (ys: number[]) => ys.reduce((b, y, i) => (y < ys[b] ? i : b), 0);
  const best = pts.length ? { simulated: pts[argmin(pts.map((p) => p.simulated_us.mean))].u, analytic: pts[argmin(pts.map((p) => p.analytic_us))].u } : null;
  return { simulated, analytic, best };
}

/** Each FAST'12 layer's caching share u and read share r over simulated time. */
export function partitionSeries(r: BlockResult): LineSeries[] {
  return r.caches
    .filter((c) => c.partition.length > 1)
    .flatMap((c) => [
      { id: `${c.cache}-u`, label: `${CACHE_LABELS[c.cache]} u`, points: c.partition.map((p) => ({ x: p.t_s / 60, y: p.u })) },
      { id: `${c.cache}-r`, label: `${CACHE_LABELS[c.cache]} r`, points: c.partition.map((p) => ({ x: p.t_s / 60, y: p.r })) },
    ]);
}
