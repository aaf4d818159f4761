// The study's figure (NOSSDAV'12): segment miss ratio against request rate
// for HDD only, block cache, ring cache cold and warm, and object cache.
// Plain functions: the chart series, the CSV rows and the highest rate at
// 0 % miss read off the points. The rates, the settings' checks, each
// point's scenario and the progressive schedule with every point's estimate
// so far are the core's (`figureOutline`, `figurePointScenario`, and the
// farmed study `FigureStudy` (figureStudy.ts), from wasm/request/src/figure/).
import type { LineSeries } from '../charts';
import type { FieldError } from '../engine/types';
import type { FigurePointNow, FigureSeries, FigureSettings as CoreFigureSettings, RequestResult } from './types';

/** A series of the figure, as the core names it. */
export type SeriesId = FigureSeries;

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

/** How far past a rate of interest the figure reaches: far enough to show where misses begin above it. */
export const RANGE_HEADROOM = 1.5;

/**
 * The figure's rate range for a scenario: from its search's lowest rate up
 * to 1.5 × the highest rate of interest (its own rate, or the highest a
 * search found), on the search's steps, never below the study's 1–25.
 */
export function rangeFor(search: { min_rate: number; step: number }, highest: number): { fromRate: number; toRate: number } {
  const step = search.step > 0 ? search.step : 1;
  const toRate = Math.max(DEFAULT_FIGURE.toRate, Math.ceil((RANGE_HEADROOM * highest) / step - 1e-9) * step);
  const fromRate = Math.min(Math.max(search.min_rate, DEFAULT_FIGURE.fromRate), toRate - step);
  return { fromRate, toRate };
}

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

/** The UI's name of each setting the core names (`figure.<setting>` in its messages). */
const SETTING_OF: Record<keyof CoreFigureSettings, keyof FigureSettings> = {
  from_rate: 'fromRate',
  to_rate: 'toRate',
  points: 'points',
  replications: 'replications',
  duration_h: 'durationH',
  warmup_h: 'warmupH',
};

/** The core's problems with the figure's settings, by the UI's setting name. */
export function settingMessages(errors: readonly FieldError[]): Partial<Record<keyof FigureSettings, string>> {
  const out: Partial<Record<keyof FigureSettings, string>> = {};
  for (const e of errors) {
    const name = SETTING_OF[e.path.replace(/^figure\./, '') as keyof CoreFigureSettings];
    if (name) out[name] = e.message;
  }
  return out;
}

export interface FigurePoint {
  series: SeriesId;
  rate: number;
  /** The core's estimate so far: replications merged, provisional or final, a lower bound when saturated. */
  now: FigurePointNow;
  /**
   * The point's latest run (one replication: devices, flash, index), its
   * miss ratio the point's estimate so far; for the details and the search.
   * Null for a rate never run, whose 0 % a higher rate vouches for.
   */
  result: RequestResult | null;
}

/** The point as the figure has it: the core's estimate over the latest run of the point (none for a point never run). */
export function figurePoint(now: FigurePointNow, latest: RequestResult | null): FigurePoint {
  return { series: now.series, rate: now.rate, now, result: latest && { ...latest, miss_ratio: now.miss_ratio } };
}

/** What a point's marker says beyond its value: provisional (replications so far), saturated, or a 0 % a higher rate vouches for. */
export function pointNote(now: FigurePointNow): string | undefined {
  if (now.saturated != null) return 'saturated: the run stopped early, the miss ratio is at least this';
  if (now.provisional) return `provisional: ${now.replications} of ${now.target_replications} replications so far`;
  if (now.zero_vouched_by != null && now.replications === 0) {
    return `0 %, not run: every replication at ${now.zero_vouched_by} requests/s missed nothing, and misses do not fall as the rate grows (the same requests, only arriving faster)`;
  }
  if (now.zero_vouched_by != null) {
    const runs = `${now.replications} replication${now.replications === 1 ? '' : 's'}`;
    return `0 % in ${runs}; every replication at ${now.zero_vouched_by} requests/s missed nothing either, and misses do not fall as the rate grows, so no more are run`;
  }
  return undefined;
}

/** The chart's legend entries of the marker kinds. */
export const MARKER_LEGEND = {
  open: 'provisional: more replications to come',
  atLeast: 'saturated: at least this',
  inferred: 'not run: 0 % vouched for by a higher rate',
};

/**
 * One chart series per policy, points sorted by rate, with the 95 % CI band;
 * provisional points hollow, saturated ones at their lower bound with an
 * arrow, rates never run (0 % vouched for) small.
 */
export function chartSeries(points: FigurePoint[]): LineSeries[] {
  return SERIES.map((s) => ({
    id: s.id,
    label: s.label,
    points: points
      .filter((p) => p.series === s.id)
      .sort((a, b) => a.rate - b.rate)
      .map((p) => {
        const m = p.now.miss_ratio;
        const note = pointNote(p.now);
        if (p.now.saturated != null) return { x: p.rate, y: p.now.saturated, atLeast: true, note };
        if (p.now.replications === 0) return { x: p.rate, y: m.mean, inferred: true, note };
        return { x: p.rate, y: m.mean, lo: Math.max(0, m.mean - m.ci95), hi: Math.min(1, m.mean + m.ci95), open: p.now.provisional, note };
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
  /** Replications the point gets when the figure runs to the end. */
  target_replications: number;
  /** More replications were to come (the figure was stopped before). */
  provisional: boolean;
  /** The run stopped early as saturated: `miss_ratio` is this lower bound (empty otherwise). */
  saturated_lower_bound: number | null;
  /** A 0 % point that got fewer replications: the higher rate whose replications all missed nothing (empty otherwise). */
  zero_vouched_by: number | null;
}

export const FIGURE_COLUMNS: (keyof FigureRow & string)[] = [
  'policy',
  'rate',
  'miss_ratio',
  'ci95',
  'min',
  'max',
  'replications',
  'target_replications',
  'provisional',
  'saturated_lower_bound',
  'zero_vouched_by',
];

export function figureRows(points: FigurePoint[]): FigureRow[] {
  const order = new Map(SERIES.map((s, i) => [s.id, i]));
  return [...points]
    .sort((a, b) => order.get(a.series)! - order.get(b.series)! || a.rate - b.rate)
    .map((p) => ({
      policy: p.series,
      rate: p.rate,
      miss_ratio: p.now.miss_ratio.mean,
      ci95: p.now.miss_ratio.ci95,
      min: p.now.miss_ratio.min,
      max: p.now.miss_ratio.max,
      replications: p.now.replications,
      target_replications: p.now.target_replications,
      provisional: p.now.provisional,
      saturated_lower_bound: p.now.saturated ?? null,
      zero_vouched_by: p.now.zero_vouched_by ?? null,
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
      if (p.now.miss_ratio.max <= missTarget) {
        if (firstMiss === null) maxRate = p.rate;
      } else if (firstMiss === null) firstMiss = p.rate;
    }
    return { series, maxRate, firstMiss, tested: own.length };
  }).filter((r) => r.tested > 0);
}
