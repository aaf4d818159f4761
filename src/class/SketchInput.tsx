// "Sketch the curve": an empty chart with one handle per x value of the
// sweep. Click or drag to place a handle; each handle is a slider for the
// keyboard (↑/↓ small steps, PageUp/PageDown large, Home/End the ends).
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { scaleLinear } from 'd3-scale';
import { XAxis, YAxis, formatValue, r2, useContainerWidth, type Margins } from '../charts';

export interface SketchInputProps {
  xs: number[];
  yMax: number;
  xLabel: string;
  yLabel: string;
  /** The placed values; null where a handle has not been placed yet. */
  value: (number | null)[];
  onChange: (ys: (number | null)[]) => void;
  disabled?: boolean;
  height?: number;
  /** Drawn at 1/zoom of the box's width and stretched to fill it (the presenter view): text and handles grow with the screen. */
  zoom?: number;
}

export function SketchInput({ xs, yMax, xLabel, yLabel, value, onChange, disabled, height: heightProp, zoom = 1 }: SketchInputProps) {
  const [box, measured] = useContainerWidth<HTMLDivElement>();
  const width = Math.max(300, (measured ?? 640) / zoom);
  // Zoomed (the projector), the sketch is less flat: a third as tall as it is wide, up to 300 units.
  const height = heightProp ?? (zoom > 1 ? Math.round(Math.min(300, Math.max(220, width / 3))) : 280);
  const m: Margins = { top: 14, right: 24, bottom: 52, left: 64 };
  const x = scaleLinear().domain([Math.min(...xs), Math.max(...xs)]).range([m.left, width - m.right]);
  const y = scaleLinear().domain([0, yMax]).range([height - m.bottom, m.top]);
  const [drag, setDrag] = useState<number | null>(null);
  const svg = useRef<SVGSVGElement>(null);

  const set = (i: number, v: number) => {
    const next = value.slice();
    next[i] = Math.round(Math.max(0, Math.min(yMax, v)) * 100) / 100;
    onChange(next);
  };
  const local = (e: PointerEvent) => {
    const r = svg.current!.getBoundingClientRect();
    return { px: ((e.clientX - r.left) / r.width) * width, py: ((e.clientY - r.top) / r.height) * height };
  };
  const nearest = (px: number) => xs.reduce((best, v, i) => (Math.abs(x(v) - px) < Math.abs(x(xs[best]) - px) ? i : best), 0);
  const onDown = (e: PointerEvent) => {
    if (disabled) return;
    const { px, py } = local(e);
    const i = nearest(px);
    setDrag(i);
    set(i, y.invert(py));
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (drag === null || disabled) return;
    set(drag, y.invert(local(e).py));
  };
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (disabled) return;
    const cur = value[i] ?? yMax / 2;
    const small = yMax / 50;
    const big = yMax / 10;
    const to: Record<string, number> = { ArrowUp: cur + small, ArrowRight: cur + small, ArrowDown: cur - small, ArrowLeft: cur - small, PageUp: cur + big, PageDown: cur - big, Home: 0, End: yMax };
    if (e.key in to) {
      e.preventDefault();
      set(i, to[e.key]);
    }
  };
  const placed = xs.map((v, i) => ({ x: v, y: value[i] })).filter((p): p is { x: number; y: number } => p.y !== null && p.y !== undefined);
  const path = placed.map((p, k) => `${k === 0 ? 'M' : 'L'}${r2(x(p.x))},${r2(y(p.y))}`).join('');
  return (
    <div className="sketch" ref={box} data-testid="sketch">
      <svg
        ref={svg}
        viewBox={`0 0 ${width} ${height}`}
        className="ck-svg sketch-svg"
        role="group"
        aria-label={`Sketch: ${yLabel} against ${xLabel}. Each handle is a slider.`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => setDrag(null)}
        onPointerCancel={() => setDrag(null)}
      >
        <rect className="ck-bg" x={0} y={0} width={width} height={height} />
        <YAxis scale={y} ticks={y.ticks(5)} format={formatValue} label={yLabel} width={width} height={height} m={m} />
        <XAxis scale={x} ticks={xs} format={formatValue} y={height - m.bottom} label={xLabel} width={width} m={m} />
        {xs.map((v) => (
          <line key={v} x1={r2(x(v))} x2={r2(x(v))} y1={m.top} y2={height - m.bottom} className="sketch-guide" />
        ))}
        <path d={path} className="sketch-line" fill="none" />
        {xs.map((v, i) => {
          const yv = value[i];
          const set = yv !== null && yv !== undefined;
          return (
            <circle
              key={v}
              cx={r2(x(v))}
              cy={r2(y(set ? yv : yMax / 2))}
              r={set ? 9 : 7}
              className={set ? 'sketch-handle placed' : 'sketch-handle'}
              tabIndex={disabled ? -1 : 0}
              role="slider"
              aria-label={`${xLabel} ${formatValue(v)}`}
              aria-valuemin={0}
              aria-valuemax={yMax}
              aria-valuenow={set ? yv : undefined}
              aria-valuetext={set ? `${formatValue(yv)}` : 'not placed'}
              aria-disabled={disabled || undefined}
              data-testid={`sketch-handle-${i}`}
              onKeyDown={onKey(i)}
            />
          );
        })}
      </svg>
      <p className="hint">
        {placed.length} of {xs.length} points placed. Click or drag on the chart, or focus a handle and use ↑/↓ (PageUp/PageDown for big steps).
      </p>
    </div>
  );
}
