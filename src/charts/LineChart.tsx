// Line chart with 95 % confidence bands (d3-shape areas), dashed analytic
// overlays, horizontal reference lines, a linear or log y axis, a legend,
// tooltips with exact values and CIs, and keyboard focus on the points.
// d3 computes scales and path strings; React renders the SVG.
import { useRef, useState, type Ref } from 'react';
import { extent, max, min } from 'd3-array';
import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3-scale';
import { area, line } from 'd3-shape';
import { TopAxis, XAxis, YAxis, splitAxisLabel, tickValues, yAxisLeft, type Margins } from './Axes';
import { formatValue, r2 } from './format';
import type { ChartTable } from './DataTable';
import { nextPoint, type PointKey } from './focus';
import { Legend, legendHeight, legendLeft, upArrow, type LegendItem } from './Legend';
import { repeatsColor, seriesColor } from './palette';
import { ChartFrame, useChartFrame } from './ChartFrame';
import type { LinePoint, LineSeries, OverlaySeries, ReferenceLine } from './types';

export interface LineChartProps {
  /** Accessible name and SVG <title>. */
  title: string;
  /** Axis titles; include the unit, e.g. "arrival rate λ (requests/s)". */
  xLabel: string;
  yLabel: string;
  series: LineSeries[];
  overlays?: OverlaySeries[];
  /** Draw the overlays over the series' lines (an analytic curve the simulation lies on would be hidden under it). */
  overlaysAbove?: boolean;
  references?: ReferenceLine[];
  yScale?: 'linear' | 'log';
  xScale?: 'linear' | 'log';
  xFormat?: (v: number) => string;
  /** Tooltip format of y values. */
  yFormat?: (v: number) => string;
  /** Axis tick format of y values; defaults to `yFormat`. */
  yTickFormat?: (v: number) => string;
  /** Fixed y domain (otherwise from the data, from 0 on a linear axis). */
  yDomain?: [number, number];
  /** Fixed x domain (otherwise the data's extent): a chart filled point by point in any order keeps its axis. */
  xDomain?: [number, number];
  /**
   * A second x axis along the top: x × `factor` in another unit (e.g. the
   * dollars of a cache size); its value is added to tooltips and the table.
   */
  x2?: SecondAxis;
  width?: number;
  height?: number;
  /**
   * Legend entries of the marker kinds, shown when some point is one: hollow
   * (`open`, e.g. "provisional"), lower bound (`atLeast`, e.g. "saturated")
   * and small (`inferred`, e.g. "not run").
   */
  markerLegend?: { open?: string; atLeast?: string; inferred?: string };
  /** Prefix of every data-testid; points are `${testId}-point-${series.id}-${index}`. */
  testId?: string;
  svgRef?: Ref<SVGSVGElement>;
}

type Scale = ScaleContinuousNumeric<number, number>;

/** Past this many series the lines tangle: pointing at a series (a point or its legend entry) fades the others. */
export const HIGHLIGHT_OVER = 6;

export interface SecondAxis {
  label: string;
  /** Value on the second axis of one unit of x (> 0). */
  factor: number;
  format: (v: number) => string;
}

function makeScale(kind: 'linear' | 'log', domain: [number, number], range: [number, number]): Scale {
  if (kind === 'log') {
    const lo = Math.max(domain[0], Number.MIN_VALUE);
    const hi = domain[1] > lo ? domain[1] : lo * 10;
    return scaleLog().domain([lo, hi]).range(range).nice();
  }
  const [a, b] = domain[0] === domain[1] ? [domain[0] - 1, domain[1] + 1] : domain;
  return scaleLinear().domain([a, b]).range(range).nice();
}

export function LineChart({
  title,
  xLabel,
  yLabel,
  series,
  overlays = [],
  overlaysAbove = false,
  references = [],
  yScale = 'linear',
  xScale = 'linear',
  xFormat = formatValue,
  yFormat = formatValue,
  yTickFormat = yFormat,
  yDomain,
  xDomain,
  x2,
  markerLegend,
  width: widthProp,
  height: heightProp,
  testId = 'line-chart',
  svgRef,
}: LineChartProps) {
  const { width, height, setTip, frame } = useChartFrame({ testId, svgRef, title, width: widthProp, height: heightProp }, [640, 380]);
  const [active, setActive] = useState<PointKey>({ s: 0, i: 0 });
  // The markers' group: keyboard focus finds a marker in it by its place
  // (one ref, not a ref callback per marker that React would detach and
  // attach again at every render).
  const pointsRef = useRef<SVGGElement>(null);
  // The series pointed at (mouse or keyboard), drawn over the others faded; only for many series.
  const [lit, setLit] = useState<string | null>(null);
  const highlight = series.length > HIGHLIGHT_OVER;
  const litId = highlight && series.some((s) => s.id === lit) ? lit : null;
  const cls = (base: string, id: string) => (litId === null ? base : litId === id ? `${base} ck-lit` : `${base} ck-dim`);
  const point = (id: string | null) => {
    if (highlight) setLit(id);
  };

  const colors = series.map((s, i) => s.color ?? seriesColor(i));
  // Past eight series the palette's colours come round again: those lines are dashed, in the legend too.
  const dashed = series.map((s, i) => s.color === undefined && repeatsColor(i));
  const overlayColors = overlays.map((o, i) => o.color ?? seriesColor(series.length + i));
  const referenceColors = references.map((r, i) => r.color ?? seriesColor(series.length + overlays.length + i));
  const legendItems: LegendItem[] = [
    ...series.flatMap((s, i) => (s.noLegend ? [] : [{ id: s.id, label: s.label, color: colors[i], kind: dashed[i] ? ('dashed' as const) : ('line' as const) }])),
    ...overlays.map((o, i) => ({ id: o.id, label: o.label, color: overlayColors[i], kind: 'dashed' as const })),
    ...references.map((r, i) => ({ id: r.id, label: r.label, color: referenceColors[i], kind: 'dashed' as const })),
  ];
  const markerInk = 'var(--ck-ink)';
  if (markerLegend?.open && series.some((s) => s.points.some((p) => p.open)))
    legendItems.push({ id: 'marker-open', label: markerLegend.open, color: markerInk, kind: 'hollow' });
  if (markerLegend?.atLeast && series.some((s) => s.points.some((p) => p.atLeast)))
    legendItems.push({ id: 'marker-at-least', label: markerLegend.atLeast, color: markerInk, kind: 'atLeast' });
  if (markerLegend?.inferred && series.some((s) => s.points.some((p) => p.inferred)))
    legendItems.push({ id: 'marker-inferred', label: markerLegend.inferred, color: markerInk, kind: 'small' });
  const second = x2 && Number.isFinite(x2.factor) && x2.factor > 0 ? x2 : undefined;
  // A second axis's end labels need room past the plot's right edge.
  const m: Margins = { top: second ? 56 : 14, right: second ? 30 : 18, bottom: 52 + legendHeight(legendItems, width, legendLeft(width)), left: 64 };
  const plotBottom = height - m.bottom;

  const log = yScale === 'log';
  const usable = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && (!log || v > 0);
  const xs = [...series.flatMap((s) => s.points.map((p) => p.x)), ...overlays.flatMap((o) => o.points.map((p) => p.x))];
  const ys = [
    ...series.flatMap((s) => s.points.flatMap((p) => [p.y, p.lo, p.hi])),
    ...overlays.flatMap((o) => o.points.map((p) => p.y)),
    ...references.map((r) => r.y),
  ].filter(usable);
  const yMax = max(ys) ?? 1;
  const yMin = log ? (min(ys) ?? 1) : Math.min(0, min(ys) ?? 0);
  const y = makeScale(yScale, yDomain ?? [yMin, yMax > yMin ? yMax : yMin + 1], [plotBottom, m.top]);
  const yTicks = tickValues(y, 6, log);
  // Room for the widest tick label (about 6.6 px a character at 12 px) beside the axis title.
  const titleLines = splitAxisLabel(yLabel, plotBottom - m.top).length;
  m.left = yAxisLeft(m.left, yTicks.map(yTickFormat), titleLines);
  const [x0, x1] = xDomain ?? extent(xs.filter((v) => Number.isFinite(v) && (xScale !== 'log' || v > 0)));
  const x = makeScale(xScale, [x0 ?? 0, x1 ?? 1], [m.left, width - m.right]);
  const xTicks = tickValues(x, Math.max(2, Math.floor((width - m.left - m.right) / 80)), xScale === 'log');
  // The second axis: the same pixels over the domain × factor.
  const x2Scale = second ? x.copy().domain(x.domain().map((d) => d * second.factor)) : null;
  const x2Ticks = x2Scale ? tickValues(x2Scale, Math.max(2, Math.floor((width - m.left - m.right) / 90)), xScale === 'log') : [];
  const [yLo] = y.domain();
  // Values outside a log axis (zero rejection, say) sit on its floor rather than vanish.
  const yOf = (v: number) => r2(y(log ? Math.max(v, yLo) : v));

  const band = area<LinePoint>()
    .defined((p) => usable(p.lo) && usable(p.hi))
    .x((p) => x(p.x))
    .y0((p) => yOf(p.lo!))
    .y1((p) => yOf(p.hi!))
    .digits(2);
  // A lower bound (a saturated point) is a marker with its arrow, not a
  // value to join: a line through it would draw a curve falling where the
  // truth only lies above.
  const path = line<LinePoint>()
    .defined((p) => Number.isFinite(p.y) && !p.atLeast)
    .x((p) => x(p.x))
    .y((p) => yOf(p.y))
    .digits(2);

  const counts = series.map((s) => s.points.length);
  // Markers keyed by their x, not their place: a point added inside a series
  // (a figure filling in its rates) then adds one marker, instead of moving
  // every later marker's attributes one place along.
  const markerKeys = series.map((s) => markerKeysOf(s.id, s.points));
  const hasPoints = counts.some((c) => c > 0);
  const act = active.s < series.length && active.i < counts[active.s] ? active : { s: counts.findIndex((c) => c > 0), i: 0 };

  function describe(s: LineSeries, p: LinePoint): string[] {
    const lines = [
      s.label,
      `${xLabel}: ${xFormat(p.x)}`,
      ...(second ? [`${second.label}: ${second.format(p.x * second.factor)}`] : []),
      `${yLabel}: ${p.atLeast ? '≥ ' : ''}${yFormat(p.y)}`,
    ];
    if (p.lo !== undefined && p.hi !== undefined && !p.atLeast) lines.push(`95 % CI: ${yFormat(p.lo)} – ${yFormat(p.hi)}`);
    if (p.note) lines.push(p.note);
    return lines;
  }
  function show(si: number, pi: number) {
    const s = series[si];
    const p = s.points[pi];
    setTip({ x: x(p.x), y: yOf(p.y), lines: describe(s, p) });
  }
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      setTip(null);
      return;
    }
    const to = nextPoint(e.key, act, counts);
    if (!to) return;
    e.preventDefault();
    setActive(to);
    show(to.s, to.i);
    const at = counts.slice(0, to.s).reduce((a, c) => a + c, 0) + to.i;
    pointsRef.current?.querySelectorAll<SVGCircleElement>('circle.ck-point')[at]?.focus();
  }

  const withCi = series.some((s) => s.points.some((p) => p.lo !== undefined && p.hi !== undefined));
  const table: ChartTable = {
    columns: ['Series', xLabel, ...(second ? [second.label] : []), yLabel, ...(withCi ? ['95 % CI'] : [])],
    rows: [
      ...series.flatMap((s) =>
        s.points.map((p) => [
          s.label,
          xFormat(p.x),
          ...(second ? [second.format(p.x * second.factor)] : []),
          `${p.atLeast ? '≥ ' : ''}${yFormat(p.y)}${p.note ? ` (${p.note})` : ''}`,
          ...(withCi ? [p.lo !== undefined && p.hi !== undefined && !p.atLeast ? `${yFormat(p.lo)} – ${yFormat(p.hi)}` : ''] : []),
        ]),
      ),
      ...overlays.flatMap((o) =>
        o.points.map((p) => [
          `${o.label} (analytic)`,
          xFormat(p.x),
          ...(second ? [second.format(p.x * second.factor)] : []),
          yFormat(p.y),
          ...(withCi ? [''] : []),
        ]),
      ),
      ...references.map((r) => [`${r.label} (reference line)`, 'all', ...(second ? ['all'] : []), yFormat(r.y), ...(withCi ? [''] : [])]),
    ],
  };

  // The analytic overlays: under the lines (the default), or over them (overlaysAbove).
  const overlayPaths = (
    <g className="ck-overlays">
      {overlays.map((o, i) => (
        <path
          key={o.id}
          d={path(o.points.filter((p) => usable(p.y))) ?? ''}
          stroke={overlayColors[i]}
          className="ck-overlay"
          data-testid={`${testId}-overlay-${o.id}`}
        />
      ))}
    </g>
  );

  return (
    <ChartFrame
      {...frame}
      table={table}
      onKeyDown={onKeyDown}
    >
      <YAxis scale={y} ticks={yTicks} format={yTickFormat} label={yLabel} width={width} height={height} m={m} />
      {second && x2Scale ? (
        <TopAxis scale={x2Scale} ticks={x2Ticks} format={second.format} label={second.label} width={width} m={m} testId={`${testId}-x2`} />
      ) : null}
      <XAxis
        scale={x}
        ticks={xTicks}
        format={xFormat}
        y={plotBottom}
        label={xLabel}
        width={width}
        m={m}
      />
      <g className="ck-bands">
        {series.map((s, i) =>
          s.points.some((p) => p.lo !== undefined) ? (
            <path key={s.id} d={band(s.points) ?? ''} fill={colors[i]} className={cls('ck-band', s.id)} data-testid={`${testId}-band-${s.id}`} />
          ) : null,
        )}
      </g>
      <g className="ck-references">
        {references.map((r, i) =>
          usable(r.y) ? (
            <line
              key={r.id}
              x1={m.left}
              x2={width - m.right}
              y1={yOf(r.y)}
              y2={yOf(r.y)}
              stroke={referenceColors[i]}
              className="ck-reference"
              data-testid={`${testId}-reference-${r.id}`}
            />
          ) : null,
        )}
      </g>
      {overlaysAbove ? null : overlayPaths}
      <g className="ck-lines">
        {series.map((s, i) => (
          <path
            key={s.id}
            d={path(s.points) ?? ''}
            stroke={colors[i]}
            strokeDasharray={dashed[i] ? '6 4' : undefined}
            className={cls('ck-line', s.id)}
          />
        ))}
      </g>
      {overlaysAbove ? overlayPaths : null}
      <g className="ck-points" ref={pointsRef}>
        {series.map((s, si) =>
          s.points.map((p, pi) =>
            p.atLeast ? (
              <path key={`${markerKeys[si][pi]}-arrow`} d={upArrow(x(p.x), yOf(p.y))} fill={colors[si]} className="ck-arrow" aria-hidden="true" />
            ) : null,
          ),
        )}
        {series.map((s, si) =>
          s.points.map((p, pi) => (
            <circle
              key={markerKeys[si][pi]}
              cx={r2(x(p.x))}
              cy={yOf(p.y)}
              r={p.inferred ? 2.5 : 4}
              fill={colors[si]}
              color={p.open ? colors[si] : undefined}
              className={cls(p.open ? 'ck-point ck-point-open' : p.inferred ? 'ck-point ck-point-inferred' : 'ck-point', s.id)}
              tabIndex={hasPoints && act.s === si && act.i === pi ? 0 : -1}
              role="graphics-symbol"
              aria-label={describe(s, p).join('; ')}
              data-testid={`${testId}-point-${s.id}-${pi}`}
              data-series={s.id}
              data-x={p.x}
              data-y={p.y}
              data-lo={p.lo}
              data-hi={p.hi}
              data-open={p.open ? 'true' : undefined}
              data-at-least={p.atLeast ? 'true' : undefined}
              data-inferred={p.inferred ? 'true' : undefined}
              onFocus={() => {
                setActive({ s: si, i: pi });
                show(si, pi);
                point(s.id);
              }}
              onBlur={() => {
                setTip(null);
                point(null);
              }}
              onMouseEnter={() => {
                show(si, pi);
                point(s.id);
              }}
              onMouseLeave={() => {
                setTip(null);
                point(null);
              }}
            />
          )),
        )}
      </g>
      <Legend items={legendItems} width={width} left={legendLeft(width)} top={plotBottom + 44} onPoint={highlight ? point : undefined} lit={litId} />
    </ChartFrame>
  );
}

/** A key per point of a series, from its x (a repeated x gets its repeat count too). */
function markerKeysOf(id: string, points: LinePoint[]): string[] {
  const seen = new Map<number, number>();
  return points.map((p) => {
    const n = seen.get(p.x) ?? 0;
    seen.set(p.x, n + 1);
    return `${id}@${p.x}#${n}`;
  });
}
