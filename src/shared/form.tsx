// Labelled inputs that show the core's validation message for their field
// path (and a local message while the text is not a number at all).
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import type { FieldError } from '../engine/types';
import { fieldLabel } from './labels';

export interface FormState {
  errors: FieldError[];
  /** `text`: what was typed, kept as a draft (see `texts`). */
  setLocalInvalid: (path: string, invalid: boolean, text?: string) => void;
  /**
   * Texts typed in fields that the scenario cannot hold (not a number, a
   * negative count), by field path. Given, the form keeps them through
   * unmounts and shows them, with their message, when a field mounts: the
   * owner saves and links them with the scenario. Absent (the default), a
   * field's text lives only while it is mounted.
   */
  texts?: Readonly<Record<string, string>>;
  /** Which fields' texts the owner keeps (default all, when `texts` is given); the others live while mounted. */
  keeps?: (path: string) => boolean;
}

export const FormContext = createContext<FormState>({ errors: [], setLocalInvalid: () => undefined });

/**
 * The paths of fields whose text does not read as a number, and the setter
 * the fields report through (`FormState.setLocalInvalid`): a form with any of
 * them pauses (Run disabled, no recomputation) until they are fixed.
 */
export function useLocalInvalid(): [ReadonlySet<string>, (path: string, invalid: boolean) => void] {
  const [paths, setPaths] = useState<ReadonlySet<string>>(new Set());
  const set = useCallback((path: string, invalid: boolean) => {
    setPaths((prev) => {
      if (prev.has(path) === invalid) return prev;
      const next = new Set(prev);
      if (invalid) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);
  return [paths, set];
}

/** The largest value of the core's whole-number fields (u32). */
export const U32_MAX = 4_294_967_295;

/**
 * Whether `t` is a value a numeric field can hold, else its message in the
 * form's words: the field by its label, the values it takes. This is the
 * parser's rule only (a number; a whole number from 0 to 2³²−1): a value it
 * lets through is checked by the core, whose message names its own range.
 */
export function numberTextProblem(t: string, name: string, unit: string | undefined, integer: boolean | undefined): string | null {
  const n = t.trim() === '' ? NaN : Number(t);
  if (integer) {
    if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0) return `${name}: a whole number ≥ 0`;
    if (n > U32_MAX) return `${name}: a whole number from 0 to ${U32_MAX}`;
    return null;
  }
  if (!Number.isFinite(n)) return `${name}: a number${unit ? ` (${unit})` : ''}`;
  return null;
}

/**
 * The form's drafts (`FormState.texts`): typed texts the scenario cannot
 * hold, by field path. `set(path, null)` drops one; `replace` swaps them all
 * (a scenario loaded, restored or undone brings its own).
 */
export function useDraftTexts() {
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>({});
  const set = useCallback((path: string, invalid: boolean, text?: string) => {
    setTexts((prev) => {
      if (invalid && text !== undefined) {
        if (prev[path] === text) return prev;
        return { ...prev, [path]: text };
      }
      if (invalid || !(path in prev)) return prev;
      const next = { ...prev };
      delete next[path];
      return next;
    });
  }, []);
  return { texts, set, replace: setTexts };
}

export function useFieldErrors(path: string): string[] {
  const { errors } = useContext(FormContext);
  return errors.filter((e) => e.path === path).map((e) => e.message);
}

export function testId(path: string): string {
  return `field-${path}`;
}

/**
 * `core`: false shows only the local message (another field shows the core's
 * for this path, or the text typed is not a value yet: the core's message is
 * about the last value that was, no longer shown).
 */
export function FieldMessages({ path, local, core = true }: { path: string; local?: string | null; core?: boolean }) {
  const fromCore = useFieldErrors(path);
  const messages = core ? fromCore : [];
  const all = local ? [local, ...messages] : messages;
  if (all.length === 0) return null;
  return (
    <span className="field-error" role="alert" data-testid={`error-${path}`} id={`${path}-error`}>
      {all.join('; ')}
    </span>
  );
}

interface NumProps {
  path: string;
  label: ReactNode;
  /** The field's name in its messages, when the label alone does not say it ("Count" of a tier: "SSD count"). */
  name?: string;
  unit?: string;
  value: number | null | undefined;
  onChange: (v: number) => void;
  integer?: boolean;
  step?: number | 'any';
  min?: number;
  hint?: ReactNode;
  /** A plausibility warning: the value is accepted, but looks like a slip (shown, never blocking). */
  warning?: string | null;
  /** Render without the surrounding label (inside a table cell). */
  compact?: boolean;
  disabled?: boolean;
  /**
   * Whose core messages the field shows (default its own path; `null` none):
   * two fields that edit one value (KB/s and Mbps) show them under the one typed.
   */
  errorPath?: string | null;
}

/** A number input bound to one scenario field. */
export function NumField({ path, label, name, unit, value, onChange, integer, step, min, hint, warning, compact, disabled, errorPath = path }: NumProps) {
  const id = useId();
  const { setLocalInvalid, texts, keeps } = useContext(FormContext);
  const kept = texts !== undefined && (keeps ? keeps(path) : true);
  const draft = texts?.[path];
  const shown = value === null || value === undefined ? '' : String(value);
  const called = name ?? (typeof label === 'string' ? label : path);
  const [text, setText] = useState(draft ?? shown);
  const [local, setLocal] = useState<string | null>(() => (draft === undefined ? null : numberTextProblem(draft, called, unit, integer)));
  const ownErrors = useFieldErrors(errorPath ?? '');
  const coreMessages = errorPath === null ? [] : ownErrors;

  // Follow the scenario (and its drafts) when they change from outside: a
  // preset loaded, a link restored, an undo.
  useEffect(() => {
    if (draft !== undefined) {
      setText(draft);
      setLocal(numberTextProblem(draft, called, unit, integer));
      return;
    }
    setText((t) => (Number(t) === value && t.trim() !== '' ? t : value === null || value === undefined ? '' : String(value)));
    setLocal(null);
    if (!kept) setLocalInvalid(path, false);
  }, [value, path, setLocalInvalid, draft, kept, called, unit, integer]);

  // A kept draft outlives its field (a tab switch); the form's owner drops those of fields gone from the scenario.
  useEffect(() => () => void (kept || setLocalInvalid(path, false)), [path, setLocalInvalid, kept]);

  function change(t: string) {
    setText(t);
    const problem = numberTextProblem(t, called, unit, integer);
    if (problem) {
      setLocal(problem);
      setLocalInvalid(path, true, t);
      return;
    }
    setLocal(null);
    setLocalInvalid(path, false);
    onChange(Number(t));
  }

  const invalid = local !== null || coreMessages.length > 0;
  const input = (
    <input
      id={id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      data-testid={testId(path)}
      data-step={step}
      data-min={min}
      value={text}
      disabled={disabled}
      aria-invalid={invalid}
      aria-describedby={invalid ? `${errorPath ?? path}-error` : undefined}
      aria-label={compact ? `${typeof label === 'string' ? label : path}${unit ? ` (${unit})` : ''}` : undefined}
      onChange={(e) => change(e.target.value)}
    />
  );
  if (compact) {
    return (
      <div className="cell-field">
        {input}
        <FieldMessages path={errorPath ?? path} local={local} core={errorPath !== null && local === null} />
      </div>
    );
  }
  return (
    <div className={`field${invalid ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {unit ? <span className="unit"> ({unit})</span> : null}
      </label>
      {input}
      {hint ? <span className="hint">{hint}</span> : null}
      {warning ? (
        <span className="field-warning" role="status" data-testid={`warning-${path}`}>
          {warning}
        </span>
      ) : null}
      <FieldMessages path={errorPath ?? path} local={local} core={errorPath !== null && local === null} />
    </div>
  );
}

interface SelectProps<T extends string> {
  path: string;
  label: ReactNode;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  compact?: boolean;
  hint?: ReactNode;
}

export function SelectField<T extends string>({ path, label, value, options, onChange, compact, hint }: SelectProps<T>) {
  const id = useId();
  const select = (
    <select
      id={id}
      data-testid={testId(path)}
      value={value}
      aria-label={compact && typeof label === 'string' ? label : undefined}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  if (compact) {
    return (
      <div className="cell-field">
        {select}
        <FieldMessages path={path} />
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {select}
      {hint ? <span className="hint">{hint}</span> : null}
      <FieldMessages path={path} />
    </div>
  );
}

export function TextField({
  path,
  label,
  value,
  onChange,
  compact,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  const input = (
    <input
      id={id}
      type="text"
      data-testid={testId(path)}
      value={value}
      aria-label={compact ? label : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  if (compact) {
    return (
      <div className="cell-field">
        {input}
        <FieldMessages path={path} />
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input}
      <FieldMessages path={path} />
    </div>
  );
}

/** Every problem that blocks an action, each with the field path it names. */
export function ErrorSummary({ errors, action, testId: id }: { errors: FieldError[]; action: string; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" data-testid={id} role="alert">
      <strong>
        Fix {errors.length === 1 ? 'this' : `these ${errors.length}`} before {action}:
      </strong>
      <ul>
        {errors.map((e, i) => (
          <li key={i} data-path={e.path}>
            <strong title={e.path}>{fieldLabel(e.path)}</strong>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
