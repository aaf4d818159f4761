// Plain shaping of a request-level result for the view: the per-second
// utilisation series (averaged into at most `maxPoints` buckets, so a chart
// of an hour stays light) and the rows of the per-policy table.
import type { LineSeries } from '../charts';
import type { RequestResult } from './types';

/** Devices' busy fraction over time: x in minutes of the measured period. */
export function utilisationSeries(r: RequestResult, maxPoints = 120): LineSeries[] {
  return r.devices.map((d) => {
    const n = d.per_second.length;
    const bucket = Math.max(1, Math.ceil(n / maxPoints));
    const points = [];
    for (let i = 0; i < n; i += bucket) {
      const slice = d.per_second.slice(i, i + bucket);
      points.push({ x: (i + slice.length / 2) / 60, y: slice.reduce((a, b) => a + b, 0) / slice.length });
    }
    return { id: d.name, label: deviceLabel(d.name), points };
  });
}

export function deviceLabel(name: string): string {
  const m = /^hdd(\d+)$/.exec(name);
  if (m) return `HDD ${Number(m[1]) + 1}`;
  return name === 'ssd' ? 'SSD' : name;
}
