// The study's figure (NOSSDAV'12): segment miss ratio against request rate
// for HDD only, block cache, ring cache cold and warm, and object cache.
// Plain functions: which scenario each (policy, rate) point runs, the chart
// series, the CSV rows and the highest rate at 0 % miss read off the points.
import type { LineSeries } from '../charts';
import type { Scenario } from '../engine/types';
import type { CachePolicyKind, CacheStart, FigureSettings as CoreFigureSettings, RequestResult } from './types';

export type SeriesId = 'hdd' | 'block' | 'ring-cold' | 'ring-warm' | 'object';

export interface PolicySeries {
  id: SeriesId;
  label: string;
  /** The study's highest rate at 0 % miss, as printed (null: not published). */
  published: string | null;
  publishedRate: number | null;
}

export const SERIES: PolicySeries[] = [
  { id: 'hdd', label: 'HDD only', published: '19', publishedRate: 19 },
  { id: 'block', label: 'Block cache (flashcache), cold', published: '< 1', publishedRate: 0.5 },
  { id: 'ring-cold', label: 'Ring cache (L2ARC), cold', published: '16', publishedRate: 16 },
  { id: 'ring-warm', label: 'Ring cache (L2ARC), warm', published: '20', publishedRate: 20 },
  { id: 'object', label: 'Object cache', published: null, publishedRate: null },
];

export interface FigureSettings {
  fromRate: number;
  toRate: number;
  points: number;
  replications: number;
  durationH: number;
  /** Warm-up of the warm ring cache, h. */
  warmupH: number;
}

export const DEFAULT_FIGURE: FigureSettings = { fromRate: 1, toRate: 25, points: 25, replications: 3, durationH: 1, warmupH: 1 };

/** The settings as the core takes them (`FigureSettings` of the engine). */
export function coreSettings(f: FigureSettings): CoreFigureSettings {
  return {
    from_rate: f.fromRate,
    to_rate: f.toRate,
    points: f.points,
    replications: f.replications,
    duration_h: f.durationH,
    warmup_h: f.warmupH,
  };
}

/** The rates of the figure: evenly spaced, rounded to 0.01 req/s, without repeats. */
export function figureRates(f: FigureSettings): number[] {
  const n = Math.max(1, Math.floor(f.points));
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = n === 1 ? f.fromRate : f.fromRate + ((f.toRate - f.fromRate) * i) / (n - 1);
    const v = Math.round(r * 100) / 100;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** Problems with the figure's own settings, by setting name (the scenario's fields are the core's). */
export function settingsErrors(f: FigureSettings): Partial<Record<keyof FigureSettings, string>> {
  const e: Partial<Record<keyof FigureSettings, string>> = {};
  if (!(f.fromRate > 0)) e.fromRate = 'must be above 0 requests/s';
  if (!(f.toRate >= f.fromRate)) e.toRate = 'must be at least the lowest rate';
  if (!Number.isInteger(f.points) || f.points < 1 || f.points > 100) e.points = 'must be a whole number from 1 to 100';
  if (!Number.isInteger(f.replications) || f.replications < 1 || f.replications > 30) e.replications = 'must be a whole number from 1 to 30';
  if (!(f.durationH > 0 && f.durationH <= 24)) e.durationH = 'must be above 0 and at most 24 h';
  // The core refuses a warm start without warm-up.
  if (!(f.warmupH > 0 && f.warmupH <= 48)) e.warmupH = 'must be above 0 and at most 48 h (the warm ring cache needs a warm-up)';
  return e;
}

function policyOf(id: SeriesId, current: CachePolicyKind): { policy: CachePolicyKind; start: CacheStart } {
  switch (id) {
    case 'hdd':
      return { policy: 'none', start: 'cold' };
    case 'block':
      return { policy: 'block', start: 'cold' };
    case 'ring-cold':
      return { policy: 'ring', start: 'cold' };
    case 'ring-warm':
      return { policy: 'ring', start: 'warm' };
    case 'object':
      // The scenario's own object policy when it has one; else the study's static top-k.
      return { policy: current === 'object' ? 'object' : 'object_static', start: current === 'object' ? 'cold' : 'warm' };
  }
}

/**
 * The scenario of one point: the edited scenario's request section (workload,
 * disks, chunk, RAM, flash device and the policies' options) with the
 * series' policy and start, the point's rate and the figure's run settings.
 */
export function pointScenario(base: Scenario, id: SeriesId, rate: number, f: FigureSettings): Scenario {
  const s = structuredClone(base);
  const r = s.request!;
  const { policy, start } = policyOf(id, r.cache.policy);
  r.cache.policy = policy;
  r.cache.start = start;
  r.workload.rate = rate;
  r.run.replications = f.replications;
  r.run.duration_h = f.durationH;
  if (id === 'ring-warm') r.run.warmup_h = f.warmupH;
  else if (start === 'cold') r.run.warmup_h = 0;
  s.name = `${SERIES.find((x) => x.id === id)!.label} at ${rate} requests/s`;
  return s;
}

export interface FigurePoint {
  series: SeriesId;
  rate: number;
  result: RequestResult;
}

/** One chart series per policy, points sorted by rate, with the 95 % CI band. */
export function chartSeries(points: FigurePoint[]): LineSeries[] {
  return SERIES.map((s) => ({
    id: s.id,
    label: s.label,
    points: points
      .filter((p) => p.series === s.id)
      .sort((a, b) => a.rate - b.rate)
      .map((p) => {
        const m = p.result.miss_ratio;
        return { x: p.rate, y: m.mean, lo: Math.max(0, m.mean - m.ci95), hi: Math.min(1, m.mean + m.ci95) };
      }),
  })).filter((s) => s.points.length > 0);
}

export interface FigureRow extends Record<string, unknown> {
  policy: string;
  rate: number;
  miss_ratio: number;
  ci95: number;
  min: number;
  max: number;
  replications: number;
}

export const FIGURE_COLUMNS: (keyof FigureRow & string)[] = ['policy', 'rate', 'miss_ratio', 'ci95', 'min', 'max', 'replications'];

export function figureRows(points: FigurePoint[]): FigureRow[] {
  const order = new Map(SERIES.map((s, i) => [s.id, i]));
  return [...points]
    .sort((a, b) => order.get(a.series)! - order.get(b.series)! || a.rate - b.rate)
    .map((p) => ({
      policy: p.series,
      rate: p.rate,
      miss_ratio: p.result.miss_ratio.mean,
      ci95: p.result.miss_ratio.ci95,
      min: p.result.miss_ratio.min,
      max: p.result.miss_ratio.max,
      replications: p.result.miss_ratio.n,
    }));
}

export interface MaxRateRow {
  series: PolicySeries;
  /** Highest rate of the figure below which every point had no miss in any replication; null when the lowest already misses. */
  maxRate: number | null;
  /** The lowest figure rate with a miss (the answer lies below it); null when none missed. */
  firstMiss: number | null;
  tested: number;
}

/** The highest rate at 0 % miss per policy, read off the figure's points. */
export function maxRatesFromFigure(points: FigurePoint[], missTarget = 0): MaxRateRow[] {
  return SERIES.map((series) => {
    const own = points.filter((p) => p.series === series.id).sort((a, b) => a.rate - b.rate);
    let maxRate: number | null = null;
    let firstMiss: number | null = null;
    for (const p of own) {
      if (p.result.miss_ratio.max <= missTarget) {
        if (firstMiss === null) maxRate = p.rate;
      } else if (firstMiss === null) firstMiss = p.rate;
    }
    return { series, maxRate, firstMiss, tested: own.length };
  }).filter((r) => r.tested > 0);
}
