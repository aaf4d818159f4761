// The Class tab: guided lessons (built-in or shared by a teacher's link),
// one step at a time, with a presenter view for the projector, an embed
// mode for course pages, student answer codes, the class summary, the
// teacher's authoring and a printable worksheet.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ViewProps } from '../shared/view-props';
import type { Device } from '../engine/types';
import { classFragment, decodeLesson, parseClassHash, readCodes, type ClassHash } from './codec';
import { builtInLesson, LESSONS } from './lessons';
import type { Lesson, Outcome } from './model';
import { computeOutcome, stepScenario } from './compute';
import type { Scenario } from '../engine/types';
import { clearProgress, EMPTY_PROGRESS, readProgress, writeProgress, type LessonProgress } from './progress';
import { StepView } from './StepView';
import { Presenter, isField } from './Presenter';
import { useModalLayer } from './layer';
import { linkTooLong } from './linkfit';
import { AnswerCode, ClassSummary, questionSteps } from './ClassSummary';
import { useRoomGuest, useRoomHost, type GuestStatus } from './room';
import { Authoring } from './Authoring';
import { Worksheet } from './Worksheet';
import { embedSnippet, studentLink } from './share';
import './class.css';

interface Open {
  lesson: Lesson;
  /** What the link carries: a built-in id or a packed lesson. */
  ref: string;
}

/**
 * Who the lesson is shown to: the teacher's full Class tab (catalog, notes,
 * summary, worksheet, authoring, presenter view), a student who followed a
 * link (the lesson alone, question first), or a course page's frame.
 */
type Audience = 'teacher' | 'student' | 'embed';

/** The lesson a fragment names, or a message saying why it cannot be opened. */
async function openFromHash(h: ClassHash, catalog: readonly Device[]): Promise<Open | { error: string }> {
  const b = builtInLesson(h.ref);
  if (b) return { lesson: b, ref: b.id };
  const d = await decodeLesson(h.ref, catalog);
  return d.ok ? { lesson: d.lesson, ref: h.ref } : { error: d.message };
}

export interface ClassViewProps {
  engine: ViewProps['engine'];
  /** The editor's scenario, which authoring turns into steps (none on the embed page). */
  scenario: ViewProps['scenario'] | null;
  /** The embed page (embed.html, which course pages may frame): the linked lesson and nothing else. */
  embedPage?: boolean;
}

export function ClassView({ engine, scenario, embedPage = false }: ClassViewProps) {
  const [catalog, setCatalog] = useState<Device[] | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [stepIx, setStepIx] = useState(0);
  const [present, setPresent] = useState(false);
  const [audience, setAudience] = useState<Audience>('teacher');
  const embed = audience === 'embed';
  const [linkError, setLinkError] = useState<string | null>(null);
  const [progress, setProgress] = useState<LessonProgress>(EMPTY_PROGRESS);
  const [printAnswers, setPrintAnswers] = useState(false);
  // Bumped by Restart so every step's draft starts empty again.
  const [generation, setGeneration] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const [printOutcomes, setPrintOutcomes] = useState<Record<string, Outcome>>({});
  const [printScenarios, setPrintScenarios] = useState<Record<string, Scenario>>({});
  const [printErrors, setPrintErrors] = useState<Record<number, string>>({});
  const runRef = useRef<(() => void) | null>(null);
  const presentRef = useRef(false);
  // Set by a step change the reader asked for (Next, Previous, a step dot), not by opening a lesson.
  const moved = useRef(false);
  const lessonBox = useRef<HTMLDivElement | null>(null);
  const [copied, setCopied] = useState<{ what: 'link' | 'embed'; text: string } | null>(null);
  // The codes the teacher pasted (the summary reads them; the presenter view shows them with the room's answers).
  const [codes, setCodes] = useState('');
  // The live room a student's link names (&room=CODE).
  const [roomCode, setRoomCode] = useState<string | null>(null);
  useEffect(() => {
    presentRef.current = present;
  }, [present]);

  useEffect(() => {
    let live = true;
    engine.devicePresets().then((c) => live && setCatalog(c), () => live && setCatalog([]));
    return () => {
      live = false;
    };
  }, [engine]);

  const openLesson = useCallback((o: Open, step = 0, opts: { present?: boolean; audience?: Audience; room?: string | null } = {}) => {
    setOpen((old) => {
      if (old?.lesson.id !== o.lesson.id) setCodes('');
      return o;
    });
    setRoomCode(opts.room ?? null);
    setStepIx(Math.min(step, o.lesson.steps.length - 1));
    setProgress(readProgress(o.lesson.id));
    setPresent(opts.present ?? false);
    setAudience(opts.audience ?? 'teacher');
    setLinkError(null);
  }, []);

  // The lesson in the URL (#lesson=…), on load and when the fragment changes.
  useEffect(() => {
    if (!catalog) return;
    // Decoding a link is asynchronous (link v2 inflates): only the latest fragment's lesson opens.
    let latest = 0;
    let live = true;
    const read = () => {
      const h = parseClassHash(location.hash);
      if (!h) return;
      const mine = ++latest;
      void openFromHash(h, catalog).then((o) => {
        if (!live || mine !== latest) return;
        if ('error' in o) setLinkError(o.error);
        else if (embedPage || h.embed) openLesson(o, h.step, { audience: 'embed' });
        else openLesson(o, h.step, { present: h.present, audience: h.teacher || h.present ? 'teacher' : 'student', room: h.teacher || h.present ? null : h.room });
      });
    };
    read();
    // While the presenter view is up, a changed fragment (the browser's Back, a stray link) does not switch the class's lesson.
    const onChange = () => {
      if (!presentRef.current) read();
    };
    window.addEventListener('hashchange', onChange);
    return () => {
      live = false;
      window.removeEventListener('hashchange', onChange);
    };
  }, [catalog, openLesson, embedPage]);

  // The URL follows the open lesson and step, so it can be shared as it is.
  useEffect(() => {
    if (open) history.replaceState(history.state, '', classFragment(open.ref, { step: stepIx, embed, teacher: audience === 'teacher', room: audience === 'student' ? roomCode : null }));
    // Also when the presenter view closes: a fragment changed under it is put back to the lesson on screen.
  }, [open, stepIx, embed, audience, present, roomCode]);

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

  // The teacher's live room (opened from the presenter view), and a student's place in one.
  const host = useRoomHost(open && audience === 'teacher' ? open.lesson : null);
  const guest = useRoomGuest(open && audience === 'student' ? open.lesson : null, roomCode, progress.predictions);
  const codeStudents = open && audience === 'teacher' ? readCodes(codes, open.lesson.id, questionSteps(open.lesson)).ok : [];

  const steps = open?.lesson.steps.length ?? 0;
  const go = useCallback((d: number) => setStepIx((i) => Math.max(0, Math.min(steps - 1, i + d))), [steps]);
  const goTo = useCallback((i: number) => {
    moved.current = true;
    setStepIx(i);
  }, []);
  const step1 = useCallback(
    (d: number) => {
      moved.current = true;
      go(d);
    },
    [go],
  );

  // After Next/Previous (on a phone, pressed at the bottom of a long step) the new step's title is
  // brought into view and focused, so the student reads the new question, and a screen reader says it.
  useEffect(() => {
    if (!moved.current || present) return;
    moved.current = false;
    const title = lessonBox.current?.querySelector<HTMLElement>('[data-testid="step-title"]');
    if (!title) return;
    title.focus({ preventScroll: true });
    title.scrollIntoView({ block: 'start' });
  }, [stepIx, present]);

  // P opens the presenter view (its own keys, Presenter.tsx, take over from there). A
  // layout effect, so the key works from the first painted frame of a lesson
  // (a plain effect left a window where an early P press was lost).
  useLayoutEffect(() => {
    if (!open || audience !== 'teacher' || present) return;
    const onKey = (e: KeyboardEvent) => {
      if (isField(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key !== 'p' && e.key !== 'P') return;
      setPresent(true);
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, audience, present]);

  const restart = () => {
    if (!open) return;
    clearProgress(open.lesson.id);
    setProgress(EMPTY_PROGRESS);
    setStepIx(0);
    setGeneration((g) => g + 1);
  };

  // Before printing, the core (in the workers) gives every step's scenario, so the sheet lists the
  // inputs with their values; with answers, every step the student has not run is simulated too, so
  // the key carries the core's numbers and charts. A step the core cannot run says why on the sheet.
  const printWorksheet = () => {
    if (!open) return;
    setPreparing(true);
    const lesson = open.lesson;
    const k = (i: number) => `${lesson.id}:${i}`;
    const scenarios = Promise.all(lesson.steps.map((s) => stepScenario(engine, s).then((x): Scenario | null => x, () => null)));
    const outcomes = Promise.all(
      lesson.steps.map((s, i): Promise<Outcome | string | null> => {
        if (!printAnswers) return Promise.resolve(null);
        const known = progress.outcomes[i] ?? printOutcomes[k(i)];
        return known ? Promise.resolve(known) : computeOutcome(engine, s).then((o) => o, (e: unknown) => (e instanceof Error ? e.message : String(e)));
      }),
    );
    void Promise.all([scenarios, outcomes]).then(([sc, os]) => {
      setPrintScenarios((old) => ({ ...old, ...Object.fromEntries(sc.flatMap((x, i) => (x ? [[k(i), x]] : []))) }));
      setPrintOutcomes((old) => ({ ...old, ...Object.fromEntries(os.flatMap((o, i) => (o && typeof o !== 'string' ? [[k(i), o]] : []))) }));
      setPrintErrors(Object.fromEntries(os.flatMap((o, i) => (typeof o === 'string' ? [[i, o]] : []))));
      setPreparing(false);
      // Printing waits for the sheet to render the new values and charts.
      requestAnimationFrame(() => setTimeout(() => window.print(), 50));
    });
  };

  // The student's link, always to the app itself (from the embed page too: its "Open in tierplan" leaves the frame).
  const shareUrl = open ? studentLink(open.ref) : '';
  const copy = (what: 'link' | 'embed') => {
    if (!open) return;
    const text = what === 'link' ? shareUrl : embedSnippet(open.ref, open.lesson.title);
    setCopied({ what, text });
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  };
  const step = open ? open.lesson.steps[stepIx] : null;
  const teacher = audience === 'teacher';

  const body =
    open && step ? (
      <div className="lesson" data-testid="lesson" data-lesson={open.lesson.id} ref={lessonBox}>
        {audience === 'student' && roomCode ? <RoomBanner code={roomCode} status={guest} /> : null}
        <header className="lesson-head">
          <div>
            <h2 data-testid="lesson-title">{open.lesson.title}</h2>
            {teacher ? <p className="note">{open.lesson.summary}</p> : null}
          </div>
          <StepNav lesson={open.lesson} stepIx={stepIx} setStepIx={goTo} progress={progress} />
        </header>
        {teacher ? (
          <div className="run-buttons lesson-tools">
            <button type="button" onClick={() => setPresent(true)} data-testid="present-button" aria-keyshortcuts="P">
              Presenter view (P)
            </button>
            <button type="button" onClick={() => copy('link')} data-testid="copy-link">
              Copy link
            </button>
            <button type="button" onClick={() => copy('embed')} data-testid="copy-embed">
              Copy embed code
            </button>
            <button type="button" onClick={restart} data-testid="restart-button">
              Restart the lesson
            </button>
            <label className="check">
              <input type="checkbox" checked={printAnswers} onChange={(e) => setPrintAnswers(e.target.checked)} data-testid="print-answers" /> worksheet with answers
            </label>
            <button type="button" onClick={printWorksheet} disabled={preparing} data-testid="print-button">
              {preparing ? (printAnswers ? 'Simulating the answers…' : 'Preparing…') : 'Print worksheet'}
            </button>
          </div>
        ) : null}
        {teacher && copied ? (
          <div className="field">
            <label htmlFor="class-copied">
              {copied.what === 'link'
                ? "The students' link (copied; select it if your browser refused)"
                : 'Embed code for a course page (copied): paste it into the page\'s HTML; it frames the lesson with its hand-in box'}
            </label>
            <input id="class-copied" type="text" readOnly value={copied.text} data-testid="copied-text" onFocus={(e) => e.target.select()} />
          </div>
        ) : null}
        {present ? (
          <p className="note">Showing in the presenter view (P to leave it).</p>
        ) : (
          <StepView
            key={`${open.lesson.id}-${stepIx}-${generation}`}
            engine={engine}
            step={step}
            index={stepIx}
            progress={progress}
            update={update}
            runRef={runRef}
            questionFirst={!teacher}
          />
        )}
        <div className="run-buttons">
          <button type="button" disabled={stepIx === 0} onClick={() => step1(-1)} data-testid="prev-step">
            ← Previous step
          </button>
          <button type="button" disabled={stepIx >= steps - 1} onClick={() => step1(1)} data-testid="next-step">
            Next step →
          </button>
          {audience === 'student' ? (
            <button type="button" className="secondary" onClick={restart} data-testid="restart-button">
              Start again
            </button>
          ) : null}
        </div>
        <AnswerCode lesson={open.lesson} progress={progress} update={update} />
        {teacher ? (
          <>
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
            <ClassSummary engine={engine} lesson={open.lesson} progress={progress} text={codes} setText={setCodes} />
          </>
        ) : null}
      </div>
    ) : null;

  const presenter =
    open && present && teacher ? (
      <Presenter
        lesson={open.lesson}
        stepIx={stepIx}
        go={go}
        close={() => setPresent(false)}
        shareUrl={shareUrl}
        tooLong={linkTooLong(open.lesson, shareUrl)}
        engine={engine}
        progress={progress}
        update={update}
        runRef={runRef}
        room={host}
        codeStudents={codeStudents}
      />
    ) : null;

  // The students' link put into a course page's frame: the server answered with the embed page
  // (vite.config.ts, framedAppToEmbed) rather than a refused, blank frame; it says what happened.
  const framedLink = embedPage && typeof location !== 'undefined' && !/embed\.html$/.test(location.pathname);
  const framedNote = framedLink ? (
    <p className="framed-note" role="note" data-testid="framed-student-link">
      This frame holds the students' link, which opens the whole app in a browser tab and cannot be framed; the lesson is shown here through the embed page instead. Course page authors: use
      "Copy embed code" in the Class tab for the frame.
    </p>
  ) : null;

  if (embedPage && !open) {
    return (
      <>
      {framedNote}
      <p className={linkError ? 'field-error notice-error' : 'note'} role={linkError ? 'alert' : undefined} data-testid={linkError ? 'lesson-link-error' : undefined}>
        {linkError ? `This lesson link could not be opened: ${linkError}.` : 'This page shows the tierplan lesson its address names (embed.html#lesson=…).'}
      </p>
      </>
    );
  }

  if (open && !teacher) {
    return (
      <SoloLayer embed={embed} studentUrl={shareUrl}>
        {framedNote}
        {body}
      </SoloLayer>
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
      {catalog && scenario ? <Authoring engine={engine} scenario={scenario} catalog={catalog} onOpen={(l, ref, present) => openLesson({ lesson: l, ref }, 0, { present })} /> : null}
      {presenter}
      {open
        ? createPortal(
            <Worksheet
              lesson={open.lesson}
              outcomes={Object.fromEntries(
                open.lesson.steps.flatMap((_, i): [number, Outcome][] => {
                  const o = progress.outcomes[i] ?? printOutcomes[`${open.lesson.id}:${i}`];
                  return o ? [[i, o]] : [];
                }),
              )}
              scenarios={Object.fromEntries(open.lesson.steps.flatMap((_, i): [number, Scenario][] => {
                const x = printScenarios[`${open.lesson.id}:${i}`];
                return x ? [[i, x]] : [];
              }))}
              errors={printErrors}
              answers={printAnswers}
            />,
            document.body,
          )
        : null}
    </section>
  );
}

/**
 * The lesson alone, over the app (which is inert behind it): what a student
 * who follows a lesson link sees, and what a course page frames. A teacher
 * who opened a student link gets back to the full Class tab from the bar.
 */
/**
 * The lesson alone over the (inert) app. A student's view has no way into
 * the teacher's side (the notes, the worksheet with answers, the summary):
 * the teacher opens the lesson from the Class tab or with the teacher's
 * link (`&teacher`), which the links the app hands out never carry.
 */
function SoloLayer({ embed, studentUrl, children }: { embed: boolean; studentUrl: string; children: ReactNode }) {
  const layer = useRef<HTMLDivElement | null>(null);
  useModalLayer(layer, true);
  return createPortal(
    <div className={embed ? 'class-solo class-embed' : 'class-solo'} ref={layer} data-layer="" tabIndex={-1} data-testid={embed ? 'class-embed' : 'class-student'}>
      <header className="solo-bar">
        <span className="solo-brand">tierplan · lesson</span>
        {embed ? (
          <a href={studentUrl} target="_blank" rel="noopener noreferrer" data-testid="embed-open">
            Open in tierplan ↗
          </a>
        ) : null}
      </header>
      <main className="solo-main">{children}</main>
    </div>,
    document.body,
  );
}

/** What a phone in a live room is told: where its answers go, and what to do when the room is gone. */
function RoomBanner({ code, status }: { code: string; status: GuestStatus }) {
  const fallback = 'Your answers are kept on this phone: hand them in with the code at the end of the lesson.';
  const [text, bad] =
    status.kind === 'joining'
      ? [`Joining live room ${code}…`, false]
      : status.kind === 'joined'
        ? [`In live room ${code}: each answer you run goes to the lecturer's screen${status.sent > 0 ? ` (${status.sent} sent)` : ''}.`, false]
        : status.kind === 'closed'
          ? [`The lecturer closed live room ${code}. ${fallback}`, true]
          : status.kind === 'unreachable'
            ? [`Live room ${code} cannot be reached (its server stopped, or this network blocks it); trying again. ${fallback}`, true]
            : status.why === 'otherLesson'
              ? [`Live room ${code} is for another lesson. ${fallback}`, true]
              : status.why === 'full'
                ? [`Live room ${code} is full. ${fallback}`, true]
                : [`There is no live room ${code} (it was closed, or the code is wrong). ${fallback}`, true];
  return (
    <p className={bad ? 'room-banner room-off' : 'room-banner'} role="status" data-testid="room-banner" data-status={status.kind}>
      {text}
    </p>
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
