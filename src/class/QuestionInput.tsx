// The prediction a step asks for: a number (slider and number box, with its
// unit), one of several choices, or a sketched curve.
import { useId } from 'react';
import { CLASS_METRICS, sketchXs, type Prediction, type Step } from './model';
import { SketchInput } from './SketchInput';

export interface QuestionInputProps {
  step: Step;
  /** The draft: a number box may hold text that is not a number yet. */
  draft: Draft;
  onDraft: (d: Draft) => void;
  disabled: boolean;
  /** The presenter view: the sketch is drawn at 1/zoom and stretched, so its text grows with the screen. */
  zoom?: number;
}

export type Draft = { text: string } | { choice: string } | { ys: (number | null)[] } | null;

/** The draft as a prediction, or null while it is incomplete. */
export function predictionOf(step: Step, d: Draft): Prediction | null {
  const q = step.question;
  if (!q || !d) return null;
  if (q.kind === 'number' && 'text' in d) {
    const v = Number(d.text);
    return d.text.trim() !== '' && Number.isFinite(v) && v >= q.min && v <= q.max ? { kind: 'number', value: v } : null;
  }
  if (q.kind === 'choice' && 'choice' in d) return { kind: 'choice', id: d.choice };
  if (q.kind === 'sketch' && 'ys' in d && d.ys.length === sketchXs(step).length && d.ys.every((y) => y !== null)) return { kind: 'sketch', ys: d.ys };
  return null;
}

export function draftOf(p: Prediction | undefined): Draft {
  if (!p) return null;
  return p.kind === 'number' ? { text: String(p.value) } : p.kind === 'choice' ? { choice: p.id } : { ys: p.ys };
}

export function QuestionInput({ step, draft, onDraft, disabled, zoom }: QuestionInputProps) {
  const id = useId();
  const q = step.question;
  if (!q) return null;
  if (q.kind === 'number') {
    const text = draft && 'text' in draft ? draft.text : '';
    const v = Number(text);
    const bad = text.trim() !== '' && (!Number.isFinite(v) || v < q.min || v > q.max);
    return (
      <div className="question">
        <label htmlFor={`${id}-n`} className="question-prompt">
          {q.prompt} <span className="unit">({q.unit})</span>
        </label>
        <div className="number-answer">
          <input
            type="range"
            aria-label={`${q.prompt} (slider, ${q.unit})`}
            min={q.min}
            max={q.max}
            step={q.step}
            value={text.trim() !== '' && Number.isFinite(v) ? v : (q.min + q.max) / 2}
            disabled={disabled}
            data-testid="prediction-slider"
            onChange={(e) => onDraft({ text: e.target.value })}
          />
          <input
            id={`${id}-n`}
            type="number"
            inputMode="decimal"
            min={q.min}
            max={q.max}
            step={q.step}
            value={text}
            disabled={disabled}
            aria-invalid={bad || undefined}
            aria-describedby={`${id}-range`}
            data-testid="prediction-number"
            onChange={(e) => onDraft({ text: e.target.value })}
          />
          <span className="unit">{q.unit}</span>
        </div>
        <span id={`${id}-range`} className={bad ? 'field-error' : 'hint'}>
          {bad ? `Enter a number from ${q.min} to ${q.max} ${q.unit}.` : `From ${q.min} to ${q.max} ${q.unit}.`}
        </span>
      </div>
    );
  }
  if (q.kind === 'choice') {
    const chosen = draft && 'choice' in draft ? draft.choice : '';
    return (
      <fieldset className="question choices" disabled={disabled}>
        <legend className="question-prompt">{q.prompt}</legend>
        {q.choices.map((c) => (
          <label key={c.id} className="choice">
            <input type="radio" name={`${id}-c`} value={c.id} checked={chosen === c.id} data-testid={`choice-${c.id}`} onChange={() => onDraft({ choice: c.id })} />
            {c.text}
          </label>
        ))}
      </fieldset>
    );
  }
  const xs = sketchXs(step);
  const m = step.measure;
  const ys = draft && 'ys' in draft ? draft.ys : xs.map(() => null);
  return (
    <div className="question">
      <p className="question-prompt">{q.prompt}</p>
      <SketchInput
        xs={xs}
        yMax={q.yMax}
        xLabel={m.kind === 'sweep' ? `${m.label}${m.unit ? ` (${m.unit})` : ''}` : 'x'}
        yLabel={`${CLASS_METRICS[m.metric].label} (${CLASS_METRICS[m.metric].unit})`}
        value={ys}
        onChange={(next) => onDraft({ ys: next })}
        disabled={disabled}
        zoom={zoom}
      />
    </div>
  );
}
