// A legend inside the SVG (so that the SVG and PNG exports carry it), laid
// out in rows by an estimate of each label's width.
import { r2 } from './format';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
  kind: 'line' | 'dashed' | 'dot' | 'small' | 'band' | 'hollow' | 'atLeast';
}

const CHAR_W = 6.6;
const ROW_H = 18;

/** Where legends start: aligned with the plot on wide charts, near the edge on narrow ones. */
export function legendLeft(width: number): number {
  return width < 520 ? 10 : 60;
}

/** The label as drawn: cut with an ellipsis when it would not fit on one row. */
export function fitLabel(label: string, width: number, left: number): string {
  const max = Math.max(8, Math.floor((width - left - 8 - 26) / CHAR_W));
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** Positions of the legend entries within `width`; returns the rows used. */
export function layoutLegend(items: LegendItem[], width: number, left: number): { x: number; row: number }[] {
  let x = left;
  let row = 0;
  return items.map((it) => {
    const w = 26 + fitLabel(it.label, width, left).length * CHAR_W + 14;
    if (x + w > width - 8 && x > left) {
      row += 1;
      x = left;
    }
    const at = { x, row };
    x += w;
    return at;
  });
}

/** A small up-arrow above a marker at (x, y): its value is a lower bound. */
export function upArrow(x: number, y: number): string {
  return `M${r2(x)},${r2(y - 13)}l4.5,6h-3v3h-3v-3h-3z`;
}

export function legendHeight(items: LegendItem[], width: number, left: number): number {
  if (items.length === 0) return 0;
  const rows = Math.max(...layoutLegend(items, width, left).map((p) => p.row)) + 1;
  return rows * ROW_H + 4;
}

/**
 * `onPoint`: an entry pointed at (or null when left) — the chart then fades
 * the other series; `lit` is the entry so shown.
 */
export function Legend({
  items,
  width,
  left,
  top,
  onPoint,
  lit = null,
}: {
  items: LegendItem[];
  width: number;
  left: number;
  top: number;
  onPoint?: (id: string | null) => void;
  lit?: string | null;
}) {
  const at = layoutLegend(items, width, left);
  return (
    <g className="ck-legend" aria-label="Legend">
      {items.map((it, i) => {
        const x = r2(at[i].x);
        const y = top + at[i].row * ROW_H + 9;
        return (
          <g
            key={it.id}
            data-testid={`legend-${it.id}`}
            className={lit === null ? undefined : lit === it.id ? 'ck-lit' : 'ck-dim'}
            onMouseEnter={onPoint ? () => onPoint(it.id) : undefined}
            onMouseLeave={onPoint ? () => onPoint(null) : undefined}
          >
            {it.kind === 'dot' ? (
              <circle cx={x + 10} cy={y} r={4.5} fill={it.color} />
            ) : it.kind === 'small' ? (
              <circle cx={x + 10} cy={y} r={2.5} fill={it.color} />
            ) : it.kind === 'hollow' ? (
              <circle cx={x + 10} cy={y} r={4} fill="none" stroke={it.color} strokeWidth={1.8} />
            ) : it.kind === 'atLeast' ? (
              <g>
                <circle cx={x + 10} cy={y + 3} r={3.5} fill={it.color} />
                <path d={upArrow(x + 10, y + 3)} fill={it.color} />
              </g>
            ) : it.kind === 'band' ? (
              <rect x={x} y={y - 5} width={20} height={10} fill={it.color} opacity={0.2} />
            ) : (
              <line
                x1={x}
                x2={x + 20}
                y1={y}
                y2={y}
                stroke={it.color}
                strokeWidth={2.5}
                strokeDasharray={it.kind === 'dashed' ? '6 4' : undefined}
              />
            )}
            <text x={x + 26} y={y + 4} className="ck-legend-text">
              {fitLabel(it.label, width, left)}
              {fitLabel(it.label, width, left) !== it.label ? <title>{it.label}</title> : null}
            </text>
          </g>
        );
      })}
    </g>
  );
}
