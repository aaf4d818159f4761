// Axis ticks, grid lines and axis titles drawn from a d3 scale.
import type { ScaleContinuousNumeric } from 'd3-scale';
import { r2 } from './format';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

type Scale = ScaleContinuousNumeric<number, number>;

/** Tick values that fit: a log scale gets powers of ten (and 2, 5 when the range is short). */
export function tickValues(scale: Scale, count: number, log: boolean): number[] {
  if (!log) return scale.ticks(count);
  const [a, b] = scale.domain();
  const decades = Math.log10(Math.max(a, b) / Math.min(a, b));
  const all = scale.ticks(count);
  if (decades > 2.5) return all.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  if (decades > 1) return all.filter((v) => /^[125]/.test(String(v)));
  return all.length > 12 ? all.filter((_, i) => i % 2 === 0) : all;
}

/** Width of a tick label's character (12 px: charts.css), generously: digits are about 6.7 px. */
export const TICK_CHAR_PX = 7;

/**
 * How far a tick label centred at `x` moves so that it stays inside an SVG
 * `width` wide: the end ticks of an axis ("$45,000", "10,000") would
 * otherwise hang past its edges and be cut off. 0 for every tick in between.
 */
export function tickShift(x: number, text: string, width: number): number {
  const half = (text.length * TICK_CHAR_PX) / 2;
  if (2 * half >= width - 2) return width / 2 - x;
  if (x - half < 1) return 1 + half - x;
  if (x + half > width - 1) return width - 1 - half - x;
  return 0;
}

/**
 * The left margin a y axis needs: room for its widest tick label (about
 * 6.6 px a character at 12 px) beside the axis title, at least `base`, and
 * 15 px more for each further line of a wrapped title.
 */
export function yAxisLeft(base: number, tickLabels: string[], titleLines: number): number {
  return Math.max(base, 34 + 6.6 * Math.max(0, ...tickLabels.map((t) => t.length))) + (titleLines - 1) * 15;
}

export function XAxis({
  scale,
  ticks,
  format,
  y,
  label,
  width,
  m,
}: {
  scale: Scale;
  ticks: number[];
  format: (v: number) => string;
  y: number;
  label: string;
  width: number;
  m: Margins;
}) {
  return (
    <g className="ck-axis ck-axis-x">
      <line x1={m.left} x2={width - m.right} y1={y} y2={y} className="ck-axis-line" />
      {ticks.map((v) => (
        <g key={v} transform={`translate(${r2(scale(v))},${y})`}>
          <line y2={5} className="ck-axis-line" />
          <text x={r2(tickShift(scale(v), format(v), width)) || undefined} y={18} textAnchor="middle" className="ck-tick">
            {format(v)}
          </text>
        </g>
      ))}
      <text x={r2(axisLabelCentre(label, width, m))} y={y + 36} textAnchor="middle" className="ck-axis-label">
        {label}
      </text>
    </g>
  );
}

/** Width of a character of an axis title (13 px, semibold: charts.css), generously. */
export const AXIS_LABEL_CHAR_PX = 8;

/**
 * Where the x-axis title is centred: under the plot, moved left or right
 * just enough to stay inside the chart when the plot is narrow (a phone)
 * and the title long, so its ends are never cut off.
 */
export function axisLabelCentre(label: string, width: number, m: Margins): number {
  const half = (label.length * AXIS_LABEL_CHAR_PX) / 2 + 4;
  const mid = (m.left + width - m.right) / 2;
  if (2 * half >= width) return width / 2;
  return Math.min(Math.max(mid, half), width - half);
}

/**
 * A y-axis title too long for the plot's height is split before its unit,
 * onto two lines; if the words before the unit are still too long (a short
 * plot, a chart drawn small and stretched), they are wrapped onto more lines.
 */
export function splitAxisLabel(label: string, plotHeight: number): string[] {
  const fits = (t: string) => t.length * 7.4 <= plotHeight;
  const at = label.lastIndexOf(' (');
  if (fits(label) || at <= 0) return [label];
  const head = label.slice(0, at);
  const unit = label.slice(at + 1);
  if (fits(head)) return [head, unit];
  return [...wrapWords(head, Math.max(8, Math.floor(plotHeight / 7.4))), unit];
}

/** Text broken into lines of at most `max` characters at spaces (a longer word keeps a line to itself). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const w of text.split(/\s+/).filter((x) => x !== '')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + w.length <= max) lines[last] += ` ${w}`;
    else lines.push(w);
  }
  return lines;
}

export function YAxis({
  scale,
  ticks,
  format,
  label,
  width,
  height,
  m,
}: {
  scale: Scale;
  ticks: number[];
  format: (v: number) => string;
  label: string;
  width: number;
  height: number;
  m: Margins;
}) {
  return (
    <g className="ck-axis ck-axis-y">
      {ticks.map((v) => (
        <g key={v} transform={`translate(0,${r2(scale(v))})`}>
          <line x1={m.left} x2={width - m.right} className="ck-grid" />
          <text x={m.left - 7} y={4} textAnchor="end" className="ck-tick">
            {format(v)}
          </text>
        </g>
      ))}
      <line x1={m.left} x2={m.left} y1={m.top} y2={height - m.bottom} className="ck-axis-line" />
      {splitAxisLabel(label, height - m.top - m.bottom).map((line, i, all) => (
        <text
          key={i}
          transform={`translate(${14 + i * 15},${r2((m.top + height - m.bottom) / 2)}) rotate(-90)`}
          textAnchor="middle"
          className="ck-axis-label"
          data-lines={all.length}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/**
 * A second x axis along the top: the same positions read in another unit
 * (`scale` maps the other unit's values to the same pixels), e.g. dollars of
 * a cache size.
 */
export function TopAxis({
  scale,
  ticks,
  format,
  label,
  width,
  m,
  testId,
}: {
  scale: Scale;
  ticks: number[];
  format: (v: number) => string;
  label: string;
  width: number;
  m: Margins;
  testId?: string;
}) {
  const y = m.top;
  return (
    <g className="ck-axis ck-axis-x2" data-testid={testId}>
      <line x1={m.left} x2={width - m.right} y1={y} y2={y} className="ck-axis-line" />
      {ticks.map((v) => (
        <g key={v} transform={`translate(${r2(scale(v))},${y})`}>
          <line y2={-5} className="ck-axis-line" />
          <text x={r2(tickShift(scale(v), format(v), width)) || undefined} y={-9} textAnchor="middle" className="ck-tick">
            {format(v)}
          </text>
        </g>
      ))}
      <text x={r2((m.left + width - m.right) / 2)} y={y - 27} textAnchor="middle" className="ck-axis-label">
        {label}
      </text>
    </g>
  );
}
