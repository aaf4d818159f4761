// Flash lifetime per tier on a log axis in days (ticks named in days,
// months and years), one row per tier. A tier that wrote nothing has no
// wear-out: its row says "no writes" instead of a bar. d3-scale computes
// the axis; React renders the SVG.
import { scaleLog } from 'd3-scale';
import { ChartDataTable } from '../charts';
import { beyondServiceLife, DEFAULT_SERVICE_LIFE_YEARS, wearLifetime } from '../shared/format';
import { useNarrow } from './useNarrow';

export interface LifetimeBar {
  id: string;
  label: string;
  sub: string;
  /** Lifetime in hours; `null` = nothing written. */
  hours: number | null;
  className: string;
}

const TICKS: { days: number; label: string; short: string | null }[] = [
  { days: 1, label: '1 day', short: '1 d' },
  { days: 7, label: '1 week', short: null },
  { days: 30, label: '1 month', short: '1 mo' },
  { days: 365.25, label: '1 year', short: '1 yr' },
  { days: 3652.5, label: '10 years', short: '10 yr' },
  { days: 36525, label: '100 years', short: '100 yr' },
  { days: 365250, label: '1000 years', short: '1000 yr' },
];

export function LifetimeChart({ bars, title }: { bars: LifetimeBar[]; title: string }) {
  // Phones: a narrower viewBox, the tier on a line of its own.
  const narrow = useNarrow();
  const width = narrow ? 380 : 640;
  const row = narrow ? 62 : 46;
  const bar = narrow ? 36 : 20;
  const m = { top: 8, right: 40, bottom: 44, left: 16 };
  const height = m.top + bars.length * row + m.bottom;
  const days = bars.map((b) => (b.hours === null ? NaN : b.hours / 24)).filter((d) => Number.isFinite(d) && d > 0);
  const lo = Math.min(1, ...days.map((d) => d / 2));
  const hi = Math.max(36525, ...days.map((d) => d * 2));
  const x = scaleLog().domain([lo, hi]).range([m.left, width - m.right]).clamp(true);
  const ticks = TICKS.filter((t) => t.days >= lo && t.days <= hi && (!narrow || t.short !== null));
  return (
    <figure className="chart flash-chart" data-testid="lifetime-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={title}>
        <title>{title}</title>
        {ticks.map((t) => (
          <g key={t.days}>
            <line x1={x(t.days)} x2={x(t.days)} y1={m.top} y2={height - m.bottom} className="grid-line" />
            <text x={x(t.days)} y={height - m.bottom + 16} textAnchor="middle" className="chart-tick">
              {narrow ? t.short : t.label}
            </text>
          </g>
        ))}
        <text x={(m.left + width - m.right) / 2} y={height - 6} textAnchor="middle" className="chart-label">
          {narrow ? 'lifetime (days, log scale)' : 'lifetime until the P/E cycles are used up (days, log scale)'}
        </text>
        {bars.map((b, i) => {
          const y = m.top + i * row;
          const d = b.hours === null ? null : b.hours / 24;
          return (
            <g key={b.id} data-testid={`lifetime-bar-${b.id}`} tabIndex={0} role="graphics-symbol" aria-label={`${b.label}, ${b.sub}: ${wearLifetime(b.hours)}`}>
              {narrow ? (
                <text x={m.left} y={y + 13} className="chart-label lifetime-row-label">
                  {b.label}
                  <tspan x={m.left} dy={16} className="muted-ink">
                    {b.sub}
                  </tspan>
                </text>
              ) : (
                <text x={m.left} y={y + 13} className="chart-label lifetime-row-label">
                  {b.label} <tspan className="muted-ink">· {b.sub}</tspan>
                </text>
              )}
              {d === null ? (
                <text x={width - m.right} y={y + bar + 13} textAnchor="end" className="chart-tick">
                  no writes: no wear-out →
                </text>
              ) : (
                <>
                  <rect x={m.left} y={y + bar} width={Math.max(2, x(d) - m.left)} height={16} className={`lifetime-bar ${b.className}`} />
                  <text
                    x={x(d) > width * 0.7 ? x(d) - 6 : x(d) + 6}
                    y={y + bar + 12}
                    textAnchor={x(d) > width * 0.7 ? 'end' : 'start'}
                    className={x(d) > width * 0.7 ? 'chart-tick on-bar' : 'chart-tick'}
                  >
                    {/* On the bar, short: the table and the label carry "wear is not the limit". */}
                    {b.hours !== null && beyondServiceLife(b.hours) ? `> ${DEFAULT_SERVICE_LIFE_YEARS} years` : wearLifetime(b.hours)}
                  </text>
                </>
              )}
            </g>
          );
        })}
      </svg>
      <ChartDataTable
        title={title}
        testId="lifetime-chart"
        table={{ columns: ['Configuration', 'Tier', 'Lifetime'], rows: bars.map((b) => [b.label, b.sub, wearLifetime(b.hours)]) }}
      />
    </figure>
  );
}
