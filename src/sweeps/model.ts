// Sweep definitions without React: which scenario fields can be swept, the
// list of values, setting a field by its dotted path, and the metrics read
// from a RunResult (mean and 95 % CI). Pure functions, unit-tested.
import type { Architecture, FieldError, RunResult, Scenario } from '../engine/types';

export interface SweepField {
  /** Dotted path as the core and `tierplan sweep --param` name it. */
  path: string;
  label: string;
  unit: string;
  integer: boolean;
  /** Smallest value the field takes (the core checks the rest). */
  min: number;
}

const ROLE_LABEL = { disk: 'disk tier', interval_cache: 'interval-cache tier', file_cache: 'file-cache tier' } as const;

/** Every numeric field of `s` a sweep may vary, in the order the editor shows them. */
export function sweepFields(s: Scenario): SweepField[] {
  const f: SweepField[] = [
    { path: 'workload.arrival_rate', label: 'Arrival rate λ', unit: 'requests/s', integer: false, min: 0 },
    {
      path: 'workload.popularity.value',
      label: s.workload.popularity.convention === 'theta' ? 'Zipf θ (p ∝ i^−(1−θ))' : 'Zipf exponent s (p ∝ i^−s)',
      unit: '',
      integer: false,
      min: 0,
    },
    { path: 'workload.videos', label: 'Library size', unit: 'videos', integer: true, min: 1 },
  ];
  s.workload.classes.forEach((_, i) => {
    const which = s.workload.classes.length > 1 ? ` (class ${i + 1})` : '';
    f.push({ path: `workload.classes[${i}].length_min`, label: `Video length${which}`, unit: 'min', integer: false, min: 0 });
    f.push({ path: `workload.classes[${i}].bitrate_kbps`, label: `Bitrate${which}`, unit: 'KB/s', integer: false, min: 0 });
  });
  for (const role of ['disk', 'interval_cache', 'file_cache'] as const) {
    const t = s.tiers[role];
    if (t) f.push({ path: `tiers.${role}.count`, label: `Devices in the ${ROLE_LABEL[role]} (${t.device})`, unit: 'devices', integer: true, min: 0 });
  }
  s.devices.forEach((d, i) => {
    f.push({ path: `devices[${i}].capacity_gb`, label: `${d.name}: capacity`, unit: 'GB', integer: false, min: 0 });
    if (d.read_mbps !== null && d.read_mbps !== undefined)
      f.push({ path: `devices[${i}].read_mbps`, label: `${d.name}: read bandwidth`, unit: 'MB/s', integer: false, min: 0 });
    if (d.write_mbps !== null && d.write_mbps !== undefined)
      f.push({ path: `devices[${i}].write_mbps`, label: `${d.name}: write bandwidth`, unit: 'MB/s', integer: false, min: 0 });
    f.push({ path: `devices[${i}].price`, label: `${d.name}: price`, unit: '$', integer: false, min: 0 });
  });
  return f;
}

/** Axis title of a field: its label with the unit in brackets. */
export function fieldAxisLabel(f: Pick<SweepField, 'label' | 'unit'>): string {
  return f.unit ? `${f.label} (${f.unit})` : f.label;
}

export { getNumber, getValue, pathSteps, setNumber, type Json } from '../state/field-path';

export type ValuesSpec = { mode: 'range'; from: string; to: string; steps: string; log: boolean } | { mode: 'list'; list: string };

const MAX_POINTS = 200;

/**
 * The values of a sweep, or the problems with the inputs, each naming its
 * field (`sweep.from`, `sweep.steps`, `sweep.list`) and the allowed range.
 */
export function sweepValues(spec: ValuesSpec, field: SweepField): { values: number[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const num = (path: string, text: string): number | null => {
    const v = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(v)) {
      errors.push({ path, message: `"${text}" is not a number` });
      return null;
    }
    if (v < field.min) {
      errors.push({ path, message: `${v} is below ${field.min}, the smallest ${field.label.toLowerCase()}` });
      return null;
    }
    return v;
  };
  let values: number[] = [];
  if (spec.mode === 'list') {
    const parts = spec.list.split(/[\s,;]+/).filter((p) => p !== '');
    if (parts.length === 0) errors.push({ path: 'sweep.list', message: 'give at least one value, e.g. 0.1, 0.2, 0.4' });
    if (parts.length > MAX_POINTS) errors.push({ path: 'sweep.list', message: `${parts.length} values; at most ${MAX_POINTS}` });
    values = parts.map((p) => num('sweep.list', p)).filter((v): v is number => v !== null);
  } else {
    const from = num('sweep.from', spec.from);
    const to = num('sweep.to', spec.to);
    const n = Number(spec.steps);
    if (!Number.isInteger(n) || n < 1 || n > MAX_POINTS)
      errors.push({ path: 'sweep.steps', message: `"${spec.steps}" is not a whole number of points from 1 to ${MAX_POINTS}` });
    else if (from !== null && to !== null) {
      if (spec.log && (from <= 0 || to <= 0))
        errors.push({ path: 'sweep.from', message: 'a logarithmic range needs from and to above 0' });
      else
        values = Array.from({ length: n }, (_, i) => {
          const t = n === 1 ? 0 : i / (n - 1);
          return spec.log ? from * Math.pow(to / from, t) : from + (to - from) * t;
        });
    }
  }
  if (field.integer) {
    const bad = values.filter((v) => !Number.isInteger(v));
    if (spec.mode === 'list' && bad.length > 0)
      errors.push({ path: 'sweep.list', message: `${bad.join(', ')}: ${field.label.toLowerCase()} takes whole numbers only` });
    values = values.map(Math.round);
  }
  // Ten significant digits: 0.1 + 0.2 style noise would otherwise show in axes and CSV.
  values = [...new Set(values.map((v) => Number(v.toPrecision(10))))];
  return { values: errors.length ? [] : values, errors };
}

export const ARCHITECTURES: { id: Architecture; label: string }[] = [
  { id: 'hdd_only', label: 'HDD only' },
  { id: 'dram_ic_hdd', label: 'DRAM interval cache + HDD' },
  { id: 'ssd_lfu_hdd', label: 'SSD file-level LFU + HDD' },
  { id: 'dram_ssd_hdd', label: 'DRAM + SSD + HDD' },
  { id: 'ssd_ic_hdd', label: 'SSD interval cache + HDD' },
  { id: 'slc_ic_tlc_lfu_hdd', label: 'SLC interval cache + TLC LFU + HDD' },
];

export function architectureLabel(a: Architecture): string {
  return ARCHITECTURES.find((x) => x.id === a)?.label ?? a;
}

/** One line of a sweep: a scenario whose swept field takes each value. */
export interface Variant {
  id: string;
  label: string;
  scenario: Scenario;
}

/** One parameter swept over values for several variants. */
export interface SweepSpec {
  id: string;
  field: SweepField;
  values: number[];
  variants: Variant[];
}

// ---------------------------------------------------------------- metrics

export interface Est {
  y: number;
  lo: number;
  hi: number;
  n: number;
}

/** A point of a metric from the core's estimate (mean ± its 95 % CI, Student t: `tierplan_kit::stats::mean_ci95`). */
function fromEstimate(e: { mean: number; ci95: number; n: number }): Est {
  return { y: e.mean, lo: e.mean - e.ci95, hi: e.mean + e.ci95, n: e.n };
}

/** A value of a metric for one run; `part` names a sub-series (a flash tier) when there are several. */
export interface MetricValue {
  part?: string;
  partLabel?: string;
  est: Est;
}

export interface MetricDef {
  id: MetricId;
  label: string;
  /** Axis title with unit. */
  axis: string;
  log?: boolean;
  /** The values the metric can take (CI bounds are truncated to it). */
  range: [number, number];
  values(r: RunResult): MetricValue[];
}

export type MetricId =
  | 'cache_streams'
  | 'hit_ratio'
  | 'rejection_probability'
  | 'avg_streams'
  | 'streams_per_dollar'
  | 'lifetime_days';

const ROLE_SHORT = { disk: 'disk', interval_cache: 'interval cache', file_cache: 'file cache' } as const;

export const METRICS: Record<MetricId, MetricDef> = {
  cache_streams: {
    id: 'cache_streams',
    range: [0, Infinity],
    label: 'Buffered streams (served by the cache)',
    axis: 'buffered streams (streams)',
    // The study's "buffered streams": streams served by the buffer cache,
    // whether a DRAM/flash interval cache or whole files on flash.
    values: (r) => [{ est: fromEstimate(r.summary.cache_streams) }],
  },
  hit_ratio: {
    id: 'hit_ratio',
    range: [0, 1],
    label: 'Hit ratio',
    axis: 'hit ratio (bytes from cache / bytes read)',
    values: (r) => [{ est: fromEstimate(r.summary.hit_ratio) }],
  },
  rejection_probability: {
    id: 'rejection_probability',
    range: [0, 1],
    label: 'Rejection probability',
    axis: 'rejection probability (rejected / arrived)',
    values: (r) => [{ est: fromEstimate(r.summary.rejection_probability) }],
  },
  avg_streams: {
    id: 'avg_streams',
    range: [0, Infinity],
    label: 'Concurrent streams',
    axis: 'average concurrent streams (streams)',
    values: (r) => [{ est: fromEstimate(r.summary.avg_streams) }],
  },
  streams_per_dollar: {
    id: 'streams_per_dollar',
    range: [0, Infinity],
    label: 'Streams per dollar',
    axis: 'streams per dollar (streams/$)',
    values: (r) => [{ est: fromEstimate(r.summary.streams_per_dollar) }],
  },
  lifetime_days: {
    id: 'lifetime_days',
    range: [0, Infinity],
    label: 'SSD lifetime',
    axis: 'SSD lifetime (days, log scale)',
    log: true,
    // One value per flash tier written to in every replication; an
    // unwritten tier (static LFU) wears nothing and has no finite lifetime
    // to plot.
    values: (r) =>
      r.flash.flatMap((f) => {
        const h = f.lifetime_h;
        if (h == null || h.n < r.replications.length) return [];
        return [{ part: f.role, partLabel: ROLE_SHORT[f.role], est: scaleEst(fromEstimate(h), 1 / 24) }];
      }),
  },
};

function scaleEst(e: Est, k: number): Est {
  return { y: e.y * k, lo: e.lo * k, hi: e.hi * k, n: e.n };
}

/** Lifetime for a tooltip or axis: days below two years, years above. */
export function formatDays(d: number): string {
  if (!Number.isFinite(d)) return String(d);
  if (d >= 730) return `${(d / 365.25).toPrecision(3)} years`;
  if (d >= 10) return `${Math.round(d)} days`;
  return `${d.toPrecision(2)} days`;
}
