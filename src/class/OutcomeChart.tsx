// The one chart of a revealed step: a sweep's curve (with the student's
// sketch over it), or one bar per variant; a single run shows its number.
import { scaleBand, scaleLinear } from 'd3-scale';
import { LineChart, OKABE_ITO, YAxis, formatValue, r2, splitAxisLabel, useContainerWidth, wrapWords, yAxisLeft, type LineSeries, type Margins } from '../charts';
import { CLASS_METRICS, formatAnswer, type Outcome, type Prediction, type Step } from './model';

export interface OutcomeChartProps {
  step: Step;
  outcome: Outcome;
  prediction?: Prediction;
  /** Presenter view: draw at this size. */
  width?: number;
  height?: number;
}

// About 6.6 user units a character at the chart kit's 12 px (as its legend estimates).
const CHAR_W = 6.6;
const LINE_H = 14;

function Bars({ outcome, unit, label, width: w, height = 300 }: { outcome: Outcome; unit: string; label: string; width?: number; height?: number }) {
  const [box, measured] = useContainerWidth<HTMLDivElement>();
  const width = w ?? Math.max(300, Math.min(960, measured ?? 640));
  const labels = outcome.labels ?? outcome.points.map((p) => String(p.x));
  // Each variant's name in lines that fit its slot, so neighbours never overlap; the bottom margin grows with the lines.
  const slot = (width - 100 - 16) / Math.max(1, outcome.points.length);
  const wrapped = labels.map((l) => wrapWords(l, Math.max(6, Math.floor((slot - 6) / CHAR_W))));
  const lines = Math.max(1, ...wrapped.map((l) => l.length));
  const m: Margins = { top: 24, right: 16, bottom: 28 + lines * LINE_H, left: 70 };
  const finite = outcome.points.map((p) => (Number.isFinite(p.y) ? p.y : 0));
  const y = scaleLinear().domain([0, Math.max(...finite, 1e-9) * 1.1]).nice().range([height - m.bottom, m.top]);
  // The axis title wraps to more lines on a short chart (the presenter's): the margin makes room for
  // each line beside the widest tick label, as the line charts do, so the title never covers a tick.
  const yTicks = y.ticks(5);
  const yTitle = `${label} (${unit})`;
  m.left = yAxisLeft(m.left, yTicks.map(formatValue), splitAxisLabel(yTitle, height - m.top - m.bottom).length);
  const x = scaleBand<number>().domain(outcome.points.map((_, i) => i)).range([m.left, width - m.right]).padding(0.3);
  // The value over each bar carries its unit only when it fits the slot (the axis title names the unit anyway).
  const values = outcome.points.map((p) => formatAnswer(p.y, unit));
  const withUnit = values.every((v) => v.length * 8 <= slot - 4);
  return (
    <div ref={box} className="ck-chart" data-testid="outcome-bars">
      <svg viewBox={`0 0 ${width} ${height}`} className="ck-svg" role="img" aria-label={`${label} (${unit}): ${labels.map((l, i) => `${l} ${values[i]}`).join(', ')}`}>
        <rect className="ck-bg" x={0} y={0} width={width} height={height} />
        <YAxis scale={y} ticks={yTicks} format={formatValue} label={yTitle} width={width} height={height} m={m} />
        {outcome.points.map((p, i) => (
          <g key={i}>
            <rect x={r2(x(i)!)} width={r2(x.bandwidth())} y={r2(y(finite[i]))} height={r2(y(0) - y(finite[i]))} fill={OKABE_ITO[i % OKABE_ITO.length]} />
            <text x={r2(x(i)! + x.bandwidth() / 2)} y={r2(y(finite[i]) - 6)} textAnchor="middle" className="bar-value">
              {withUnit ? values[i] : formatAnswer(p.y, '')}
            </text>
            <text x={r2(x(i)! + x.bandwidth() / 2)} y={height - m.bottom + 18} textAnchor="middle" className="ck-tick">
              {wrapped[i].map((line, k) => (
                <tspan key={k} x={r2(x(i)! + x.bandwidth() / 2)} dy={k === 0 ? 0 : LINE_H}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}

export function OutcomeChart({ step, outcome, prediction, width, height }: OutcomeChartProps) {
  const m = step.measure;
  const metric = CLASS_METRICS[m.metric];
  if (m.kind === 'variants') return <Bars outcome={outcome} unit={metric.unit} label={metric.label} width={width} height={height} />;
  if (m.kind === 'cost-model') {
    return (
      <LineChart
        title="Mean I/O cost against the caching share of the flash cache"
        xLabel="caching space u (% of the flash cache)"
        yLabel={`${metric.label} (${metric.unit})`}
        series={[{ id: 'cost', label: 'C(u), best read/write split', points: outcome.points }]}
        references={[]}
        width={width}
        height={height}
        testId="outcome-chart"
      />
    );
  }
  if (m.kind !== 'sweep') return null;
  // Fixed colours, so the screen, the presenter view and the printed key agree whether or not a sketch is drawn:
  // the simulation blue, the sketch vermillion (as the sketch input draws it), the analytic curve green, dashed and on top.
  const series: LineSeries[] = [{ id: 'model', label: 'Simulated (95 % CI)', points: outcome.points, color: OKABE_ITO[0] }];
  if (prediction?.kind === 'sketch') series.push({ id: 'sketch', label: 'Your sketch', points: m.values.map((x, i) => ({ x, y: prediction.ys[i] })), color: OKABE_ITO[5] });
  return (
    <LineChart
      title={`${metric.label} against ${m.label}`}
      xLabel={m.unit ? `${m.label} (${m.unit})` : m.label}
      yLabel={`${metric.label} (${metric.unit})`}
      series={series}
      overlays={outcome.overlay ? [{ id: 'analytic', label: outcome.overlay.label, points: outcome.overlay.points, color: OKABE_ITO[2] }] : []}
      overlaysAbove
      width={width}
      height={height}
      testId="outcome-chart"
    />
  );
}
