// One step of a lesson: its scenario's inputs (locked or free), the
// prediction, Run (on the worker pool, with progress and Cancel; disabled
// until the student has predicted), and the reveal: prediction beside the
// core's answer, how far off, the explanation and the one chart.
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { Engine } from '../worker/contract';
import type { Scenario } from '../engine/types';
import { computeOutcome, stepScenario } from './compute';
import { CLASS_METRICS, correctChoice, explain, formatAnswer, getField, grade, type Edits, type Outcome, type Prediction, type Step } from './model';
import { OutcomeChart } from './OutcomeChart';
import { draftOf, predictionOf, QuestionInput, type Draft } from './QuestionInput';
import type { LessonProgress } from './progress';
import { readableMessage } from '../shared/labels';

type RunState = { status: 'idle' } | { status: 'running'; fraction: number; explore: boolean } | { status: 'failed'; message: string } | { status: 'cancelled' };

export interface StepViewProps {
  engine: Engine;
  step: Step;
  index: number;
  progress: LessonProgress;
  update: (f: (p: LessonProgress) => LessonProgress) => void;
  /** Set to this step's Run (the R key of the presenter view). */
  runRef?: MutableRefObject<(() => void) | null>;
  presenter?: boolean;
  /** A student's view: the question before the step's inputs. */
  questionFirst?: boolean;
  /** The presenter's chart size in SVG units, and how much the SVG is stretched on screen (the sketch is drawn the same way). */
  chartSize?: { width: number; height: number; zoom?: number };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function predictionText(step: Step, p: Prediction): string {
  const q = step.question;
  if (p.kind === 'number') return formatAnswer(p.value, q?.kind === 'number' ? q.unit : step.answer.unit);
  if (p.kind === 'choice' && q?.kind === 'choice') return q.choices.find((c) => c.id === p.id)?.text ?? p.id;
  return 'your sketch (on the chart)';
}

function answerText(step: Step, o: Outcome): string {
  const q = step.question;
  if (step.mystery) return formatAnswer(step.mystery.value, step.mystery.unit);
  if (q?.kind === 'choice') {
    const id = correctChoice(q, o.key);
    return q.choices.find((c) => c.id === id)?.text ?? id;
  }
  return `${formatAnswer(o.key, step.answer.unit)} (${step.answer.label})`;
}

export function StepView({ engine, step, index, progress, update, runRef, presenter, questionFirst, chartSize }: StepViewProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(progress.predictions[index]));
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [base, setBase] = useState<Scenario | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [explore, setExplore] = useState<Outcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Set when this view's Run or reveal asked for the answer (not when the step opens already answered).
  const revealing = useRef(false);

  const outcome = progress.outcomes[index] ?? null;
  const revealed = progress.revealed[index] === true;
  const stored = progress.predictions[index];
  const prediction = revealed && stored ? stored : predictionOf(step, draft);
  const needsPrediction = step.question !== undefined;
  const mystery = step.mystery !== undefined;

  useEffect(() => {
    let live = true;
    stepScenario(engine, step).then(
      (s) => live && setBase(s),
      () => live && setBase(null),
    );
    return () => {
      live = false;
    };
  }, [engine, step]);
  useEffect(() => () => abort.current?.abort(), []);

  const go = useCallback(
    (forExplore: boolean) => {
      const ac = new AbortController();
      abort.current = ac;
      setRun({ status: 'running', fraction: 0, explore: forExplore });
      const onProgress = (fraction: number) => setRun((r) => (r.status === 'running' && abort.current === ac ? { ...r, fraction } : r));
      const checked = forExplore
        ? stepScenario(engine, step, edits).then(async (s) => {
            const errs = await engine.validate(s);
            if (errs.length > 0) throw new Error(errs.map((e) => `${e.path}: ${e.message}`).join('; '));
          })
        : Promise.resolve();
      checked
        .then(() => computeOutcome(engine, step, { signal: ac.signal, onProgress, edits: forExplore ? edits : undefined }))
        .then(
          (o) => {
            if (abort.current !== ac) return;
            setRun({ status: 'idle' });
            if (forExplore) setExplore(o);
            else
              update((p) => ({
                ...p,
                outcomes: { ...p.outcomes, [index]: o },
                // A mystery step shows its observation first; the reveal waits for the answer.
                revealed: { ...p.revealed, [index]: !mystery },
                predictions: prediction && !mystery ? { ...p.predictions, [index]: prediction } : p.predictions,
              }));
          },
          (e: unknown) => {
            if (abort.current !== ac) return;
            const name = (e as { name?: string }).name;
            setRun(name === 'AbortError' ? { status: 'cancelled' } : { status: 'failed', message: message(e) });
          },
        );
    },
    [engine, step, edits, index, mystery, prediction, update],
  );

  const canRun = run.status !== 'running' && (revealed ? step.free.length > 0 : mystery ? outcome === null : !needsPrediction || prediction !== null);
  const reveal = useCallback(() => {
    if (!prediction) return;
    revealing.current = true;
    update((p) => ({ ...p, revealed: { ...p.revealed, [index]: true }, predictions: { ...p.predictions, [index]: prediction } }));
  }, [prediction, update, index]);
  // R (the presenter's "run") is the step's next action: on a mystery step that has run, it is the reveal.
  const awaitingReveal = !revealed && mystery && outcome !== null;
  const doRun = useCallback(() => {
    if (awaitingReveal) reveal();
    else if (canRun) {
      revealing.current = !revealed;
      go(revealed);
    }
  }, [awaitingReveal, reveal, canRun, go, revealed]);
  useEffect(() => {
    if (runRef) runRef.current = doRun;
  }, [runRef, doRun]);

  // The answer a Run (or the reveal) just gave is brought into view: on a phone it lands under the
  // step's inputs, a screen or more below the button that was pressed. A step opened already
  // answered stays where it starts.
  const revealBox = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!revealed || !outcome || !revealing.current || presenter) return;
    revealing.current = false;
    const el = revealBox.current;
    if (!el || typeof window === 'undefined') return;
    // Only when its start is off screen or low on it (a desktop with the answer in sight does not jump).
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) el.scrollIntoView?.({ block: 'start' });
  }, [revealed, outcome, presenter]);

  const g = revealed && outcome && stored ? grade(step, stored, outcome) : null;
  const metric = CLASS_METRICS[step.measure.metric];
  const questionLocked = revealed || (mystery && outcome === null);
  // A choice key without ranges is the author's word: never presented as the simulation's.
  const uncheckedKey = step.question?.kind === 'choice' && step.question.choices.every((c) => !c.range);

  const inputs = presenter || step.shown.length === 0 ? null : (
        <fieldset className="step-inputs" data-testid="step-inputs">
          <legend>Inputs of this step</legend>
          <div className="grid">
            {step.shown.map((f) => {
              const hidden = step.mystery?.path === f.path;
              const m = step.measure;
              const swept = m.kind === 'sweep' && m.path === f.path ? `swept: ${m.values.join(', ')}` : null;
              const free = step.free.includes(f.path) && !hidden;
              const value = f.path in edits ? edits[f.path] : base ? getField(base, f.path) : undefined;
              return (
                <div className="field" key={f.path}>
                  <label htmlFor={`in-${index}-${f.path}`}>
                    {f.label} {f.unit ? <span className="unit">({f.unit})</span> : null}{' '}
                    <span className={free ? 'badge free' : 'badge locked'} data-testid={`${free ? 'free' : 'locked'}-label`}>
                      {free ? (revealed ? 'yours to change' : 'unlocks after the reveal') : hidden ? 'hidden' : swept ? 'swept' : 'locked'}
                    </span>
                  </label>
                  <input
                    id={`in-${index}-${f.path}`}
                    type={hidden || swept ? 'text' : 'number'}
                    value={hidden ? '?' : (swept ?? (typeof value === 'number' ? value : ''))}
                    min={f.min}
                    max={f.max}
                    step={f.step ?? 'any'}
                    disabled={!free || !revealed}
                    data-testid={`input-${f.path}`}
                    data-locked={free ? 'false' : 'true'}
                    onChange={(e) => {
                      const v = Number(e.target.value);
                      if (e.target.value !== '' && Number.isFinite(v)) setEdits((x) => ({ ...x, [f.path]: v }));
                    }}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
      );
  const question =
    needsPrediction && !(presenter && revealed) ? <QuestionInput step={step} draft={revealed && stored ? draftOf(stored) : draft} onDraft={setDraft} disabled={questionLocked} zoom={chartSize?.zoom} /> : null;

  return (
    <div className={presenter ? 'step step-presenter' : 'step'} data-testid="class-step">
      <h3 className="step-title" data-testid="step-title" tabIndex={-1}>
        {step.title}
      </h3>
      <p className="step-text">{step.text}</p>
      {questionFirst ? question : null}
      {questionFirst ? null : inputs}
      {mystery && outcome ? (
        <p className="observation" data-testid="observation">
          You observe: <strong>{formatAnswer(outcome.key, step.answer.unit)}</strong> ({step.answer.label}). The {step.mystery!.label.toLowerCase()} is hidden.
        </p>
      ) : null}
      {questionFirst ? null : question}
      <div className={presenter && revealed ? 'run-buttons presenter-hidden' : 'run-buttons'}>
        {!revealed && mystery && outcome ? (
          <button type="button" className="primary" data-testid="reveal-button" disabled={!prediction} onClick={reveal}>
            Reveal the hidden value
          </button>
        ) : revealed && step.free.length === 0 ? null : (
          <button type="button" className="primary" data-testid="class-run" disabled={!canRun} onClick={doRun} aria-describedby={`why-${index}`}>
            {revealed ? 'Run with my changes' : mystery ? 'Run and observe' : 'Run the simulation'}
          </button>
        )}
        <button type="button" data-testid="class-cancel" disabled={run.status !== 'running'} onClick={() => abort.current?.abort()}>
          Cancel
        </button>
      </div>
      <p id={`why-${index}`} className="hint" data-testid="run-hint" hidden={presenter && revealed}>
        {revealed
          ? step.free.length > 0
            ? 'Change the unlocked inputs and run again to explore.'
            : 'Every input of this step is locked.'
          : needsPrediction && !mystery && !prediction
            ? 'Predict first: Run unlocks once you have answered.'
            : mystery && outcome
              ? 'Now infer the hidden value and reveal it.'
              : ''}
      </p>
      {questionFirst ? inputs : null}
      {run.status === 'running' ? (
        <div className="progress">
          <progress max={1} value={run.fraction} aria-label="Simulation progress" data-testid="class-progress" />
          <span aria-live="polite">{Math.floor(run.fraction * 100)} %</span>
        </div>
      ) : null}
      {run.status === 'failed' ? (
        <p className="field-error" role="alert" data-testid="class-run-error">
          {readableMessage(run.message)}
        </p>
      ) : null}
      {run.status === 'cancelled' ? <p className="muted">Cancelled.</p> : null}
      {revealed && outcome ? (
        <section className={presenter && step.measure.kind !== 'run' ? 'reveal presenter-grid' : 'reveal'} aria-label="Answer" data-testid="reveal" ref={revealBox}>
          <div className="versus">
            {stored ? (
              <div className="versus-box">
                <span className="versus-label">Your prediction</span>
                <strong data-testid="your-prediction">{predictionText(step, stored)}</strong>
              </div>
            ) : null}
            <div className="versus-box answer">
              <span className="versus-label" data-testid="answer-source">
                {mystery ? 'The hidden value' : step.measure.kind === 'cost-model' ? 'The cost model' : uncheckedKey ? "The lesson's answer" : 'The simulation'}
              </span>
              <strong data-testid="the-answer">{answerText(step, outcome)}</strong>
              {uncheckedKey ? (
                <span className="hint">
                  The author's key, not checked by the simulation, which gives {formatAnswer(outcome.key, step.answer.unit)} ({step.answer.label}).
                </span>
              ) : null}
            </div>
          </div>
          {g ? (
            <p className={g.right ? 'ok grade' : 'grade off'} data-testid="grade">
              {g.text}
            </p>
          ) : null}
          {!mystery && Math.abs(outcome.key - step.answer.expected) > step.answer.tolerance ? (
            <p className="field-error" data-testid="stale-expected">
              The lesson states {formatAnswer(step.answer.expected, step.answer.unit)} ± {formatAnswer(step.answer.tolerance, step.answer.unit)}; the simulation gives{' '}
              {formatAnswer(outcome.key, step.answer.unit)}. The simulated number is the one shown; the lesson's author should update it.
            </p>
          ) : null}
          <p className="explanation" data-testid="explanation">
            {explain(step, outcome.key)}
          </p>
          <OutcomeChart step={step} outcome={outcome} prediction={stored} width={chartSize?.width} height={chartSize?.height} />
          {explore ? (
            <p data-testid="explore-result">
              Your run: <strong>{formatAnswer(explore.key, step.answer.unit)}</strong> ({step.answer.label}
              {step.measure.kind === 'run' ? '' : `; ${metric.label.toLowerCase()}`}).
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
