// From finished sweep points to what a chart draws and what its CSV holds:
// one series per variant (and flash tier), dashed analytic overlays, and
// horizontal bandwidth ceilings.
import { seriesColor, type LineSeries, type OverlaySeries, type ReferenceLine, type ScatterPoint } from '../charts';
import type { TierRole } from '../engine/types';
import { METRICS, type MetricId, type SweepSpec } from './model';
import type { SweepPoint } from './runner';

export interface CsvRow extends Record<string, string | number> {
  parameter: string;
  value: number;
  series: string;
  kind: 'simulated' | 'analytic' | 'ceiling';
  metric: string;
  mean: number;
  ci95_low: number | string;
  ci95_high: number | string;
  replications: number | string;
}

export const CSV_COLUMNS: (keyof CsvRow & string)[] = ['parameter', 'value', 'series', 'kind', 'metric', 'mean', 'ci95_low', 'ci95_high', 'replications'];

export interface ChartData {
  series: LineSeries[];
  overlays: OverlaySeries[];
  references: ReferenceLine[];
  rows: CsvRow[];
}

const ROLE_NAME: Record<TierRole, string> = { disk: 'disk', interval_cache: 'interval cache', file_cache: 'flash file cache' };

export function chartData(spec: SweepSpec, metric: MetricId, points: SweepPoint[]): ChartData {
  const def = METRICS[metric];
  const mine = points.filter((p) => p.specId === spec.id).sort((a, b) => a.value - b.value);
  const series: LineSeries[] = [];
  const overlays: OverlaySeries[] = [];
  const references: ReferenceLine[] = [];
  const rows: CsvRow[] = [];
  const base = { parameter: spec.field.path, metric };

  spec.variants.forEach((v, vi) => {
    const pts = mine.filter((p) => p.variantId === v.id);
    const color = seriesColor(vi);
    // Sub-series (flash tiers) in order of first appearance.
    const parts = new Map<string, LineSeries>();
    for (const p of pts) {
      for (const mv of def.values(p.result)) {
        const key = mv.part ?? '';
        let s = parts.get(key);
        if (!s) {
          s = { id: mv.part ? `${v.id}-${mv.part}` : v.id, label: mv.partLabel ? `${v.label} — ${mv.partLabel}` : v.label, points: [] };
          parts.set(key, s);
        }
        // The t interval of a mean can cross a metric's natural bounds (a
        // rejection probability of −0.01); it is truncated to them.
        const lo = Math.max(def.range[0], mv.est.lo);
        const hi = Math.min(def.range[1], mv.est.hi);
        s.points.push({ x: p.value, y: mv.est.y, lo, hi });
        rows.push({ ...base, value: p.value, series: s.label, kind: 'simulated', mean: mv.est.y, ci95_low: lo, ci95_high: hi, replications: mv.est.n });
      }
    }
    [...parts.values()].forEach((s, k) => series.push({ ...s, color: k === 0 ? color : seriesColor(vi + spec.variants.length + k) }));

    const overlay = (id: string, label: string, get: (p: SweepPoint) => number | undefined) => {
      const o = pts.map((p) => ({ x: p.value, y: get(p) })).filter((q): q is { x: number; y: number } => q.y !== undefined && Number.isFinite(q.y));
      if (o.length === 0) return;
      overlays.push({ id: `${v.id}-${id}`, label: `${v.label}: ${label}`, points: o, color });
      for (const q of o) rows.push({ ...base, value: q.x, series: `${v.label}: ${label}`, kind: 'analytic', mean: q.y, ci95_low: '', ci95_high: '', replications: '' });
    };
    if (metric === 'rejection_probability') overlay('erlang', 'Erlang B', (p) => p.analytic.erlangB);
    if (metric === 'hit_ratio') overlay('zipf', 'Zipf top-k estimate', (p) => p.analytic.zipfHitRatio);
    if (metric === 'cache_streams') overlay('zipf', 'Zipf top-k estimate', (p) => p.analytic.zipfStreams);

    if (metric === 'cache_streams' || metric === 'avg_streams') {
      const roles: TierRole[] = metric === 'cache_streams' ? ['interval_cache', 'file_cache'] : ['disk', 'interval_cache', 'file_cache'];
      for (const role of roles) {
        const caps = pts.map((p) => ({ x: p.value, y: p.result.tiers.find((t) => t.role === role && t.count > 0)?.stream_capacity }));
        const known = caps.filter((c): c is { x: number; y: number } => c.y !== undefined && c.y !== null);
        if (known.length === 0) continue;
        const label = `${v.label}: ${ROLE_NAME[role]} bandwidth ceiling`;
        if (known.every((c) => c.y === known[0].y)) references.push({ id: `${v.id}-${role}-ceiling`, label: `${label} (${known[0].y} streams)`, y: known[0].y, color });
        else overlays.push({ id: `${v.id}-${role}-ceiling`, label, points: known, color });
        for (const c of known) rows.push({ ...base, value: c.x, series: label, kind: 'ceiling', mean: c.y, ci95_low: '', ci95_high: '', replications: '' });
      }
    }
  });
  return { series, overlays, references, rows };
}

/** Capital cost vs concurrent streams of every point, for the Pareto scatter. */
export function costScatter(spec: SweepSpec, points: SweepPoint[]): ScatterPoint[] {
  return points
    .filter((p) => p.specId === spec.id)
    .map((p) => {
      const v = spec.variants.find((x) => x.id === p.variantId);
      return {
        id: `${p.variantId}-${p.value}`,
        x: p.result.capital_cost,
        y: p.result.summary.avg_streams.mean,
        group: v?.label ?? p.variantId,
        label: `${v?.label ?? p.variantId}, ${spec.field.label} = ${p.value}`,
      };
    });
}
