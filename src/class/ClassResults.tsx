// The class's answers to one step, against the lesson's answer: a histogram
// of numbers over the question's whole range, counts per choice, or how many
// sketches came close; and how many were within the tolerance. The teacher's
// summary (pasted codes) and the presenter view (the live room and codes)
// both show it; on the projector it is drawn large (every text ≥ 24 px).
import { scaleLinear } from 'd3-scale';
import { OKABE_ITO, XAxis, YAxis, formatValue, r2, useContainerWidth, type Margins } from '../charts';
import { histogramBins } from './histogram';
import { correctChoice, differenceUnit, formatAnswer, grade, type Outcome, type Prediction, type Step } from './model';

/** "1 student", "2 students". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Where the answer line's label goes: above the plot (bars never reach there), kept inside the chart. */
function labelAnchor(x: number, width: number, m: Margins): { x: number; anchor: 'start' | 'middle' | 'end' } {
  if (x < m.left + 90) return { x: Math.max(4, x - 6), anchor: 'start' };
  if (x > width - m.right - 90) return { x: Math.min(width - 4, x + 6), anchor: 'end' };
  return { x, anchor: 'middle' };
}

export function Histogram({
  values,
  truth,
  truthLabel,
  unit,
  label,
  range,
  zoom = 1,
}: {
  values: number[];
  truth: number | null;
  /** "simulated" or "lesson's answer": where the line's number comes from. */
  truthLabel: string;
  unit: string;
  label: string;
  /** The question's range: the axis spans it, so a class that clusters is seen to cluster. */
  range?: [number, number];
  /** The presenter's enlargement: the SVG is drawn at 1/zoom of its box and stretched to fill it. */
  zoom?: number;
}) {
  const [box, measured] = useContainerWidth<HTMLDivElement>();
  const width = Math.max(300, Math.min(960, (measured ?? 640) / zoom));
  // Drawn at 1/zoom and stretched to the box's width: a lower chart on the projector, where it shares the screen with the step.
  const height = zoom > 1 ? 190 : 240;
  const m: Margins = { top: 30, right: 20, bottom: 52, left: 56 };
  const { domain, bins } = histogramBins(values, truth, 10, range);
  const x = scaleLinear().domain(domain).range([m.left, width - m.right]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...bins.map((b) => b.n))])
    .nice()
    .range([height - m.bottom, m.top]);
  const yTicks = y.ticks(Math.min(5, y.domain()[1])).filter((t) => Number.isInteger(t));
  const lab = truth !== null ? labelAnchor(x(truth), width, m) : null;
  return (
    <div ref={box} className="ck-chart class-histogram" data-testid="class-histogram" data-count={values.length} data-domain={domain.join(',')}>
      <svg
        viewBox={`0 0 ${r2(width)} ${height}`}
        className="ck-svg"
        role="img"
        aria-label={`Histogram of ${values.length} predictions of ${label}${truth !== null ? `; ${truthLabel} ${formatAnswer(truth, unit)}` : ''}`}
      >
        <rect className="ck-bg" x={0} y={0} width={width} height={height} />
        <YAxis scale={y} ticks={yTicks} format={(v) => String(v)} label="students" width={width} height={height} m={m} />
        <XAxis scale={x} ticks={x.ticks(Math.max(2, Math.min(10, Math.floor((width - m.left - m.right) / 60))))} format={formatValue} y={height - m.bottom} label={`${label} (${unit})`} width={width} m={m} />
        {bins.map((b, i) =>
          b.n > 0 ? (
            <rect key={i} x={r2(x(b.x0) + 1)} width={r2(Math.max(1, x(b.x1) - x(b.x0) - 2))} y={r2(y(b.n))} height={r2(y(0) - y(b.n))} fill={OKABE_ITO[1]} data-testid="histogram-bar" data-n={b.n} data-x0={b.x0} data-x1={b.x1}>
              <title>{`${formatValue(b.x0)}–${formatValue(b.x1)} ${unit}: ${b.n}`}</title>
            </rect>
          ) : null,
        )}
        {truth !== null && lab ? (
          <g>
            <line x1={r2(x(truth))} x2={r2(x(truth))} y1={m.top - 4} y2={height - m.bottom} className="truth-line" />
            <text x={r2(lab.x)} y={m.top - 10} textAnchor={lab.anchor} className="truth-label">
              {truthLabel} {formatAnswer(truth, unit)}
            </text>
          </g>
        ) : null}
      </svg>
    </div>
  );
}

export interface ResultsProps {
  step: Step;
  /** The answers to this step, one per student. */
  answers: Prediction[];
  /** How many students are there to answer (joined the room, or handed in a code); null when unknown. */
  of: number | null;
  /** The simulated outcome, when the step has been run; otherwise the lesson's stored answer stands for it. */
  outcome: Outcome | null;
  /** Whether to show the answer (the presenter keeps it back until the reveal). */
  showAnswer: boolean;
  zoom?: number;
}

/** The number the class is compared with, and what it is called. */
function truthOf(step: Step, outcome: Outcome | null): { value: number; label: string } {
  if (step.mystery) return { value: step.mystery.value, label: 'hidden value' };
  return outcome ? { value: outcome.key, label: 'simulated' } : { value: step.answer.expected, label: "lesson's answer" };
}

/** How many of `answers` are right (within the tolerance, the right choice, a close sketch). */
export function countRight(step: Step, answers: Prediction[], outcome: Outcome | null): number | null {
  const t = truthOf(step, outcome);
  if (step.question?.kind === 'sketch' && !outcome) return null;
  const o: Outcome = outcome ?? { key: t.value, points: [] };
  return answers.filter((a) => grade(step, a, o).right).length;
}

export function ClassResults({ step, answers, of, outcome, showAnswer, zoom = 1 }: ResultsProps) {
  const q = step.question;
  if (!q) return null;
  const t = truthOf(step, outcome);
  const right = showAnswer ? countRight(step, answers, outcome) : null;
  const n = answers.length;
  const head = (
    <p className="class-results-count" data-testid="class-results-count" data-n={n} data-of={of ?? ''}>
      {of !== null ? `${n} of ${of} answered` : `${plural(n, 'answer')}`}
    </p>
  );
  let view = null;
  let rightText = '';
  if (q.kind === 'number') {
    const values = answers.flatMap((a) => (a.kind === 'number' ? [a.value] : []));
    view = n > 0 ? <Histogram values={values} truth={showAnswer ? t.value : null} truthLabel={t.label} unit={q.unit} label={step.answer.label} range={[q.min, q.max]} zoom={zoom} /> : null;
    const tol = step.answer.tolerance;
    rightText = `within ± ${formatAnswer(tol, differenceUnit(step.mystery ? step.mystery.unit : step.answer.unit))} of the ${t.label} (${formatAnswer(t.value, step.mystery ? step.mystery.unit : step.answer.unit)})`;
  } else if (q.kind === 'choice') {
    const key = showAnswer ? correctChoice(q, t.value) : null;
    view = (
      <table className="choice-counts" data-testid="class-choices">
        <caption data-testid="class-choices-caption">Choices of {plural(n, 'student')}</caption>
        <thead>
          <tr>
            <th scope="col">Choice</th>
            <th scope="col">Students</th>
          </tr>
        </thead>
        <tbody>
          {q.choices.map((c) => {
            const k = answers.filter((a) => a.kind === 'choice' && a.id === c.id).length;
            return (
              <tr key={c.id} data-testid={`class-choice-${c.id}`} data-n={k}>
                <td>
                  {c.text}
                  {key === c.id ? <strong> ✓ {t.label}</strong> : null}
                </td>
                <td>
                  <span className="count-bar" style={{ width: `${n > 0 ? (k / n) * 100 : 0}%` }} aria-hidden="true" /> {k}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
    rightText = `chose the ${t.label === 'simulated' ? "simulation's" : "lesson's"} answer`;
  } else {
    rightText = 'sketched within 15 % of the simulated curve';
  }
  return (
    <section className="class-results" aria-label="The class's answers" data-testid="class-results">
      {head}
      {view}
      {right !== null && n > 0 ? (
        <p className="class-results-right" data-testid="class-results-right" data-k={right} data-n={n}>
          <strong>
            {right} of {n}
          </strong>{' '}
          {rightText}
        </p>
      ) : null}
    </section>
  );
}
