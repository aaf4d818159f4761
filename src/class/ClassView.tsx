// The Class tab: guided lessons (built-in or shared by a teacher's link),
// one step at a time, with a presenter view for the projector, an embed
// mode for course pages, student answer codes, the class summary, the
// teacher's authoring and a printable worksheet.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ViewProps } from '../ui/view-props';
import type { Device } from '../engine/types';
import { classFragment, decodeLesson, parseClassHash, type ClassHash } from './codec';
import { builtInLesson, LESSONS } from './lessons';
import type { Lesson, Outcome } from './model';
import { computeOutcome } from './compute';
import { clearProgress, EMPTY_PROGRESS, readProgress, writeProgress, type LessonProgress } from './progress';
import { StepView } from './StepView';
import { QrCode } from './QrCode';
import { AnswerCode, ClassSummary } from './ClassSummary';
import { Authoring } from './Authoring';
import { Worksheet } from './Worksheet';
import { useContainerWidth } from '../charts';
import './class.css';

interface Open {
  lesson: Lesson;
  /** What the link carries: a built-in id or a packed lesson. */
  ref: string;
}

function typing(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.getAttribute?.('role') === 'slider') return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable;
}

/** The lesson a fragment names, or a message saying why it cannot be opened. */
function openFromHash(h: ClassHash, catalog: readonly Device[]): Open | { error: string } {
  const b = builtInLesson(h.ref);
  if (b) return { lesson: b, ref: b.id };
  const d = decodeLesson(h.ref, catalog);
  return d.ok ? { lesson: d.lesson, ref: h.ref } : { error: d.message };
}

export function ClassView({ engine, scenario }: ViewProps) {
  const [catalog, setCatalog] = useState<Device[] | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [stepIx, setStepIx] = useState(0);
  const [present, setPresent] = useState(false);
  const [embed, setEmbed] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [progress, setProgress] = useState<LessonProgress>(EMPTY_PROGRESS);
  const [printAnswers, setPrintAnswers] = useState(false);
  // Bumped by Restart so every step's draft starts empty again.
  const [generation, setGeneration] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const [printOutcomes, setPrintOutcomes] = useState<Record<string, Outcome>>({});
  const runRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    let live = true;
    engine.devicePresets().then((c) => live && setCatalog(c), () => live && setCatalog([]));
    return () => {
      live = false;
    };
  }, [engine]);

  const openLesson = useCallback((o: Open, step = 0, opts: { present?: boolean; embed?: boolean } = {}) => {
    setOpen(o);
    setStepIx(Math.min(step, o.lesson.steps.length - 1));
    setProgress(readProgress(o.lesson.id));
    setPresent(opts.present ?? false);
    setEmbed(opts.embed ?? false);
    setLinkError(null);
  }, []);

  // The lesson in the URL (#lesson=…), on load and when the fragment changes.
  useEffect(() => {
    if (!catalog) return;
    const read = () => {
      const h = parseClassHash(location.hash);
      if (!h) return;
      const o = openFromHash(h, catalog);
      if ('error' in o) setLinkError(o.error);
      else openLesson(o, h.step, { present: h.present, embed: h.embed });
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [catalog, openLesson]);

  // The URL follows the open lesson and step, so it can be shared as it is.
  useEffect(() => {
    if (open) history.replaceState(history.state, '', classFragment(open.ref, { step: stepIx, embed }));
  }, [open, stepIx, embed]);

  const update = useCallback(
    (f: (p: LessonProgress) => LessonProgress) => {
      setProgress((p) => {
        const next = f(p);
        if (open) writeProgress(open.lesson.id, next);
        return next;
      });
    },
    [open],
  );

  const steps = open?.lesson.steps.length ?? 0;
  const go = useCallback((d: number) => setStepIx((i) => Math.max(0, Math.min(steps - 1, i + d))), [steps]);

  // Presenter keys: P toggles, ←/→/space navigate, R runs. A layout effect, so
  // the keys work from the first painted frame of a lesson (a plain effect left
  // a window where an early P press was lost).
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key;
      if (k === 'p' || k === 'P') setPresent((p) => !p);
      else if (k === 'Escape' && present) setPresent(false);
      else if (!present) return;
      else if (k === 'ArrowRight' || k === ' ' || k === 'PageDown') go(1);
      else if (k === 'ArrowLeft' || k === 'PageUp') go(-1);
      else if (k === 'r' || k === 'R') runRef.current?.();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, present, go]);

  const restart = () => {
    if (!open) return;
    clearProgress(open.lesson.id);
    setProgress(EMPTY_PROGRESS);
    setStepIx(0);
    setGeneration((g) => g + 1);
  };

  // With answers, every step the student has not run is simulated first, so the sheet prints the core's numbers and charts.
  const printWorksheet = () => {
    if (!open) return;
    if (!printAnswers) {
      window.print();
      return;
    }
    setPreparing(true);
    const lesson = open.lesson;
    Promise.all(lesson.steps.map((s, i): Promise<Outcome> => Promise.resolve(progress.outcomes[i] ?? printOutcomes[`${lesson.id}:${i}`] ?? computeOutcome(engine, s))))
      .then((os) => {
        setPrintOutcomes((old) => ({ ...old, ...Object.fromEntries(os.map((o, i) => [`${lesson.id}:${i}`, o])) }));
        setPreparing(false);
        // Printing waits for the sheet to render the new charts.
        requestAnimationFrame(() => setTimeout(() => window.print(), 50));
      })
      .catch(() => {
        setPreparing(false);
        window.print();
      });
  };

  const shareUrl = open ? `${location.origin}${location.pathname}${classFragment(open.ref)}` : '';
  const step = open ? open.lesson.steps[stepIx] : null;

  const body =
    open && step ? (
      <div className="lesson" data-testid="lesson" data-lesson={open.lesson.id}>
        <header className="lesson-head">
          <div>
            <h2 data-testid="lesson-title">{open.lesson.title}</h2>
            <p className="note">{open.lesson.summary}</p>
          </div>
          <StepNav lesson={open.lesson} stepIx={stepIx} setStepIx={setStepIx} progress={progress} />
        </header>
        {embed ? null : (
          <div className="run-buttons lesson-tools">
            <button type="button" onClick={() => setPresent(true)} data-testid="present-button" aria-keyshortcuts="P">
              Presenter view (P)
            </button>
            <button type="button" onClick={restart} data-testid="restart-button">
              Restart the lesson
            </button>
            <label className="check">
              <input type="checkbox" checked={printAnswers} onChange={(e) => setPrintAnswers(e.target.checked)} data-testid="print-answers" /> worksheet with answers
            </label>
            <button type="button" onClick={printWorksheet} disabled={preparing} data-testid="print-button">
              {preparing ? 'Simulating the answers…' : 'Print worksheet'}
            </button>
          </div>
        )}
        {present ? (
          <p className="note">Showing in the presenter view (P to leave it).</p>
        ) : (
          <StepView key={`${open.lesson.id}-${stepIx}-${generation}`} engine={engine} step={step} index={stepIx} progress={progress} update={update} runRef={runRef} />
        )}
        <div className="run-buttons">
          <button type="button" disabled={stepIx === 0} onClick={() => go(-1)} data-testid="prev-step">
            ← Previous step
          </button>
          <button type="button" disabled={stepIx >= steps - 1} onClick={() => go(1)} data-testid="next-step">
            Next step →
          </button>
        </div>
        {embed ? null : (
          <>
            <AnswerCode lesson={open.lesson} progress={progress} update={update} />
            <details className="card teacher-notes" data-testid="teacher-notes">
              <summary>Teacher notes</summary>
              <p>
                <strong>Learning goal.</strong> {open.lesson.notes.goal}
              </p>
              <p>
                <strong>Misconceptions this lesson targets.</strong>
              </p>
              <ul>
                {open.lesson.notes.misconceptions.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
              <p>
                <strong>What the model leaves out.</strong> {open.lesson.notes.leavesOut}
              </p>
            </details>
            <ClassSummary engine={engine} lesson={open.lesson} progress={progress} />
          </>
        )}
      </div>
    ) : null;

  if (embed && open) {
    return (
      <div className="class-embed" data-testid="class-embed">
        {body}
        <Presenter show={present} open={open} stepIx={stepIx} go={go} setPresent={setPresent} shareUrl={shareUrl} engine={engine} progress={progress} update={update} runRef={runRef} />
      </div>
    );
  }

  return (
    <section className="class-view" aria-label="Class mode" data-testid="class-view">
      {linkError ? (
        <p className="field-error notice-error" role="alert" data-testid="lesson-link-error">
          This lesson link could not be opened: {linkError}. Choose a lesson below.
        </p>
      ) : null}
      <nav className="card lesson-list" aria-label="Lessons">
        <h2>Lessons</h2>
        <ul>
          {LESSONS.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className={open?.lesson.id === l.id ? 'lesson-pick active' : 'lesson-pick'}
                aria-current={open?.lesson.id === l.id ? 'true' : undefined}
                data-testid={`lesson-${l.id}`}
                onClick={() => openLesson({ lesson: l, ref: l.id })}
              >
                <strong>{l.title}</strong>
                <span className="hint">{l.summary}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {body ?? <p className="note">Choose a lesson to begin. Each step asks for your prediction first; then the simulation answers.</p>}
      {catalog ? <Authoring engine={engine} scenario={scenario} catalog={catalog} onOpen={(l, ref) => openLesson({ lesson: l, ref })} /> : null}
      {open ? (
        <Presenter show={present} open={open} stepIx={stepIx} go={go} setPresent={setPresent} shareUrl={shareUrl} engine={engine} progress={progress} update={update} runRef={runRef} />
      ) : null}
      {open ? createPortal(
            <Worksheet
              lesson={open.lesson}
              outcomes={Object.fromEntries(
                open.lesson.steps.flatMap((_, i): [number, Outcome][] => {
                  const o = progress.outcomes[i] ?? printOutcomes[`${open.lesson.id}:${i}`];
                  return o ? [[i, o]] : [];
                }),
              )}
              answers={printAnswers}
            />,
            document.body,
          ) : null}
    </section>
  );
}

function StepNav({ lesson, stepIx, setStepIx, progress }: { lesson: Lesson; stepIx: number; setStepIx: (i: number) => void; progress: LessonProgress }) {
  return (
    <ol className="step-nav" aria-label="Steps">
      {lesson.steps.map((s, i) => (
        <li key={i}>
          <button
            type="button"
            className={i === stepIx ? 'step-dot active' : progress.revealed[i] ? 'step-dot done' : 'step-dot'}
            aria-current={i === stepIx ? 'step' : undefined}
            aria-label={`Step ${i + 1}: ${s.title}${progress.revealed[i] ? ' (answered)' : ''}`}
            data-testid={`step-dot-${i}`}
            onClick={() => setStepIx(i)}
          >
            {i + 1}
          </button>
        </li>
      ))}
    </ol>
  );
}

interface PresenterProps {
  show: boolean;
  open: Open;
  stepIx: number;
  go: (d: number) => void;
  setPresent: (p: boolean) => void;
  shareUrl: string;
  engine: ViewProps['engine'];
  progress: LessonProgress;
  update: (f: (p: LessonProgress) => LessonProgress) => void;
  runRef: React.MutableRefObject<(() => void) | null>;
}

/** Moves focus into the presenter view when it opens, so keyboard and screen-reader users land in it. */
function focusOnMount(el: HTMLDivElement | null) {
  if (el && !el.contains(document.activeElement)) el.focus();
}

/** One step per screen, large type, the chart filling the space, keyboard-driven. */
function Presenter(props: PresenterProps) {
  return props.show ? <PresenterScreen {...props} /> : null;
}

function PresenterScreen({ open, stepIx, go, setPresent, shareUrl, engine, progress, update, runRef }: PresenterProps) {
  const [box, width] = useContainerWidth<HTMLDivElement>();
  const [vh, setVh] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight));
  useEffect(() => {
    const on = () => setVh(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  // Wide screens put the chart beside the answer, as tall as the screen allows; phones stack them.
  const chartSize = useMemo(() => {
    if (!width) return undefined;
    const wide = width >= 900;
    const w = Math.max(300, wide ? width * 0.62 : width);
    const h = wide ? Math.max(300, vh - 230) : 300;
    // Drawn at a smaller size and stretched to fill (the SVG scales with its
    // box), so ticks, labels and lines grow with the projector instead of
    // staying 12 px on a 1920 px screen.
    const zoom = Math.min(2, Math.max(1, w / 640));
    return { width: Math.round(w / zoom), height: Math.round(h / zoom) };
  }, [width, vh]);
  const step = open.lesson.steps[stepIx];
  return (
    <div className="presenter" role="dialog" aria-modal="true" tabIndex={-1} ref={focusOnMount} aria-label={`Presenter view: ${open.lesson.title}`} data-testid="presenter">
      <header className="presenter-bar">
        <span className="presenter-lesson">{open.lesson.title}</span>
        <span className="presenter-count" data-testid="presenter-count">
          Step {stepIx + 1} of {open.lesson.steps.length}
        </span>
        <span className="presenter-keys hint">← → space: steps · R: run · P: exit</span>
        <button type="button" onClick={() => go(-1)} disabled={stepIx === 0} aria-label="Previous step">
          ←
        </button>
        <button type="button" onClick={() => go(1)} disabled={stepIx >= open.lesson.steps.length - 1} aria-label="Next step">
          →
        </button>
        <button type="button" onClick={() => setPresent(false)} data-testid="presenter-exit">
          Exit (P)
        </button>
      </header>
      <div className="presenter-main">
        <div className="presenter-step" ref={box}>
          <StepView key={`p-${open.lesson.id}-${stepIx}`} engine={engine} step={step} index={stepIx} progress={progress} update={update} runRef={runRef} presenter chartSize={chartSize} />
        </div>
        <aside className="presenter-qr">
          <QrCode text={shareUrl} size={180} />
          <span className="hint">Scan to follow on your phone</span>
        </aside>
      </div>
    </div>
  );
}
