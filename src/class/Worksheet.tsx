// The printable handout of a lesson: every step's text, its inputs with
// their values, the question with space to write (the choices to tick, or a
// sketch box with labelled axes), and with answers the core's number, the
// explanation and the chart. Shown only in print (class.css), rendered into
// <body> so the app's chrome stays off the page. ClassView asks the core for
// the scenarios and outcomes just before printing.
import { scaleLinear } from 'd3-scale';
import { XAxis, YAxis, formatValue, type Margins } from '../charts';
import type { Scenario } from '../engine/types';
import { OutcomeChart } from './OutcomeChart';
import { CLASS_METRICS, correctChoice, explain, formatAnswer, getField, type Lesson, type Outcome, type Step } from './model';

/** A tier the step's scenario does not have: its device count is 0 (the sheet leaves it out unless the student may add some). */
const absentTier = (path: string, v: unknown) => /^tiers\.[a-z_]+\.count$/.test(path) && v === 0;

/** The step's inputs as "label: value unit", hidden and swept ones said so; tiers the step leaves at 0 devices are left out. */
function inputsLine(s: Step, scenario: Scenario | undefined): string {
  return s.shown
    .flatMap((f) => {
      const m = s.measure;
      const free = s.free.includes(f.path);
      let v: string;
      if (s.mystery?.path === f.path) v = 'hidden';
      else if (m.kind === 'sweep' && m.path === f.path) v = `swept over ${m.values.map((x) => formatValue(x)).join(', ')}${f.unit ? ` ${f.unit}` : ''}`;
      else {
        const x = scenario ? getField(scenario, f.path) : undefined;
        if (!free && absentTier(f.path, x)) return [];
        v = typeof x === 'number' ? `${formatValue(x)}${f.unit ? ` ${f.unit}` : ''}` : '—';
      }
      return [`${f.label}: ${v}${free ? ' (you may change it)' : ''}`];
    })
    .join(' · ');
}

/** An empty chart to sketch on: the sweep's values along x, the metric from 0 to the question's maximum along y, both with units. */
function SketchBox({ step, yMax }: { step: Step; yMax: number }) {
  const m = step.measure;
  if (m.kind !== 'sweep') return null;
  const metric = CLASS_METRICS[m.metric];
  const width = 640;
  const height = 260;
  const mg: Margins = { top: 12, right: 20, bottom: 48, left: 64 };
  const lo = Math.min(...m.values);
  const hi = Math.max(...m.values);
  const x = scaleLinear().domain([lo, hi]).range([mg.left, width - mg.right]);
  const y = scaleLinear().domain([0, yMax]).nice().range([height - mg.bottom, mg.top]);
  return (
    <svg className="ws-sketch ck-svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Axes to sketch ${metric.label} against ${m.label}`} data-testid="ws-sketch">
      <YAxis scale={y} ticks={y.ticks(5)} format={formatValue} label={`${metric.label} (${metric.unit})`} width={width} height={height} m={mg} />
      <XAxis scale={x} ticks={m.values} format={formatValue} y={height - mg.bottom} label={`${m.label}${m.unit ? ` (${m.unit})` : ''}`} width={width} m={mg} />
      {m.values.map((v) => (
        <line key={v} x1={x(v)} x2={x(v)} y1={mg.top} y2={height - mg.bottom} className="ws-guide" />
      ))}
    </svg>
  );
}

export interface WorksheetProps {
  lesson: Lesson;
  outcomes: Record<number, Outcome>;
  /** Each step's scenario (from the core), for the inputs' values. */
  scenarios: Record<number, Scenario>;
  /** Why the core could not answer a step. */
  errors: Record<number, string>;
  answers: boolean;
}

export function Worksheet({ lesson, outcomes, scenarios, errors, answers }: WorksheetProps) {
  // Only the notes the author wrote: an authored lesson often has none.
  const notes = (
    [
      ['Goal', lesson.notes.goal.trim()],
      ['Misconceptions', lesson.notes.misconceptions.map((m) => m.trim()).filter((m) => m !== '').join(' ')],
      ['What the model leaves out', lesson.notes.leavesOut.trim()],
    ] as const
  ).filter(([, text]) => text !== '');
  const inputs = (s: Step, i: number) => (s.shown.length > 0 ? inputsLine(s, scenarios[i]) : '');
  return (
    <article className="worksheet" data-testid="worksheet" aria-hidden="true">
      <h1>{lesson.title}</h1>
      {lesson.summary.trim() ? <p>{lesson.summary}</p> : null}
      <p className="ws-name">Name: ______________________________ Date: ______________</p>
      {lesson.steps.map((s, i) => {
        const o = outcomes[i];
        const q = s.question;
        const unchecked = q?.kind === 'choice' && q.choices.every((c) => !c.range);
        return (
          <section key={i} className="ws-step" data-testid={`ws-step-${i}`}>
            <h2>
              {i + 1}. {s.title}
            </h2>
            {s.text.trim() ? <p>{s.text}</p> : null}
            {inputs(s, i) ? <p className="ws-inputs">{inputs(s, i)}</p> : null}
            {q ? <p className="ws-question">{q.prompt}</p> : null}
            {q?.kind === 'choice' ? (
              <ul className="ws-choices">
                {q.choices.map((c) => (
                  <li key={c.id}>☐ {c.text}</li>
                ))}
              </ul>
            ) : null}
            {q?.kind === 'number' ? <p className="ws-blank">My prediction: ____________ {q.unit}</p> : null}
            {q?.kind === 'sketch' ? <SketchBox step={s} yMax={q.yMax} /> : null}
            {!answers ? <div className="ws-lines" /> : null}
            {answers ? (
              <div className="ws-answer" data-testid={`ws-answer-${i}`}>
                {o ? (
                  <>
                    <p>
                      <strong>{unchecked ? "Answer (the lesson's key):" : 'Answer (simulated):'}</strong>{' '}
                      {s.mystery
                        ? formatAnswer(s.mystery.value, s.mystery.unit)
                        : q?.kind === 'choice'
                          ? q.choices.find((c) => c.id === correctChoice(q, o.key))?.text
                          : formatAnswer(o.key, s.answer.unit)}
                      {q?.kind === 'choice' || s.mystery ? ` (the simulation: ${formatAnswer(o.key, s.answer.unit)}, ${s.answer.label})` : ''}
                    </p>
                    {explain(s, o.key).trim() ? <p>{explain(s, o.key)}</p> : null}
                    <OutcomeChart step={s} outcome={o} width={640} height={260} />
                  </>
                ) : (
                  <p>
                    <strong>No simulated answer:</strong> {errors[i] ? `the core could not run this step (${errors[i]})` : 'print again with answers to have the core compute it'}. The lesson states{' '}
                    {formatAnswer(s.answer.expected, s.answer.unit)} ({s.answer.label}).
                  </p>
                )}
              </div>
            ) : null}
          </section>
        );
      })}
      {answers && notes.length > 0 ? (
        <section className="ws-notes" data-testid="ws-notes">
          <h2>Teacher notes</h2>
          {notes.map(([head, text]) => (
            <p key={head}>
              <strong>{head}:</strong> {text}
            </p>
          ))}
        </section>
      ) : null}
    </article>
  );
}
