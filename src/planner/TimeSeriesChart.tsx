// Streams in each tier over the run (mean over replications), drawn with
// d3-scale and d3-shape into plain SVG.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { ChartDataTable } from '../charts';
import type { TimeSeries } from '../engine/types';
import { num } from '../shared/format';

const SERIES: { key: keyof Pick<TimeSeries, 'total' | 'disk' | 'file_cache' | 'buffered'>; label: string; className: string }[] = [
  { key: 'total', label: 'all streams', className: 'ts-total' },
  { key: 'disk', label: 'from disk', className: 'ts-disk' },
  { key: 'file_cache', label: 'from the file cache', className: 'ts-file' },
  { key: 'buffered', label: 'from the interval cache', className: 'ts-buffered' },
];

export function TimeSeriesChart({ ts }: { ts: TimeSeries }) {
  const width = 400;
  const height = 210;
  const m = { top: 10, right: 12, bottom: 32, left: 46 };
  const hours = ts.t_s.map((t) => t / 3600);
  const present = SERIES.filter((s) => ts[s.key].some((v) => v > 0));
  const yMax = Math.max(1, ...present.flatMap((s) => ts[s.key]));
  const x = scaleLinear()
    .domain([0, Math.max(hours.at(-1) ?? 1, 1e-9)])
    .range([m.left, width - m.right]);
  const y = scaleLinear()
    .domain([0, yMax])
    .range([height - m.bottom, m.top])
    .nice();
  const path = (values: number[]) =>
    line<number>()
      .x((_, i) => x(hours[i]))
      .y((v) => y(v))(values) ?? '';
  return (
    <figure className="chart" data-testid="timeseries-chart">
      <svg className="ts-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Concurrent streams per tier over time">
        {y.ticks(5).map((v) => (
          <g key={`y${v}`}>
            <line x1={m.left} x2={width - m.right} y1={y(v)} y2={y(v)} className="grid-line" />
            <text x={m.left - 6} y={y(v) + 4} textAnchor="end" className="chart-tick">
              {v}
            </text>
          </g>
        ))}
        {x.ticks(6).map((v) => (
          <text key={`x${v}`} x={x(v)} y={height - m.bottom + 15} textAnchor="middle" className="chart-tick">
            {v}
          </text>
        ))}
        <text x={(m.left + width - m.right) / 2} y={height - 2} textAnchor="middle" className="chart-tick">
          time (h)
        </text>
        {present.map((s) => (
          <path key={s.key} d={path(ts[s.key])} className={`ts-line ${s.className}`} />
        ))}
      </svg>
      <figcaption>
        Concurrent streams, mean over replications, sampled every {ts.interval_s} s:{' '}
        {present.map((s) => (
          <span key={s.key} className="legend-item">
            <span className={`swatch ${s.className}`} /> {s.label}
          </span>
        ))}
      </figcaption>
      <ChartDataTable
        title="Concurrent streams per tier over time"
        testId="timeseries-chart"
        table={{ columns: ['time (h)', ...present.map((s) => s.label)], rows: hours.map((h, i) => [num(h), ...present.map((s) => num(ts[s.key][i]))]) }}
      />
    </figure>
  );
}
