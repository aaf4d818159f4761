// Heatmap over a two-parameter grid (e.g. u × r) with a viridis colour
// scale and its legend (a gradient bar with ticks). Cells are focusable:
// arrows move across the grid, the tooltip gives the exact value.
import { useId, useRef, useState, type Ref } from 'react';
import { extent } from 'd3-array';
import { scaleBand, scaleLinear } from 'd3-scale';
import { formatValue, r2 } from './format';
import type { ChartTable } from './DataTable';
import { VIRIDIS } from './palette';
import { ChartFrame, useChartFrame } from './ChartFrame';
import type { HeatCell } from './types';

export interface HeatmapProps {
  title: string;
  xLabel: string;
  yLabel: string;
  /** What the colour encodes, with its unit. */
  valueLabel: string;
  cells: HeatCell[];
  xFormat?: (v: number) => string;
  yFormat?: (v: number) => string;
  valueFormat?: (v: number) => string;
  /** Fixed colour domain; defaults to the values' extent. */
  domain?: [number, number];
  /** Print each value inside its cell when the cells are big enough. */
  showValues?: boolean;
  width?: number;
  height?: number;
  testId?: string;
  svgRef?: Ref<SVGSVGElement>;
  /**
   * A point to mark (e.g. the optimum), in data units. It need not be one of
   * the cells: the position is interpolated between the cells' centres.
   */
  marker?: { x: number; y: number; label: string };
}

const LEGEND_W = 16;

export function Heatmap({
  title,
  xLabel,
  yLabel,
  valueLabel,
  cells,
  xFormat = formatValue,
  yFormat = formatValue,
  valueFormat = formatValue,
  domain,
  showValues = true,
  width: widthProp,
  height: heightProp,
  testId = 'heatmap',
  svgRef,
  marker,
}: HeatmapProps) {
  const { width, height, setTip, frame } = useChartFrame({ testId, svgRef, title, width: widthProp, height: heightProp }, [640, 400]);
  const gradId = `ck-grad-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [active, setActive] = useState({ xi: 0, yi: 0 });
  const refs = useRef(new Map<string, SVGRectElement>());

  const xs = [...new Set(cells.map((c) => c.x))].sort((a, b) => a - b);
  const ys = [...new Set(cells.map((c) => c.y))].sort((a, b) => a - b);
  const m = { top: 14, right: 110, bottom: 54, left: 70 };
  const x = scaleBand<number>().domain(xs).range([m.left, width - m.right]).padding(0.04);
  // Largest y at the top, as on a plot.
  const y = scaleBand<number>().domain(ys.slice().reverse()).range([m.top, height - m.bottom]).padding(0.04);
  const [v0 = 0, v1 = 1] = domain ?? extent(cells.map((c) => c.value).filter(Number.isFinite));
  const stops = VIRIDIS.map((_, i) => v0 + ((v1 - v0) * i) / (VIRIDIS.length - 1));
  const color = scaleLinear<string>().domain(v1 > v0 ? stops : stops.map((_, i) => v0 + i)).range([...VIRIDIS]).clamp(true);
  const legendScale = scaleLinear()
    .domain([v0, v1 > v0 ? v1 : v0 + 1])
    .range([height - m.bottom, m.top]);
  const byKey = new Map(cells.map((c) => [`${c.x}|${c.y}`, c]));
  const legendX = width - m.right + 30;
  // Text on a cell: dark on the light (yellow-green) end of viridis, light on the dark end.
  const ink = (v: number) => ((v - v0) / (v1 - v0 || 1) > 0.6 ? '#111' : '#fff');
  const xStep = Math.max(1, Math.ceil(xs.length / Math.floor((width - m.left - m.right) / 44)));
  const yStep = Math.max(1, Math.ceil(ys.length / Math.floor((height - m.top - m.bottom) / 18)));
  const bigEnough = x.bandwidth() >= 34 && y.bandwidth() >= 16;
  // Data → pixel through the cells' centres, for a marker between cells.
  const centre = (band: typeof x, vs: number[]) =>
    scaleLinear()
      .domain(vs.length > 1 ? [vs[0], vs[vs.length - 1]] : [vs[0] ?? 0, (vs[0] ?? 0) + 1])
      .range([(band(vs[0] ?? 0) ?? 0) + band.bandwidth() / 2, (band(vs[vs.length - 1] ?? 0) ?? 0) + band.bandwidth() / 2]);
  const markAt = marker ? { x: r2(centre(x, xs)(marker.x)), y: r2(centre(y, ys)(marker.y)) } : null;

  function describe(c: HeatCell): string[] {
    return [`${xLabel}: ${xFormat(c.x)}`, `${yLabel}: ${yFormat(c.y)}`, `${valueLabel}: ${valueFormat(c.value)}${c.note ? ` ${c.note}` : ''}`];
  }
  function show(c: HeatCell) {
    setTip({ x: (x(c.x) ?? 0) + x.bandwidth() / 2, y: (y(c.y) ?? 0) + y.bandwidth() / 2, lines: describe(c) });
  }
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') return setTip(null);
    const d: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = d[e.key];
    if (!step) return;
    e.preventDefault();
    const to = {
      xi: Math.max(0, Math.min(xs.length - 1, active.xi + step[0])),
      yi: Math.max(0, Math.min(ys.length - 1, active.yi + step[1])),
    };
    setActive(to);
    const c = byKey.get(`${xs[to.xi]}|${ys[to.yi]}`);
    if (c) show(c);
    refs.current.get(`${to.xi}|${to.yi}`)?.focus();
  }

  const table: ChartTable = {
    columns: [xLabel, yLabel, valueLabel],
    rows: cells.map((c) => [xFormat(c.x), yFormat(c.y), `${valueFormat(c.value)}${c.note ? ` ${c.note}` : ''}`]),
  };

  return (
    <ChartFrame
      {...frame}
      table={table}
      onKeyDown={onKeyDown}
      defs={
        <defs>
          <linearGradient id={gradId} x1="0" x2="0" y1="1" y2="0">
            {VIRIDIS.map((c, i) => (
              <stop key={c} offset={`${(i * 100) / (VIRIDIS.length - 1)}%`} stopColor={c} />
            ))}
          </linearGradient>
        </defs>
      }
    >
      <g className="ck-cells">
        {xs.map((xv, xi) =>
          ys.map((yv, yi) => {
            const c = byKey.get(`${xv}|${yv}`);
            if (!c) return null;
            const cx = r2(x(xv) ?? 0);
            const cy = r2(y(yv) ?? 0);
            return (
              <g key={`${xv}|${yv}`}>
                <rect
                  ref={(el) => {
                    if (el) refs.current.set(`${xi}|${yi}`, el);
                    else refs.current.delete(`${xi}|${yi}`);
                  }}
                  x={cx}
                  y={cy}
                  width={r2(x.bandwidth())}
                  height={r2(y.bandwidth())}
                  fill={Number.isFinite(c.value) ? color(c.value) : 'var(--ck-muted)'}
                  className="ck-cell"
                  tabIndex={active.xi === xi && active.yi === yi ? 0 : -1}
                  role="graphics-symbol"
                  aria-label={describe(c).join('; ')}
                  data-testid={`${testId}-cell-${xi}-${yi}`}
                  data-x={c.x}
                  data-y={c.y}
                  data-value={c.value}
                  onFocus={() => {
                    setActive({ xi, yi });
                    show(c);
                  }}
                  onBlur={() => setTip(null)}
                  onMouseEnter={() => show(c)}
                  onMouseLeave={() => setTip(null)}
                />
                {showValues && bigEnough && Number.isFinite(c.value) ? (
                  <text
                    x={r2(cx + x.bandwidth() / 2)}
                    y={r2(cy + y.bandwidth() / 2 + 4)}
                    textAnchor="middle"
                    className="ck-cell-text"
                    fill={ink(c.value)}
                  >
                    {valueFormat(c.value)}
                  </text>
                ) : null}
              </g>
            );
          }),
        )}
      </g>
      {marker && markAt ? (
        <g className="ck-marker" data-testid={`${testId}-marker`} data-x={marker.x} data-y={marker.y} aria-label={marker.label} role="img">
          <circle cx={markAt.x} cy={markAt.y} r={7} fill="none" stroke="#fff" strokeWidth={4} />
          <circle cx={markAt.x} cy={markAt.y} r={7} fill="none" stroke="#d55e00" strokeWidth={2} />
          <text
            x={markAt.x - 11}
            y={markAt.y + 4}
            textAnchor="end"
            className="ck-marker-label"
            paintOrder="stroke"
            stroke="#fff"
            strokeWidth={3}
          >
            {marker.label}
          </text>
        </g>
      ) : null}
      <g className="ck-axis ck-axis-x">
        {xs.map((v, i) =>
          i % xStep === 0 ? (
            <text key={v} x={r2((x(v) ?? 0) + x.bandwidth() / 2)} y={height - m.bottom + 16} textAnchor="middle" className="ck-tick">
              {xFormat(v)}
            </text>
          ) : null,
        )}
        <text x={r2((m.left + width - m.right) / 2)} y={height - 12} textAnchor="middle" className="ck-axis-label">
          {xLabel}
        </text>
      </g>
      <g className="ck-axis ck-axis-y">
        {ys.map((v, i) =>
          i % yStep === 0 ? (
            <text key={v} x={m.left - 7} y={r2((y(v) ?? 0) + y.bandwidth() / 2 + 4)} textAnchor="end" className="ck-tick">
              {yFormat(v)}
            </text>
          ) : null,
        )}
        <text
          transform={`translate(14,${r2((m.top + height - m.bottom) / 2)}) rotate(-90)`}
          textAnchor="middle"
          className="ck-axis-label"
        >
          {yLabel}
        </text>
      </g>
      <g className="ck-color-legend" data-testid={`${testId}-legend`}>
        <rect
          x={legendX}
          y={r2(legendScale(legendScale.domain()[1]))}
          width={LEGEND_W}
          height={r2(legendScale(legendScale.domain()[0]) - legendScale(legendScale.domain()[1]))}
          fill={`url(#${gradId})`}
        />
        {legendScale.ticks(5).map((v) => (
          <g key={v} transform={`translate(${legendX + LEGEND_W},${r2(legendScale(v))})`}>
            <line x2={4} className="ck-axis-line" />
            <text x={7} y={4} className="ck-tick">
              {valueFormat(v)}
            </text>
          </g>
        ))}
        <text
          transform={`translate(${width - 10},${r2((m.top + height - m.bottom) / 2)}) rotate(-90)`}
          textAnchor="middle"
          className="ck-axis-label"
        >
          {valueLabel}
        </text>
      </g>
    </ChartFrame>
  );
}
