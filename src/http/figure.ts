// The study's figure (NOSSDAV'12): segment miss ratio against request rate
// for HDD only, block cache, ring cache cold and warm, and object cache.
// Plain functions: the chart series, the CSV rows and the highest rate at
// 0 % miss read off the points. The rates, the settings' checks and each
// point's scenario are the core's (`figureOutline`, `figurePlan`,
// `figurePointScenario`, from wasm/request/src/figure.rs).
import type { LineSeries } from '../charts';
import type { FieldError } from '../engine/types';
import type { FigureSeries, FigureSettings as CoreFigureSettings, RequestResult } from './types';

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
