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

export function Presenter(props: PresenterProps) {
  const { lesson, stepIx, go, close, shareUrl, tooLong, engine, progress, update, runRef } = props;
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
  keys.current = { go, close, qrFull, canQr };
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
        </div>
        <aside className="presenter-qr" aria-label="Follow on a phone">
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
