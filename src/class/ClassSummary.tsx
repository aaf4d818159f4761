// The class summary without a server: each student exports their answers
// as a short code (or a file); the teacher pastes or drops the codes and
// sees the class's predictions against the simulated answer — a histogram
// of numbers, counts per choice, or the sketches over the simulated curve.
import { useState, type DragEvent } from 'react';
import { scaleLinear } from 'd3-scale';
import { LineChart, OKABE_ITO, XAxis, YAxis, downloadBlob, formatValue, r2, useContainerWidth, type LineSeries, type Margins } from '../charts';
import type { Engine } from '../worker/contract';
import { computeOutcome } from './compute';
import { histogramBins } from './histogram';
import { encodeAnswers, readCodes, type StudentAnswers } from './codec';
import { CLASS_METRICS, correctChoice, formatAnswer, type Lesson, type Outcome } from './model';
import type { LessonProgress } from './progress';

/** "1 student", "2 students". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The steps of a lesson that ask for an answer. */
export function questionSteps(lesson: Lesson): number[] {
  return lesson.steps.flatMap((s, i) => (s.question ? [i] : []));
}

/**
 * The student's side: their answers as a code to hand in. The code appears
 * once every question is answered; before that, the student may still hand
 * in what they have, marked partial, with one deliberate tick.
 */
export function AnswerCode({ lesson, progress, update }: { lesson: Lesson; progress: LessonProgress; update: (f: (p: LessonProgress) => LessonProgress) => void }) {
  const answers = progress.predictions;
  const questions = questionSteps(lesson);
  const n = questions.filter((i) => i in answers).length;
  const complete = n === questions.length;
  const [early, setEarly] = useState(false);
  const code = encodeAnswers({ lesson: lesson.id, name: progress.name, answers });
  const share = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const missing = questions.filter((i) => !(i in answers)).map((i) => i + 1);
  return (
    <section className="card answer-code" aria-labelledby="answer-code-title" data-testid="answer-code">
      <h3 id="answer-code-title">Hand in your answers</h3>
      <div className="field">
        <label htmlFor="student-name">Your name or initials (optional)</label>
        <input id="student-name" type="text" value={progress.name} maxLength={40} onChange={(e) => update((p) => ({ ...p, name: e.target.value }))} data-testid="student-name" />
      </div>
      {complete ? null : (
        <>
          <p className="hint" data-testid="answer-progress">
            {n} of {plural(questions.length, 'question')} answered (run a step to record its answer). Your code appears when every question is answered; still to do: step
            {missing.length === 1 ? '' : 's'} {missing.join(', ')}.
          </p>
          {n > 0 ? (
            <label className="check">
              <input type="checkbox" checked={early} onChange={(e) => setEarly(e.target.checked)} data-testid="hand-in-partial" /> Hand in now, with only {n} of{' '}
              {plural(questions.length, 'answer')} (your teacher sees it as partial)
            </label>
          ) : null}
        </>
      )}
      {n > 0 && (complete || early) ? (
        <>
          <label htmlFor="student-code" className="label">
            Your code{complete ? ` (all ${plural(n, 'answer')})` : ` (partial: ${n} of ${questions.length} answers)`}: copy it on one line and send it to your teacher
          </label>
          <input id="student-code" type="text" readOnly value={code} data-testid="student-code" data-partial={complete ? 'false' : 'true'} onFocus={(e) => e.target.select()} />
          <div className="run-buttons">
            <button type="button" onClick={() => void navigator.clipboard?.writeText(code).catch(() => undefined)} data-testid="copy-code">
              Copy code
            </button>
            {share ? (
              <button type="button" onClick={() => void navigator.share({ text: code }).catch(() => undefined)}>
                Send…
              </button>
            ) : null}
            <button type="button" onClick={() => downloadBlob(`answers-${lesson.id}.txt`, new Blob([`${code}\n`], { type: 'text/plain' }))}>
              Download as a file
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

function Histogram({ values, truth, unit, label }: { values: number[]; truth: number | null; unit: string; label: string }) {
  const [box, measured] = useContainerWidth<HTMLDivElement>();
  const width = Math.max(300, Math.min(960, measured ?? 640));
  const height = 260;
  const m: Margins = { top: 16, right: 20, bottom: 52, left: 56 };
  const { domain, bins } = histogramBins(values, truth);
  const x = scaleLinear().domain(domain).range([m.left, width - m.right]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...bins.map((b) => b.n))])
    .nice()
    .range([height - m.bottom, m.top]);
  const yTicks = y.ticks(Math.min(5, y.domain()[1])).filter((t) => Number.isInteger(t));
  return (
    <div ref={box} className="ck-chart" data-testid="class-histogram" data-count={values.length}>
      <svg viewBox={`0 0 ${width} ${height}`} className="ck-svg" role="img" aria-label={`Histogram of ${values.length} predictions of ${label}${truth !== null ? `; simulated ${formatAnswer(truth, unit)}` : ''}`}>
        <rect className="ck-bg" x={0} y={0} width={width} height={height} />
        <YAxis scale={y} ticks={yTicks} format={(v) => String(v)} label="students" width={width} height={height} m={m} />
        <XAxis scale={x} ticks={x.ticks(8)} format={formatValue} y={height - m.bottom} label={`${label} (${unit})`} width={width} m={m} />
        {bins.map((b, i) =>
          b.n > 0 ? (
            <rect key={i} x={r2(x(b.x0) + 1)} width={r2(Math.max(1, x(b.x1) - x(b.x0) - 2))} y={r2(y(b.n))} height={r2(y(0) - y(b.n))} fill={OKABE_ITO[1]} data-testid="histogram-bar" data-n={b.n}>
              <title>{`${formatValue(b.x0)}–${formatValue(b.x1)} ${unit}: ${b.n}`}</title>
            </rect>
          ) : null,
        )}
        {truth !== null ? (
          <g>
            <line x1={r2(x(truth))} x2={r2(x(truth))} y1={m.top} y2={height - m.bottom} className="truth-line" />
            <text
              x={r2(x(truth)) + (x(truth) > width / 2 ? -4 : 4)}
              y={m.top + 10}
              textAnchor={x(truth) > width / 2 ? 'end' : 'start'}
              className="truth-label"
            >
              simulated {formatAnswer(truth, unit)}
            </text>
          </g>
        ) : null}
      </svg>
    </div>
  );
}

/** The teacher's side: many codes in, the class's predictions out. */
export function ClassSummary({ engine, lesson, progress }: { engine: Engine; lesson: Lesson; progress: LessonProgress }) {
  const [text, setText] = useState('');
  const [stepIx, setStepIx] = useState(() => lesson.steps.findIndex((s) => s.question));
  const [simulated, setSimulated] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { ok, problems, duplicates, ignored } = readCodes(text, lesson.id, questionSteps(lesson));
  const partial = ok.filter((s) => s.partial).length;
  // Names stay hidden unless the teacher turns them on: the summary is often projected.
  const [showNames, setShowNames] = useState(false);
  const step = lesson.steps[stepIx];
  const outcome = simulated[stepIx] ?? progress.outcomes[stepIx] ?? null;
  const answered = ok.filter((s: StudentAnswers) => s.answers[stepIx] !== undefined);
  const answers = answered.map((s) => s.answers[stepIx]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    void Promise.all([...e.dataTransfer.files].map((f) => f.text())).then((texts) => setText((t) => [t, ...texts].join('\n').trim()));
  };
  const simulate = () => {
    setBusy(true);
    setError(null);
    computeOutcome(engine, step).then(
      (o) => {
        setSimulated((s) => ({ ...s, [stepIx]: o }));
        setBusy(false);
      },
      (e: unknown) => {
        setError(e instanceof Error ? e.message : String(e));
        setBusy(false);
      },
    );
  };

  let view = null;
  if (step?.question && answers.length > 0) {
    const q = step.question;
    if (q.kind === 'number') {
      const truth = outcome ? (step.mystery ? step.mystery.value : outcome.key) : null;
      view = <Histogram values={answers.flatMap((a) => (a.kind === 'number' ? [a.value] : []))} truth={truth} unit={q.unit} label={step.answer.label} />;
    } else if (q.kind === 'choice') {
      const right = outcome ? correctChoice(q, outcome.key) : null;
      view = (
        <table className="choice-counts" data-testid="class-choices">
          <caption data-testid="class-choices-caption">Choices of {plural(answers.length, 'student')}</caption>
          <thead>
            <tr>
              <th scope="col">Choice</th>
              <th scope="col">Students</th>
            </tr>
          </thead>
          <tbody>
            {q.choices.map((c) => {
              const n = answers.filter((a) => a.kind === 'choice' && a.id === c.id).length;
              return (
                <tr key={c.id}>
                  <td>
                    {c.text}
                    {right === c.id ? <strong> ✓ simulated answer</strong> : null}
                  </td>
                  <td>
                    <span className="count-bar" style={{ width: `${(n / answers.length) * 100}%` }} aria-hidden="true" /> {n}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      );
    } else if (step.measure.kind === 'sweep') {
      const m = step.measure;
      // One grey line per student, named as in the names list (shown only when the teacher turns names on);
      // past a handful, one legend entry stands for them all. The simulation is blue, as in the lesson's chart.
      const many = answered.length > 6;
      const series: LineSeries[] = answered.flatMap((s, i) => {
        const a = s.answers[stepIx];
        if (a?.kind !== 'sketch') return [];
        const who = (showNames && s.name.trim()) || `line ${s.line}`;
        return [{ id: `s${i}`, label: many && i === 0 ? `Students' sketches (${answered.length})` : who, points: m.values.map((x, k) => ({ x, y: a.ys[k] })), color: '#9aa5b4', noLegend: many && i > 0 }];
      });
      if (outcome) series.unshift({ id: 'model', label: 'Simulated', points: outcome.points, color: OKABE_ITO[0] });
      view = <LineChart title="The class's sketches" xLabel={m.unit ? `${m.label} (${m.unit})` : m.label} yLabel={`${CLASS_METRICS[m.metric].label} (${CLASS_METRICS[m.metric].unit})`} series={series} testId="class-sketches" />;
    }
  }

  return (
    <section className="card class-summary" aria-labelledby="class-summary-title" data-testid="class-summary">
      <h3 id="class-summary-title">Class summary (teacher)</h3>
      <p className="hint">
        Paste your students' codes, one per line (a name in front, as in "Name: TPA1…", is fine; lines without a code are skipped), or drop their answer files here. Nothing leaves this
        browser.
      </p>
      <div className="field" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        <label htmlFor="class-codes">Student codes</label>
        <textarea id="class-codes" rows={4} value={text} onChange={(e) => setText(e.target.value)} data-testid="class-codes" />
      </div>
      <div className="field">
        <label htmlFor="class-codes-file">Or open answer files</label>
        <input
          id="class-codes-file"
          type="file"
          multiple
          accept=".txt,text/plain"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            void Promise.all(files.map((f) => f.text())).then((texts) => setText((t) => [t, ...texts].join('\n').trim()));
            e.target.value = '';
          }}
        />
      </div>
      {problems.length > 0 ? (
        <ul className="field-error" data-testid="class-code-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <p data-testid="class-count">
        {plural(ok.length, 'student')} read.
        {partial > 0 ? ` ${partial} ${partial === 1 ? 'is' : 'are'} partial (not every question answered).` : ''}
        {duplicates > 0 ? ` ${plural(duplicates, 'duplicate code')} ${duplicates === 1 ? 'was' : 'were'} counted once.` : ''}
        {ignored > 0 ? ` ${plural(ignored, 'line')} without a code ${ignored === 1 ? 'was' : 'were'} skipped.` : ''}
      </p>
      <label className="check">
        <input type="checkbox" checked={showNames} onChange={(e) => setShowNames(e.target.checked)} data-testid="show-names" /> Show the names students typed (off by default: a projected summary can expose students)
      </label>
      {showNames && ok.length > 0 ? (
        <p data-testid="class-names">
          <strong>Handed in:</strong> {ok.map((s) => `${s.name.trim() || `line ${s.line} (no name)`}${s.partial ? ' (partial)' : ''}`).join(', ')}
        </p>
      ) : null}
      <div className="run-buttons summary-controls">
        <div className="field">
          <label htmlFor="class-step">Question</label>
          <select id="class-step" value={stepIx} onChange={(e) => setStepIx(Number(e.target.value))} data-testid="class-step-select">
            {lesson.steps.map((s, i) =>
              s.question ? (
                <option key={i} value={i}>
                  Step {i + 1}: {s.question.prompt}
                </option>
              ) : null,
            )}
          </select>
        </div>
        <button type="button" onClick={simulate} disabled={busy || !step} data-testid="class-simulate">
          {busy ? 'Simulating…' : outcome ? 'Simulate again' : 'Simulate the answer'}
        </button>
      </div>
      {error ? <p className="field-error">{error}</p> : null}
      {view}
    </section>
  );
}
