// The class summary without a server: each student exports their answers
// as a short code (or a file); the teacher pastes or drops the codes and
// sees the class's predictions against the simulated answer — a histogram
// of numbers, counts per choice, or the sketches over the simulated curve.
import { useState, type DragEvent } from 'react';
import { LineChart, OKABE_ITO, downloadBlob, type LineSeries } from '../charts';
import type { Engine } from '../worker/contract';
import { computeOutcome } from './compute';
import { ClassResults, plural } from './ClassResults';
import { encodeAnswers, readCodes, type StudentAnswers } from './codec';
import { CLASS_METRICS, type Lesson, type Outcome } from './model';
import type { LessonProgress } from './progress';
import { builtInLesson } from './lessons';

/** Lower-case words joined by dashes, for a file name ("Skew is everything!" → "skew-is-everything"). */
function slug(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/**
 * The name of a student's answer file: the lesson, the student, how many
 * answers and when, so a teacher's downloads folder holds
 * "answers-skew-is-everything-ana-2-of-2-2026-11-28-1140.txt" rather than
 * thirty copies of one name.
 */
export function answerFileName(title: string, name: string, answered: number, questions: number, at: Date): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const when = `${at.getFullYear()}-${p2(at.getMonth() + 1)}-${p2(at.getDate())}-${p2(at.getHours())}${p2(at.getMinutes())}`;
  return ['answers', slug(title) || 'lesson', slug(name, 24), `${answered}-of-${questions}`, when].filter((x) => x !== '').join('-') + '.txt';
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
  const code = encodeAnswers({ lesson: lesson.id, title: lesson.title, name: progress.name, answers });
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
            <button type="button" onClick={() => downloadBlob(answerFileName(lesson.title, progress.name, questions.filter((i) => i in answers).length, questions.length, new Date()), new Blob([`${code}\n`], { type: 'text/plain' }))}>
              Download as a file
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

export { plural };

/** The teacher's side: many codes in, the class's predictions out. `text` is the pasted codes (the presenter view shows them too). */
export function ClassSummary({ engine, lesson, progress, text, setText }: { engine: Engine; lesson: Lesson; progress: LessonProgress; text: string; setText: (f: (t: string) => string) => void }) {
  const [stepIx, setStepIx] = useState(() => lesson.steps.findIndex((s) => s.question));
  const [simulated, setSimulated] = useState<Record<number, Outcome>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { ok, problems, duplicates, ignored } = readCodes(text, lesson.id, questionSteps(lesson), (id) => builtInLesson(id)?.title);
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
    if (q.kind === 'sketch' && step.measure.kind === 'sweep') {
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
      view = (
        <>
          <LineChart title="The class's sketches" xLabel={m.unit ? `${m.label} (${m.unit})` : m.label} yLabel={`${CLASS_METRICS[m.metric].label} (${CLASS_METRICS[m.metric].unit})`} series={series} testId="class-sketches" />
          <ClassResults step={step} answers={answers} of={ok.length} outcome={outcome} showAnswer />
        </>
      );
    } else {
      // Against the lesson's stored answer at once; "Check with the simulation" replaces it with the core's.
      view = <ClassResults step={step} answers={answers} of={ok.length} outcome={outcome} showAnswer />;
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
        <textarea id="class-codes" rows={4} value={text} onChange={(e) => {
            const v = e.target.value;
            setText(() => v);
          }} data-testid="class-codes" />
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
          {busy ? 'Simulating…' : outcome ? 'Simulate again' : 'Check with the simulation'}
        </button>
      </div>
      {error ? <p className="field-error">{error}</p> : null}
      {view}
    </section>
  );
}
