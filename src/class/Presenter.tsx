// Presenter view: one step per screen, large type, the chart filling the
// space, driven from the keyboard. It is a layer over the app (layer.ts):
// the app behind is inert while it is open, and its keys are read before
// any control sees them, so R runs and ←/→ change steps even from the
// answer box or a radio button.
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Engine } from '../worker/contract';
import type { Lesson } from './model';
import type { LessonProgress } from './progress';
import { StepView } from './StepView';
import { PhoneWarning, QrCode, qrMatrix } from './QrCode';
import { useContainerWidth } from '../charts';
import { useModalLayer } from './layer';
import { ClassResults, plural } from './ClassResults';
import type { ReadCode } from './codec';
import type { Prediction } from './model';
import type { HostStatus, RoomAnswers } from './room';

/** How much the presenter view enlarges its charts and the sketch (drawn at 1/zoom, stretched to fill). */
const PRESENTER_ZOOM = 2.1;

export interface PresenterProps {
  lesson: Lesson;
  stepIx: number;
  go: (d: number) => void;
  close: () => void;
  shareUrl: string;
  /** What to shorten when the lesson's link is too long for one QR code. */
  tooLong: string | null;
  engine: Engine;
  progress: LessonProgress;
  update: (f: (p: LessonProgress) => LessonProgress) => void;
  runRef: MutableRefObject<(() => void) | null>;
  /** The live room (room.ts): its state, and opening or closing it. */
  room: { status: HostStatus; room: RoomAnswers; open: () => void; close: () => void };
  /** Students' codes pasted in the class summary: their answers count with the room's. */
  codeStudents: ReadCode[];
}

/** Refusals in words ("2 malformed, 1 too large"), or '' when there are none. */
function refusedText(r: RoomAnswers['refused']): string {
  const parts: string[] = [];
  if (r.malformed) parts.push(`${r.malformed} malformed`);
  if (r.oversized) parts.push(`${r.oversized} too large`);
  if (r.otherLesson) parts.push(`${r.otherLesson} from another lesson`);
  if (r.tooFast) parts.push(`${r.tooFast} too fast`);
  return parts.join(', ');
}

/** A control that takes typed text or arrow keys of its own. */
export function isField(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.getAttribute?.('role') === 'slider') return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable;
}

/** Controls whose own ↑/↓/PageUp/PageDown adjust a value (the sketch's points, the answer slider). */
function adjusts(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.getAttribute?.('role') === 'slider' || (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'range'));
}

/** Buttons, radios and checkboxes, which space activates. */
function pressable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === 'BUTTON' || (el.tagName === 'INPUT' && ['radio', 'checkbox'].includes((el as HTMLInputElement).type));
}

/** Every answer to step `ix`: one per student in the room, one per pasted code. */
function classAnswers(room: RoomAnswers, codes: ReadCode[], ix: number): Prediction[] {
  return [...Object.values(room.answers[ix] ?? {}), ...codes.flatMap((c) => (c.answers[ix] ? [c.answers[ix]] : []))];
}

/** The live room's panel: open one, its code and who joined, close it; or why there is none. */
function LiveRoom({ room }: { room: PresenterProps['room'] }) {
  const s = room.status;
  const refused = refusedText(room.room.refused);
  if (s.kind === 'off' || s.kind === 'connecting')
    return (
      <div className="live-room" data-testid="live-room" data-status={s.kind}>
        <button type="button" onClick={room.open} disabled={s.kind === 'connecting'} data-testid="room-open">
          {s.kind === 'connecting' ? 'Opening…' : 'Open a live room'}
        </button>
        <span className="hint">Phones that scan the code send their answers here.</span>
      </div>
    );
  if (s.kind === 'unreachable')
    return (
      <div className="live-room" data-testid="live-room" data-status={s.kind}>
        <p className="room-off" data-testid="room-unreachable">
          No live room: this copy of tierplan has no room server (a static host), or the network blocks it. Students hand in codes instead (the class summary reads them).
        </p>
        <button type="button" onClick={room.open} data-testid="room-open">
          Try again
        </button>
      </div>
    );
  return (
    <div className="live-room" data-testid="live-room" data-status={s.kind}>
      <span className="room-code">
        Room <strong data-testid="room-code">{s.code}</strong>
      </span>
      <span data-testid="room-joined">{plural(room.room.joined, 'phone')} joined</span>
      {s.kind === 'lost' ? (
        <p className="room-off" data-testid="room-lost">
          The room's server is not answering; trying again. Phones keep their answers and can hand in codes.
        </p>
      ) : null}
      {refused ? (
        <span className="room-refused" data-testid="room-refused">
          Refused: {refused}
        </span>
      ) : null}
      <button type="button" onClick={room.close} data-testid="room-close">
        Close the room
      </button>
    </div>
  );
}

export function Presenter(props: PresenterProps) {
  const { lesson, stepIx, go, close, tooLong, engine, progress, update, runRef, room, codeStudents } = props;
  const live = room.status.kind === 'open' || room.status.kind === 'lost' ? room.status.code : null;
  // With a room open, the QR code takes phones into it.
  const shareUrl = live ? `${props.shareUrl}&room=${live}` : props.shareUrl;
  // The answer to the class's question is kept back until the step's reveal (R), or until the lecturer shows it.
  const [shown, setShown] = useState<Record<number, boolean>>({});
  const layer = useRef<HTMLDivElement | null>(null);
  const [qrFull, setQrFull] = useState(false);
  const canQr = tooLong === null && qrMatrix(shareUrl) !== null;
  useModalLayer(layer, true);

  // Focus lands in the presenter view when it opens (keyboard and screen-reader users start there).
  useEffect(() => {
    const el = layer.current;
    if (el && !el.contains(document.activeElement)) el.focus();
  }, []);

  // Each step starts at the top of the view (the last one may have been scrolled to its explanation).
  useEffect(() => {
    layer.current?.scrollTo?.({ top: 0 });
  }, [stepIx]);

  // Read in the capture phase on window: before the answer box, a radio
  // button or a sketch handle can take the key for itself.
  const keys = useRef({ go, close, qrFull, canQr });
  useEffect(() => {
    keys.current = { go, close, qrFull, canQr };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = keys.current;
      const field = isField(e.target);
      const key = e.key;
      if (key === 'Escape') {
        // Escape closes the full-screen code, then leaves a field, then the presenter view.
        if (k.qrFull) setQrFull(false);
        else if (field) layer.current?.focus();
        else k.close();
      } else if (key === 'p' || key === 'P') k.close();
      else if (key === 'r' || key === 'R') runRef.current?.();
      else if ((key === 'q' || key === 'Q') && k.canQr) setQrFull((f) => !f);
      else if (key === 'ArrowRight') k.go(1);
      else if (key === 'ArrowLeft') k.go(-1);
      else if ((key === 'PageDown' || key === ' ') && !adjusts(e.target) && !pressable(e.target) && !field) k.go(1);
      else if (key === 'PageUp' && !adjusts(e.target) && !field) k.go(-1);
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [runRef]);

  const [box, width] = useContainerWidth<HTMLDivElement>();
  const [vh, setVh] = useState(() => (typeof window === 'undefined' ? 800 : window.innerHeight));
  useEffect(() => {
    const on = () => setVh(window.innerHeight);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  // Wide screens put the chart beside the answer; phones stack them. Charts are drawn at half
  // their size and stretched to fill (the SVG scales with its box), so their 12–13 px ticks,
  // labels and legend land at 24 px and more on the projector instead of staying 12 px. The
  // chart takes about half the screen's height, leaving room for the explanation under it.
  const chartSize = useMemo(() => {
    if (!width) return undefined;
    const wide = width >= 900;
    const w = Math.max(300, wide ? width * 0.6 : width);
    const h = wide ? Math.max(300, vh * 0.5) : 300;
    const zoom = Math.max(1, Math.min(PRESENTER_ZOOM, w / 300));
    return { width: Math.round(w / zoom), height: Math.round(h / zoom), zoom };
  }, [width, vh]);
  const step = lesson.steps[stepIx];
  const qrSide = Math.round(Math.min(260, Math.max(160, vh * 0.24)));
  return createPortal(
    <div className="presenter" role="dialog" aria-modal="true" tabIndex={-1} ref={layer} data-layer="" aria-label={`Presenter view: ${lesson.title}`} data-testid="presenter">
      <header className="presenter-bar">
        <span className="presenter-lesson">{lesson.title}</span>
        <span className="presenter-count" data-testid="presenter-count">
          Step {stepIx + 1} of {lesson.steps.length}
        </span>
        <span className="presenter-keys hint">← →: steps · R: run · {canQr ? 'Q: QR code · ' : ''}Esc: leave a field, then exit</span>
        <button type="button" onClick={() => go(-1)} disabled={stepIx === 0} aria-label="Previous step">
          ←
        </button>
        <button type="button" onClick={() => go(1)} disabled={stepIx >= lesson.steps.length - 1} aria-label="Next step">
          →
        </button>
        <button type="button" onClick={close} data-testid="presenter-exit">
          Exit (P)
        </button>
      </header>
      <div className="presenter-main">
        <div className="presenter-step" ref={box}>
          <StepView key={`p-${lesson.id}-${stepIx}`} engine={engine} step={step} index={stepIx} progress={progress} update={update} runRef={runRef} presenter chartSize={chartSize} />
          {step.question && (live || codeStudents.length > 0) ? (
            <div className="presenter-results">
              <ClassResults
                step={step}
                answers={classAnswers(room.room, codeStudents, stepIx)}
                of={room.room.joined + codeStudents.length}
                outcome={progress.outcomes[stepIx] ?? null}
                showAnswer={progress.revealed[stepIx] === true || shown[stepIx] === true}
                zoom={PRESENTER_ZOOM}
              />
              {progress.revealed[stepIx] || shown[stepIx] ? null : (
                <button type="button" onClick={() => setShown((s) => ({ ...s, [stepIx]: true }))} data-testid="class-results-show">
                  Show the lesson's answer
                </button>
              )}
            </div>
          ) : null}
        </div>
        <aside className="presenter-qr" aria-label="Follow on a phone">
          <LiveRoom room={room} />
          {canQr ? (
            <>
              <button type="button" className="qr-button" onClick={() => setQrFull(true)} aria-label="Show the QR code full screen (Q)" data-testid="qr-enlarge">
                <QrCode text={shareUrl} size={qrSide} />
              </button>
              <span className="hint">Scan to follow on your phone · Q or click: full screen</span>
              <PhoneWarning url={shareUrl} short />
            </>
          ) : (
            <p className="hint qr-too-long" data-testid="qr-too-long">
              {tooLong ?? 'This lesson link is too long for one QR code.'} Share the link another way (a course page, a chat, a short-link service).
            </p>
          )}
        </aside>
      </div>
      {qrFull && canQr ? (
        <div className="qr-full" role="dialog" aria-label="QR code of this lesson, full screen" data-testid="qr-full" onClick={() => setQrFull(false)}>
          <QrCode text={shareUrl} size={Math.round(vh * 0.86)} />
          <span>Scan to follow on your phone · Esc, Q or click to close</span>
          <PhoneWarning url={shareUrl} short />
        </div>
      ) : null}
    </div>,
    document.body,
  );
}
