// "Show the why" (issue 22): the request-level result shaped into the
// study's diagnostic charts — each device's busiest seconds over the hour
// (NOSSDAV'12 Figures 3b, 5), the flash write-size distribution (Figure 3a)
// and where a segment request's time went. Plain functions, tested without React.
import type { LineSeries, OverlaySeries } from '../charts';
import type { RequestResult, TimeSplit, WriteSizes } from './types';
import { deviceLabel } from './details';

/** The SSD's write requests by size, or null when the run wrote nothing to flash. */
export function writeSizesOf(r: RequestResult): WriteSizes | null {
  const w = r.flash_write_sizes;
  return w && w.counts.some((c) => c > 0) ? w : null;
}

/** The write-size median NOSSDAV'12 reports for flashcache at 1 request/s cold (Figure 3a), KB. */
export const STUDY_MEDIAN_KB = 116;

/** Cumulative share of flash writes at each bin's upper edge (KB). */
export function writeSizeCdf(w: WriteSizes): LineSeries {
  const total = w.counts.reduce((a, b) => a + b, 0);
  let run = 0;
  const points = w.upper_kb.map((x, i) => {
    run += w.counts[i];
    return { x, y: total > 0 ? run / total : 0 };
  });
  return { id: 'cdf', label: 'flash write requests no larger than x', points };
}

/** Vertical dashed markers at our median and the study's. */
export function medianMarkers(w: WriteSizes): OverlaySeries[] {
  const v = (id: string, label: string, x: number) => ({ id, label, points: [{ x, y: 0 }, { x, y: 1 }] });
  return [v('median', `median ${formatKb(w.median_kb)} (this run)`, w.median_kb), v('study-median', `median ${STUDY_MEDIAN_KB} KB (NOSSDAV’12 Fig. 3a)`, STUDY_MEDIAN_KB)];
}

export function formatKb(kb: number): string {
  return kb >= 1024 ? `${+(kb / 1024).toPrecision(3)} MB` : `${+kb.toPrecision(3)} KB`;
}

export const SPLIT_PARTS: { key: keyof TimeSplit; label: string }[] = [
  { key: 'disk_s', label: 'disk I/O' },
  { key: 'flash_read_s', label: 'flash reads' },
  { key: 'queued_behind_writes_s', label: 'waiting behind other SSD work (writes, GC backlog)' },
  { key: 'gc_s', label: 'GC its own writes caused' },
  { key: 'other_s', label: 'the rest (fill writes’ own service)' },
];

/** The parts of a segment request's mean time, each with its share of the total. */
export function timeSplitParts(t: TimeSplit): { key: keyof TimeSplit; label: string; seconds: number; share: number }[] {
  const total = SPLIT_PARTS.reduce((a, p) => a + Math.max(0, t[p.key]), 0);
  return SPLIT_PARTS.map((p) => ({ ...p, seconds: t[p.key], share: total > 0 ? Math.max(0, t[p.key]) / total : 0 }));
}

/**
 * Each device's busiest second in every bucket of the hour (the per-second
 * busy fraction's maximum), x in minutes: a device that is saturated for a
 * few seconds at a time — garbage collection — shows its peaks at 100 %,
 * where the mean over the bucket would hide them.
 */
export function peakUtilisationSeries(r: RequestResult, maxPoints = 240): { series: LineSeries[]; bucket: number } {
  const n = Math.max(0, ...r.devices.map((d) => d.per_second.length));
  const bucket = Math.max(1, Math.ceil(n / maxPoints));
  const series = r.devices.map((d) => {
    const points = [];
    for (let i = 0; i < d.per_second.length; i += bucket) {
      const slice = d.per_second.slice(i, i + bucket);
      points.push({ x: (i + slice.length / 2) / 60, y: Math.max(...slice) });
    }
    return { id: d.name, label: deviceLabel(d.name), points };
  });
  return { series, bucket };
}

/** Seconds with a device fully busy (≥ 99.5 %), and the mean gap between the starts of such runs, s. */
export function saturation(perSecond: number[]): { seconds: number; meanGapS: number | null } {
  let seconds = 0;
  const starts: number[] = [];
  perSecond.forEach((u, i) => {
    if (u >= 0.995) {
      seconds++;
      if (i === 0 || perSecond[i - 1] < 0.995) starts.push(i);
    }
  });
  const meanGapS = starts.length >= 2 ? (starts[starts.length - 1] - starts[0]) / (starts.length - 1) : null;
  return { seconds, meanGapS };
}
