// The printable handout of a lesson: every step's text, its inputs, the
// question with space to write (or the choices to tick), and with answers
// the core's number, the explanation and the chart. Shown only in print
// (class.css), rendered into <body> so the app's chrome stays off the page.
import { OutcomeChart } from './OutcomeChart';
import { correctChoice, explain, formatAnswer, type Lesson, type Outcome } from './model';

export function Worksheet({ lesson, outcomes, answers }: { lesson: Lesson; outcomes: Record<number, Outcome>; answers: boolean }) {
  return (
    <article className="worksheet" data-testid="worksheet" aria-hidden="true">
      <h1>{lesson.title}</h1>
      <p>{lesson.summary}</p>
      <p className="ws-name">Name: ______________________________ Date: ______________</p>
      {lesson.steps.map((s, i) => {
        const o = outcomes[i];
        const q = s.question;
        return (
          <section key={i} className="ws-step">
            <h2>
              {i + 1}. {s.title}
            </h2>
            <p>{s.text}</p>
            <p className="ws-inputs">
              {s.shown.map((f) => `${f.label}${s.mystery?.path === f.path ? ': hidden' : ''}${s.free.includes(f.path) ? ' (you may change it)' : ''}`).join(' · ')}
            </p>
            {q ? <p className="ws-question">{q.prompt}</p> : null}
            {q?.kind === 'choice' ? (
              <ul className="ws-choices">
                {q.choices.map((c) => (
                  <li key={c.id}>☐ {c.text}</li>
                ))}
              </ul>
            ) : null}
            {q?.kind === 'number' ? <p className="ws-blank">My prediction: ____________ {q.unit}</p> : null}
            {q?.kind === 'sketch' ? <div className="ws-sketch-box">Sketch here</div> : null}
            {!answers ? <div className="ws-lines" /> : null}
            {answers ? (
              <div className="ws-answer">
                {o ? (
                  <>
                    <p>
                      <strong>Answer (simulated):</strong>{' '}
                      {s.mystery
                        ? formatAnswer(s.mystery.value, s.mystery.unit)
                        : q?.kind === 'choice'
                          ? q.choices.find((c) => c.id === correctChoice(q, o.key))?.text
                          : formatAnswer(o.key, s.answer.unit)}
                    </p>
                    <p>{explain(s, o.key)}</p>
                    <OutcomeChart step={s} outcome={o} width={640} height={260} />
                  </>
                ) : (
                  <p>
                    <strong>Expected answer:</strong> {formatAnswer(s.answer.expected, s.answer.unit)} ({s.answer.label}); run the step to print the simulated one with its chart.
                  </p>
                )}
              </div>
            ) : null}
          </section>
        );
      })}
      {answers ? (
        <section className="ws-notes">
          <h2>Teacher notes</h2>
          <p>
            <strong>Goal:</strong> {lesson.notes.goal}
          </p>
          <p>
            <strong>Misconceptions:</strong> {lesson.notes.misconceptions.join(' ')}
          </p>
          <p>
            <strong>What the model leaves out:</strong> {lesson.notes.leavesOut}
          </p>
        </section>
      ) : null}
    </article>
  );
}
