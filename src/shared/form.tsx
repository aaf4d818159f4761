// Labelled inputs that show the core's validation message for their field
// path (and a local message while the text is not a number at all).
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import type { FieldError } from '../engine/types';
import { fieldLabel } from './labels';

export interface FormState {
  errors: FieldError[];
  setLocalInvalid: (path: string, invalid: boolean) => void;
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

export function useFieldErrors(path: string): string[] {
  const { errors } = useContext(FormContext);
  return errors.filter((e) => e.path === path).map((e) => e.message);
}

export function testId(path: string): string {
  return `field-${path}`;
}

/** `core`: false shows only the local message (another field shows the core's for this path). */
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
export function NumField({ path, label, unit, value, onChange, integer, step, min, hint, warning, compact, disabled, errorPath = path }: NumProps) {
  const id = useId();
  const { setLocalInvalid } = useContext(FormContext);
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  const [local, setLocal] = useState<string | null>(null);
  const ownErrors = useFieldErrors(errorPath ?? '');
  const coreMessages = errorPath === null ? [] : ownErrors;

  // Follow the scenario when it changes from outside (preset loaded).
  useEffect(() => {
    setText((t) => (Number(t) === value && t.trim() !== '' ? t : value === null || value === undefined ? '' : String(value)));
    setLocal(null);
    setLocalInvalid(path, false);
  }, [value, path, setLocalInvalid]);

  useEffect(() => () => setLocalInvalid(path, false), [path, setLocalInvalid]);

  function change(t: string) {
    setText(t);
    const n = t.trim() === '' ? NaN : Number(t);
    if (!Number.isFinite(n)) {
      const msg = `enter a number${unit ? ` (${unit})` : ''}`;
      setLocal(msg);
      setLocalInvalid(path, true);
      return;
    }
    if (integer && !Number.isInteger(n)) {
      setLocal('enter a whole number');
      setLocalInvalid(path, true);
      return;
    }
    setLocal(null);
    setLocalInvalid(path, false);
    onChange(n);
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
        <FieldMessages path={errorPath ?? path} local={local} core={errorPath !== null} />
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
      <FieldMessages path={errorPath ?? path} local={local} core={errorPath !== null} />
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
