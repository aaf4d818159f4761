// Scatter chart (e.g. cost vs streams) with the Pareto front highlighted:
// front points drawn larger and outlined, joined by a step line. Groups get
// Okabe–Ito colours; tooltips and keyboard focus as in LineChart.
import { useRef, useState, type Ref } from 'react';
import { extent } from 'd3-array';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line, curveStepAfter, curveStepBefore } from 'd3-shape';
import { XAxis, YAxis, splitAxisLabel, tickValues, yAxisLeft, type Margins } from './Axes';
import { formatValue, r2 } from './format';
import type { ChartTable } from './DataTable';
import { nextPoint, type PointKey } from './focus';
import { Legend, legendHeight, legendLeft, type LegendItem } from './Legend';
import { seriesColor } from './palette';
import { paretoFront, type ParetoSense } from './pareto';
import { ChartFrame, useChartFrame } from './ChartFrame';
import type { ScatterPoint } from './types';
import { placeTexts } from './pointText';

export interface ScatterChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  points: ScatterPoint[];
  /** Highlight the non-dominated points; default: minimise x, maximise y. */
  pareto?: ParetoSense | false;
  xScale?: 'linear' | 'log';
  yScale?: 'linear' | 'log';
  xFormat?: (v: number) => string;
  yFormat?: (v: number) => string;
  /** Colour per group; defaults to the palette in order of first appearance. */
  groupColors?: Record<string, string>;
  /**
   * Shift of the points' texts below their points, px (default 0: beside
   * them). For charts whose points line up in a row (and the Pareto step
   * runs along it), so that a text never covers a neighbouring point.
   */
  pointTextDy?: number;
  width?: number;
  height?: number;
  testId?: string;
  svgRef?: Ref<SVGSVGElement>;
}

export function ScatterChart({
  title,
  xLabel,
  yLabel,
  points,
  pareto = { x: 'min', y: 'max' },
  xScale = 'linear',
  yScale = 'linear',
  xFormat = formatValue,
  yFormat = formatValue,
  groupColors = {},
  pointTextDy = 0,
  width: widthProp,
  height: heightProp,
  testId = 'scatter-chart',
  svgRef,
}: ScatterChartProps) {
  const { width, height, setTip, frame } = useChartFrame({ testId, svgRef, title, width: widthProp, height: heightProp }, [640, 400]);
  const [active, setActive] = useState<PointKey>({ s: 0, i: 0 });
  const refs = useRef(new Map<number, SVGCircleElement>());

  // Legend order: the groups given colours first (in that order), then the rest as they appear.
  const present = new Set(points.map((p) => p.group));
  const groups = [...new Set([...Object.keys(groupColors).filter((g) => present.has(g)), ...present])];
  const color = (g: string) => groupColors[g] ?? seriesColor(groups.indexOf(g));
  const front = pareto ? paretoFront(points, pareto) : [];
  const onFront = new Set(front.map((p) => p.id));
  const legendItems: LegendItem[] = [
    ...groups.map((g) => ({ id: `group-${g}`, label: g, color: color(g), kind: 'dot' as const })),
    ...(front.length > 0 ? [{ id: 'pareto', label: 'Pareto front', color: 'var(--ck-ink)', kind: 'dashed' as const }] : []),
  ];
  const m: Margins = { top: 14, right: 22, bottom: 52 + legendHeight(legendItems, width, legendLeft(width)), left: 68 };
  const plotBottom = height - m.bottom;

  const scale = (kind: 'linear' | 'log', vals: number[], range: [number, number], zero: boolean) => {
    const ok = vals.filter((v) => Number.isFinite(v) && (kind === 'linear' || v > 0));
    const [a = 0, b = 1] = extent(ok);
    if (kind === 'log') return scaleLog().domain([a, b > a ? b : a * 10]).range(range).nice();
    const lo = zero ? Math.min(0, a) : a;
    if (b > lo) return scaleLinear().domain([lo, b]).range(range).nice();
    // One value (one point, or all alike): a tenth of it either side, so
    // the ticks are distinct round numbers around it, not one label
    // repeated across a domain 1 wide.
    const pad = Math.abs(lo) / 10 || 1;
    return scaleLinear().domain([lo - pad, lo + pad]).range(range).nice();
  };
  const y = scale(yScale, points.map((p) => p.y), [plotBottom, m.top], true);
  const yTicks = tickValues(y, 6, yScale === 'log');
  // Room for the widest y tick label ("$45,000") beside the axis title.
  m.left = yAxisLeft(m.left, yTicks.map(yFormat), splitAxisLabel(yLabel, plotBottom - m.top).length);
  const x = scale(xScale, points.map((p) => p.x), [m.left, width - m.right], false);
  // Point order for the keyboard: along x, so ←/→ walk the chart left to right.
  const order = points.map((p, i) => ({ p, i })).sort((a, b) => a.p.x - b.p.x || a.p.y - b.p.y);
  const act = active.i < order.length ? active : { s: 0, i: 0 };
  const frontPath = line<ScatterPoint>()
    .x((p) => x(p.x))
    .y((p) => y(p.y))
    .curve(pareto && pareto.y === 'max' && pareto.x === 'min' ? curveStepAfter : curveStepBefore)
    .digits(2);

  function describe(p: ScatterPoint): string[] {
    return [
      p.label ?? p.group,
      `${xLabel}: ${xFormat(p.x)}`,
      `${yLabel}: ${yFormat(p.y)}`,
      ...(onFront.has(p.id) ? ['on the Pareto front'] : []),
    ];
  }
  function show(k: number) {
    const p = order[k].p;
    setTip({ x: x(p.x), y: y(p.y), lines: describe(p) });
  }
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') return setTip(null);
    const to = nextPoint(e.key, act, [order.length]);
    if (!to) return;
    e.preventDefault();
    setActive(to);
    show(to.i);
    refs.current.get(to.i)?.focus();
  }

  const texts = placeTexts(points, (p) => [x(p.x), y(p.y) + pointTextDy], width - m.right);

  const table: ChartTable = {
    columns: ['Point', xLabel, yLabel, ...(pareto ? ['Pareto front'] : [])],
    rows: order.map(({ p }) => [p.label ?? p.group, xFormat(p.x), yFormat(p.y), ...(pareto ? [onFront.has(p.id) ? 'yes' : 'no'] : [])]),
  };

  return (
    <ChartFrame
      {...frame}
      table={table}
      onKeyDown={onKeyDown}
    >
      <YAxis scale={y} ticks={yTicks} format={yFormat} label={yLabel} width={width} height={height} m={m} />
      <XAxis
        scale={x}
        ticks={tickValues(x, Math.max(2, Math.floor((width - m.left - m.right) / 80)), xScale === 'log')}
        format={xFormat}
        y={plotBottom}
        label={xLabel}
        width={width}
        m={m}
      />
      {front.length > 1 ? <path d={frontPath(front) ?? ''} className="ck-pareto" data-testid={`${testId}-pareto`} /> : null}
      <g className="ck-points">
        {order.map(({ p }, k) => (
          <circle
            key={p.id}
            ref={(el) => {
              if (el) refs.current.set(k, el);
              else refs.current.delete(k);
            }}
            cx={r2(x(p.x))}
            cy={r2(y(p.y))}
            r={onFront.has(p.id) ? 6.5 : 4.5}
            fill={color(p.group)}
            className={onFront.has(p.id) ? 'ck-point ck-front' : 'ck-point'}
            tabIndex={act.i === k ? 0 : -1}
            role="graphics-symbol"
            aria-label={describe(p).join('; ')}
            data-testid={`${testId}-point-${p.id}`}
            data-x={p.x}
            data-y={p.y}
            data-pareto={onFront.has(p.id) ? 'true' : 'false'}
            onFocus={() => {
              setActive({ s: 0, i: k });
              show(k);
            }}
            onBlur={() => setTip(null)}
            onMouseEnter={() => show(k)}
            onMouseLeave={() => setTip(null)}
          />
        ))}
      </g>
      {texts.length > 0 ? (
        // The points' own labels carry the same words for screen readers.
        <g className="ck-point-texts" aria-hidden="true">
          {texts.map((t) => (
            <text key={t.key} x={r2(t.x)} y={r2(t.y)} textAnchor={t.anchor} dominantBaseline="middle" className="ck-point-text" data-testid={`${testId}-text`}>
              {t.text}
            </text>
          ))}
        </g>
      ) : null}
      <Legend items={legendItems} width={width} left={legendLeft(width)} top={plotBottom + 44} />
    </ChartFrame>
  );
}
