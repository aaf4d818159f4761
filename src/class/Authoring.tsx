// Teacher authoring: the editor's current scenario becomes a step (locked
// and free inputs, the question, the expected answer and tolerance, the
// explanation); steps are ordered, and the lesson is shared as a link
// (packed like scenario links) or a JSON file. Imports are validated.
import { useEffect, useState } from 'react';
import type { Engine } from '../worker/contract';
import type { Device, Scenario } from '../engine/types';
import { downloadBlob } from '../charts';
import { storage } from '../state/load';
import { encodeLesson, lessonFile, lessonProblems, readLessonFile } from './codec';
import { computeOutcome } from './compute';
import { compactScenario } from './compact';
import { checkKey, parseChoices, type KeyCheck } from './choicekey';
import { linkTooLong } from './linkfit';
import { embedSnippet, studentLink } from './share';
import { PhoneWarning } from './QrCode';
import { AUTHOR_FIELDS } from './lessons';
import { CLASS_METRICS, formatAnswer, getField, type ClassMetric, type Lesson, type Question, type Step } from './model';

const DRAFT_KEY = 'tierplan.class.draft';

function emptyLesson(): Lesson {
  return { id: `t-${Date.now().toString(36)}`, title: '', summary: '', notes: { goal: '', misconceptions: [], leavesOut: '' }, steps: [] };
}

function readDraft(): Lesson {
  try {
    const t = storage()?.getItem(DRAFT_KEY);
    if (t) {
      const l = JSON.parse(t) as unknown;
      if (lessonProblems({ ...(l as object), title: 'x', steps: [] }).every((e) => e.startsWith('steps'))) return l as Lesson;
    }
  } catch {
    // A corrupted draft is dropped.
  }
  return emptyLesson();
}

/** The simulated number as the form shows it: small numbers keep three significant digits (0.0022 %, not 0). */
function roundKey(key: number): number {
  return Math.abs(key) < 1 && key !== 0 ? Number(key.toPrecision(3)) : Math.round(key * 100) / 100;
}

/** A tenth of the answer, at least 0.01. */
function defaultTolerance(key: number): number {
  return Math.max(0.01, Math.round(Math.abs(key) * 10) / 100);
}

/** The step being written, kept like the lesson so a reload (or a closed tab) does not lose it. */
const FORM_KEY = 'tierplan.class.draft-step';

function readForm(): StepForm {
  try {
    const t = storage()?.getItem(FORM_KEY);
    const x = t ? (JSON.parse(t) as unknown) : null;
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      // Only the form's own fields, each of its own type: anything else in storage is dropped.
      const f: StepForm = { ...EMPTY_FORM };
      for (const [k, v] of Object.entries(x)) {
        if (!(k in EMPTY_FORM)) continue;
        const want = EMPTY_FORM[k as keyof StepForm];
        if (Array.isArray(want) ? Array.isArray(v) && v.every((p) => typeof p === 'string') : typeof v === typeof want) (f as unknown as Record<string, unknown>)[k] = v;
      }
      if (!(f.metric in CLASS_METRICS)) f.metric = EMPTY_FORM.metric;
      if (!['none', 'number', 'choice'].includes(f.kind)) f.kind = EMPTY_FORM.kind;
      return f;
    }
  } catch {
    // A corrupted draft is dropped.
  }
  return EMPTY_FORM;
}

interface StepForm {
  title: string;
  text: string;
  free: string[];
  metric: ClassMetric;
  kind: 'none' | 'number' | 'choice';
  prompt: string;
  min: string;
  max: string;
  expected: string;
  tolerance: string;
  explanation: string;
  choices: string;
  correct: number;
}

const EMPTY_FORM: StepForm = {
  title: '',
  text: '',
  free: [],
  metric: 'rejection',
  kind: 'number',
  prompt: '',
  min: '0',
  max: '100',
  expected: '',
  tolerance: '',
  explanation: '',
  choices: '',
  correct: 0,
};

/** The step a form describes, or the problems that stop it (named by field). */
function stepOf(f: StepForm, scenario: Scenario): { step: Step } | { errors: string[] } {
  const errors: string[] = [];
  const num = (v: string, name: string) => {
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x)) errors.push(`${name}: enter a number`);
    return x;
  };
  if (f.title.trim() === '') errors.push('Step title: required');
  // A multiple-choice step is checked by the simulation when it is added, which gives its number:
  // the author need not type one first (NaN here stands for "the simulation's", filled in by addStep).
  const fromCore = (v: string) => f.kind === 'choice' && v.trim() === '';
  const expected = fromCore(f.expected) ? Number.NaN : num(f.expected, 'Expected answer');
  const tolerance = fromCore(f.tolerance) ? Number.NaN : num(f.tolerance, 'Tolerance');
  if (tolerance < 0) errors.push('Tolerance: must be 0 or more');
  const unit = CLASS_METRICS[f.metric].unit;
  let question: Question | undefined;
  if (f.kind !== 'none' && f.prompt.trim() === '') errors.push('Question: write the question');
  if (f.kind === 'number') {
    const min = num(f.min, 'Slider minimum');
    const max = num(f.max, 'Slider maximum');
    if (min >= max) errors.push('Slider maximum: must be above the minimum');
    question = { kind: 'number', prompt: f.prompt, unit, min, max, step: (max - min) / 100 };
  } else if (f.kind === 'choice') {
    const parsed = parseChoices(f.choices);
    errors.push(...parsed.errors);
    if (parsed.choices.length < 2) errors.push('Choices: write at least two, one per line');
    if (f.correct >= parsed.choices.length) errors.push('Correct choice: pick one of the choices');
    question = { kind: 'choice', prompt: f.prompt, choices: parsed.choices, correct: `c${f.correct + 1}` };
  }
  if (errors.length > 0) return { errors };
  const shown = AUTHOR_FIELDS.filter((r) => typeof getField(scenario, r.path) === 'number');
  return {
    step: {
      title: f.title.trim(),
      text: f.text.trim(),
      scenario: { scenario: structuredClone(scenario) },
      shown,
      free: f.free.filter((p) => shown.some((r) => r.path === p)),
      measure: { kind: 'run', metric: f.metric },
      question,
      answer: { expected, tolerance, unit, label: CLASS_METRICS[f.metric].label.toLowerCase() },
      explanation: f.explanation.trim(),
    },
  };
}

export function Authoring({ engine, scenario, catalog, onOpen }: { engine: Engine; scenario: Scenario; catalog: readonly Device[]; onOpen: (l: Lesson, ref: string, present?: boolean) => void }) {
  const [lesson, setLesson] = useState<Lesson>(readDraft);
  const [form, setForm] = useState<StepForm>(readForm);
  const [errors, setErrors] = useState<string[]>([]);
  const [computing, setComputing] = useState(false);
  const [adding, setAdding] = useState(false);
  // The core's verdict on a multiple-choice key, and whether the author chose to keep an unchecked or contradicted key.
  const [keyCheck, setKeyCheck] = useState<KeyCheck | null>(null);
  const [keepOwn, setKeepOwn] = useState(false);
  const [importMsg, setImportMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  const [embedCode, setEmbedCode] = useState<string | null>(null);

  useEffect(() => {
    try {
      storage()?.setItem(DRAFT_KEY, JSON.stringify(lesson));
    } catch {
      // The draft is a convenience.
    }
  }, [lesson]);
  useEffect(() => {
    try {
      storage()?.setItem(FORM_KEY, JSON.stringify(form));
    } catch {
      // The draft is a convenience.
    }
  }, [form]);

  const set = <K extends keyof StepForm>(k: K, v: StepForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    // A changed question, choice, key or metric needs a new check.
    if (k === 'choices' || k === 'correct' || k === 'metric' || k === 'kind') {
      setKeyCheck(null);
      setKeepOwn(false);
    }
  };
  const setL = (f: (l: Lesson) => Lesson) => {
    setShared(null);
    setLesson(f);
  };
  const shown = AUTHOR_FIELDS.filter((r) => typeof getField(scenario, r.path) === 'number');

  /** The core's number for the current scenario and metric (a run on the worker pool). */
  const simulate = (metric: ClassMetric) => {
    const probe: Step = {
      title: 'probe',
      text: '',
      scenario: { scenario },
      shown: [],
      free: [],
      measure: { kind: 'run', metric },
      answer: { expected: 0, tolerance: 0, unit: '', label: '' },
      explanation: '',
    };
    return computeOutcome(engine, probe).then((o) => o.key);
  };
  const fail = (e: unknown) => setErrors([`The core could not run this scenario: ${e instanceof Error ? e.message : String(e)}`]);
  /** The form's choice question checked against `key` (null when the form has none or it does not parse). */
  const checkForm = (f: StepForm, key: number): KeyCheck | null => {
    if (f.kind !== 'choice') return null;
    const { choices, errors } = parseChoices(f.choices);
    if (errors.length > 0 || choices.length < 2 || f.correct >= choices.length) return null;
    return checkKey({ kind: 'choice', prompt: f.prompt, choices, correct: `c${f.correct + 1}` }, key);
  };

  const compute = () => {
    setComputing(true);
    simulate(form.metric).then(
      (key) => {
        setComputing(false);
        // Small numbers keep three significant digits (0.0022 %, not 0).
        setForm((f) => ({ ...f, expected: String(roundKey(key)), tolerance: f.tolerance || String(defaultTolerance(key)) }));
        setKeyCheck(checkForm(form, key));
      },
      (e: unknown) => {
        setComputing(false);
        fail(e);
      },
    );
  };
  // The step keeps the editor's scenario as the preset it differs least from plus the changed fields (compact.ts), so its link stays short.
  const addStep = () => {
    const r = stepOf(form, scenario);
    if ('errors' in r) {
      setErrors(r.errors);
      return;
    }
    setErrors([]);
    setAdding(true);
    const q = r.step.question;
    // A multiple-choice key is checked by the core before the step is saved; a disagreement stops here for the author to settle.
    const checked: Promise<Step | null> =
      q?.kind === 'choice'
        ? simulate(form.metric).then((key) => {
            const c = checkKey(q, key);
            setKeyCheck(c);
            const a = r.step.answer;
            const step = { ...r.step, answer: { ...a, expected: Number.isNaN(a.expected) ? roundKey(key) : a.expected, tolerance: Number.isNaN(a.tolerance) ? defaultTolerance(key) : a.tolerance } };
            if (c.status === 'agrees') return step;
            if (!keepOwn) return null;
            // Kept against (or without) the simulation: the choices lose their ranges, so the key is the lesson's word and is shown as such.
            return { ...step, question: { ...q, choices: q.choices.map((ch) => ({ id: ch.id, text: ch.text })) } };
          })
        : Promise.resolve(r.step);
    checked
      .then(async (step) => {
        if (!step) {
          setAdding(false);
          return;
        }
        const sc = await compactScenario(engine, scenario);
        setAdding(false);
        setL((l) => ({ ...l, steps: [...l.steps, { ...step, scenario: sc }] }));
        setForm(EMPTY_FORM);
        setKeyCheck(null);
        setKeepOwn(false);
      })
      .catch((e: unknown) => {
        setAdding(false);
        fail(e);
      });
  };
  const move = (i: number, d: number) =>
    setL((l) => {
      const steps = l.steps.slice();
      const j = i + d;
      if (j < 0 || j >= steps.length) return l;
      [steps[i], steps[j]] = [steps[j], steps[i]];
      return { ...l, steps };
    });
  const problems = lessonProblems(lesson);
  const share = () => {
    if (problems.length > 0) return;
    void encodeLesson(lesson, catalog).then((ref) => {
      const url = studentLink(ref);
      setShared(url);
      setEmbedCode(null);
      void navigator.clipboard?.writeText(url).catch(() => undefined);
    });
  };

  const sharedTooLong = shared ? linkTooLong(lesson, shared) : null;

  return (
    <details className="card authoring" data-testid="authoring">
      <summary>Author a lesson (teacher)</summary>
      <div className="grid">
        <div className="field">
          <label htmlFor="au-title">Lesson title</label>
          <input id="au-title" type="text" value={lesson.title} onChange={(e) => setL((l) => ({ ...l, title: e.target.value }))} data-testid="author-title" />
        </div>
        <div className="field">
          <label htmlFor="au-summary">Summary</label>
          <input id="au-summary" type="text" value={lesson.summary} onChange={(e) => setL((l) => ({ ...l, summary: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="au-goal">Learning goal (teacher notes)</label>
          <input id="au-goal" type="text" value={lesson.notes.goal} onChange={(e) => setL((l) => ({ ...l, notes: { ...l.notes, goal: e.target.value } }))} />
        </div>
        <div className="field">
          <label htmlFor="au-leaves">What the model leaves out</label>
          <input id="au-leaves" type="text" value={lesson.notes.leavesOut} onChange={(e) => setL((l) => ({ ...l, notes: { ...l.notes, leavesOut: e.target.value } }))} />
        </div>
      </div>

      <fieldset className="author-step">
        <legend>New step from the current scenario ("{scenario.name}")</legend>
        <p className="hint">Edit the scenario on the "Scenario &amp; results" tab, then come back to turn it into a step.</p>
        <div className="grid">
          <div className="field">
            <label htmlFor="au-st-title">Step title</label>
            <input id="au-st-title" type="text" value={form.title} onChange={(e) => set('title', e.target.value)} data-testid="author-step-title" />
          </div>
          <div className="field">
            <label htmlFor="au-st-text">What the student sees first</label>
            <input id="au-st-text" type="text" value={form.text} onChange={(e) => set('text', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="au-metric">The number that matters</label>
            <select id="au-metric" value={form.metric} onChange={(e) => set('metric', e.target.value as ClassMetric)} data-testid="author-metric">
              {Object.entries(CLASS_METRICS)
                .filter(([, m]) => m.metric !== null)
                .map(([id, m]) => (
                <option key={id} value={id}>
                  {m.label} ({m.unit})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="au-kind">Question</label>
            <select id="au-kind" value={form.kind} onChange={(e) => set('kind', e.target.value as StepForm['kind'])} data-testid="author-kind">
              <option value="number">A number</option>
              <option value="choice">Multiple choice</option>
              <option value="none">No question (just run)</option>
            </select>
          </div>
        </div>
        <fieldset className="author-free">
          <legend>Inputs students may change (the rest are locked)</legend>
          {shown.map((r) => (
            <label key={r.path} className="check">
              <input
                type="checkbox"
                checked={form.free.includes(r.path)}
                onChange={(e) => set('free', e.target.checked ? [...form.free, r.path] : form.free.filter((p) => p !== r.path))}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
        {form.kind !== 'none' ? (
          <div className="field">
            <label htmlFor="au-prompt">The question</label>
            <input id="au-prompt" type="text" value={form.prompt} onChange={(e) => set('prompt', e.target.value)} data-testid="author-prompt" />
          </div>
        ) : null}
        {form.kind === 'number' ? (
          <div className="grid">
            <div className="field">
              <label htmlFor="au-min">Slider minimum ({CLASS_METRICS[form.metric].unit})</label>
              <input id="au-min" type="number" value={form.min} onChange={(e) => set('min', e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="au-max">Slider maximum ({CLASS_METRICS[form.metric].unit})</label>
              <input id="au-max" type="number" value={form.max} onChange={(e) => set('max', e.target.value)} />
            </div>
          </div>
        ) : null}
        {form.kind === 'choice' ? (
          <div className="grid">
            <div className="field field-wide">
              <label htmlFor="au-choices">
                Choices, one per line (use real misconceptions as distractors); end each with the range of the number it stands for, in{' '}
                {CLASS_METRICS[form.metric].unit}, e.g. "Most are rejected [50–100]", so the simulation can check your key
              </label>
              <textarea id="au-choices" rows={4} value={form.choices} onChange={(e) => set('choices', e.target.value)} data-testid="author-choices" />
            </div>
            <div className="field">
              <label htmlFor="au-correct">Correct choice (line number)</label>
              <input id="au-correct" type="number" min={1} value={form.correct + 1} onChange={(e) => set('correct', Math.max(0, Number(e.target.value) - 1))} />
            </div>
          </div>
        ) : null}
        <div className="grid">
          <div className="field">
            <label htmlFor="au-expected">
              Expected answer ({CLASS_METRICS[form.metric].unit}){form.kind === 'choice' ? '; empty: the simulation\'s' : ''}
            </label>
            <input id="au-expected" type="number" value={form.expected} onChange={(e) => set('expected', e.target.value)} data-testid="author-expected" />
          </div>
          <div className="field">
            <label htmlFor="au-tol">Tolerance (±, {CLASS_METRICS[form.metric].unit})</label>
            <input id="au-tol" type="number" min={0} value={form.tolerance} onChange={(e) => set('tolerance', e.target.value)} data-testid="author-tolerance" />
          </div>
          <div className="field">
            <span className="label">From the core</span>
            <button type="button" onClick={compute} disabled={computing} data-testid="author-compute">
              {computing ? 'Running…' : 'Fill in the simulated answer'}
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor="au-expl">Explanation ({'{answer}'} becomes the simulated number)</label>
          <textarea id="au-expl" rows={2} value={form.explanation} onChange={(e) => set('explanation', e.target.value)} data-testid="author-explanation" />
        </div>
        {keyCheck && form.kind === 'choice' ? <KeyVerdict check={keyCheck} form={form} keepOwn={keepOwn} onUse={(i) => {
              set('correct', i);
              setKeyCheck({ status: 'agrees', key: keyCheck.key });
            }} onKeep={() => setKeepOwn(true)} /> : null}
        {errors.length > 0 ? (
          <ul className="field-error" role="alert" data-testid="author-errors">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="primary" onClick={addStep} disabled={adding} data-testid="author-add-step">
          {adding ? 'Adding…' : `Add as step ${lesson.steps.length + 1}`}
        </button>
      </fieldset>

      <h4>Steps</h4>
      {lesson.steps.length === 0 ? <p className="hint">No steps yet.</p> : null}
      <ol className="author-steps" data-testid="author-steps">
        {lesson.steps.map((s, i) => (
          <li key={`${i}-${s.title}`}>
            <span>{s.title}</span>{' '}
            <button type="button" className="secondary" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move step ${i + 1} up`}>
              ↑
            </button>
            <button type="button" className="secondary" onClick={() => move(i, 1)} disabled={i === lesson.steps.length - 1} aria-label={`Move step ${i + 1} down`}>
              ↓
            </button>
            <button type="button" className="secondary" onClick={() => setL((l) => ({ ...l, steps: l.steps.filter((_, k) => k !== i) }))} aria-label={`Remove step ${i + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {problems.length > 0 && lesson.steps.length > 0 ? <p className="hint">Before sharing: {problems.join('; ')}.</p> : null}
      <div className="run-buttons">
        <button type="button" className="primary" onClick={share} disabled={problems.length > 0} data-testid="author-share">
          Copy the lesson link
        </button>
        <button
          type="button"
          onClick={() =>
            void encodeLesson(lesson, catalog).then((ref) => {
              const code = embedSnippet(ref, lesson.title);
              setEmbedCode(code);
              void navigator.clipboard?.writeText(code).catch(() => undefined);
            })
          }
          disabled={problems.length > 0}
          data-testid="author-copy-embed"
        >
          Copy embed code
        </button>
        <button type="button" onClick={() => void encodeLesson(lesson, catalog).then((ref) => onOpen(lesson, ref, true))} disabled={problems.length > 0} data-testid="author-present">
          Present
        </button>
        <button type="button" onClick={() => void encodeLesson(lesson, catalog).then((ref) => onOpen(lesson, ref))} disabled={problems.length > 0} data-testid="author-open">
          Try it as a student
        </button>
        <button type="button" onClick={() => downloadBlob(`lesson-${lesson.id}.json`, new Blob([lessonFile(lesson)], { type: 'application/json' }))} disabled={problems.length > 0}>
          Download as JSON
        </button>
        <button type="button" onClick={() => setL(() => emptyLesson())}>
          New lesson
        </button>
      </div>
      {shared ? (
        <div className="field">
          <label htmlFor="au-link">Lesson link (copied; select it if your browser refused)</label>
          <input id="au-link" type="text" readOnly value={shared} data-testid="author-link" onFocus={(e) => e.target.select()} />
          {sharedTooLong ? (
            <p className="field-error" role="alert" data-testid="author-link-too-long">
              {sharedTooLong}
            </p>
          ) : (
            <span className="hint" data-testid="author-link-fits">
              {shared.length.toLocaleString('en-US')} characters: fits one QR code (presenter view shows it; Q there shows it full screen).
            </span>
          )}
          <PhoneWarning url={shared} />
        </div>
      ) : null}
      {embedCode ? (
        <div className="field">
          <label htmlFor="au-embed">Embed code for a course page (copied): it frames the lesson, with its hand-in box</label>
          <input id="au-embed" type="text" readOnly value={embedCode} data-testid="author-embed-code" onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="au-import">Open a lesson file (JSON)</label>
        <input
          id="au-import"
          type="file"
          accept="application/json,.json"
          data-testid="author-import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void file.text().then((t) => {
              const r = readLessonFile(t);
              if (r.ok) {
                setL(() => r.lesson);
                setImportMsg({ ok: true, text: `Opened "${r.lesson.title}" (${r.lesson.steps.length} steps) for editing.` });
              } else setImportMsg({ ok: false, text: `${file.name}: ${r.message}` });
            });
          }}
        />
      </div>
      {importMsg ? (
        <p className={importMsg.ok ? 'ok' : 'field-error'} role={importMsg.ok ? 'status' : 'alert'} data-testid="author-import-message">
          {importMsg.text}
        </p>
      ) : null}
    </details>
  );
}

/** What the core says of the ticked multiple-choice key, and the author's way out of a conflict. */
function KeyVerdict({ check, form, keepOwn, onUse, onKeep }: { check: KeyCheck; form: StepForm; keepOwn: boolean; onUse: (i: number) => void; onKeep: () => void }) {
  const { choices } = parseChoices(form.choices);
  const unit = CLASS_METRICS[form.metric].unit;
  const sim = `${formatAnswer(check.key, unit)} (${CLASS_METRICS[form.metric].label.toLowerCase()})`;
  const name = (id: string) => {
    const i = choices.findIndex((c) => c.id === id);
    return `choice ${i + 1}, "${choices[i]?.text ?? id}"`;
  };
  if (check.status === 'agrees') {
    return (
      <p className="ok" role="status" data-testid="author-mc-agrees">
        The simulation gives {sim}: in the range of {name(`c${form.correct + 1}`)}, the one you ticked.
      </p>
    );
  }
  const hitIx = check.status === 'conflict' && check.hit ? choices.findIndex((c) => c.id === check.hit) : -1;
  return (
    <div className="field-error mc-conflict" role="alert" data-testid="author-mc-conflict" data-status={check.status}>
      <p>
        {check.status === 'unchecked'
          ? `The simulation gives ${sim}, but not every choice has a range, so it cannot check the key you ticked (${name(`c${form.correct + 1}`)}).`
          : hitIx >= 0
            ? `The simulation gives ${sim}: that is ${name(check.hit!)}, not ${name(`c${form.correct + 1}`)} that you ticked.`
            : `The simulation gives ${sim}, which is in none of the choices' ranges; you ticked ${name(`c${form.correct + 1}`)}.`}
      </p>
      <div className="run-buttons">
        {hitIx >= 0 ? (
          <button type="button" onClick={() => onUse(hitIx)} data-testid="author-mc-use-simulated">
            Tick choice {hitIx + 1} (the simulation's)
          </button>
        ) : null}
        <button type="button" onClick={onKeep} disabled={keepOwn} data-testid="author-mc-keep">
          {keepOwn ? 'Keeping your key: add the step again' : 'Keep my key (students see it as the lesson\'s answer, not the simulation\'s)'}
        </button>
      </div>
    </div>
  );
}
