// What a lesson is: steps that each set a scenario (a core preset plus
// edits, or a whole scenario a teacher captured), say which inputs the
// student may change, measure one thing with the core and may ask for a
// prediction first. Plain data, so lessons travel in links and files.
import type { Scenario } from '../engine/types';
import { METRICS, type MetricId } from '../sweeps/model';
import { getValue, setField } from '../state/field-path';

export { setField };
import type { RunResult } from '../engine/types';

/** Field edits applied to a preset: path → value (numbers, or a device id / architecture). */
export type Edits = Record<string, number | string>;

export type StepScenario = { preset: string; set?: Edits } | { scenario: Scenario };

/** The numbers a step can measure, in the units students see. */
export const CLASS_METRICS = {
  rejection: { label: 'Rejection probability', unit: '%', metric: 'rejection_probability', scale: 100 },
  hit: { label: 'Hit ratio', unit: '%', metric: 'hit_ratio', scale: 100 },
  cache_streams: { label: 'Streams served by the cache', unit: 'streams', metric: 'cache_streams', scale: 1 },
  streams: { label: 'Concurrent streams served', unit: 'streams', metric: 'avg_streams', scale: 1 },
  spd: { label: 'Streams per dollar', unit: 'streams/$', metric: 'streams_per_dollar', scale: 1 },
  lifetime: { label: 'SSD lifetime', unit: 'days', metric: 'lifetime_days', scale: 1 },
  /** FAST'12 cost model (not a simulation metric): mean cost of an I/O. */
  io_cost: { label: 'Mean I/O cost', unit: 'µs', metric: null, scale: 1 },
} as const satisfies Record<string, { label: string; unit: string; metric: MetricId | null; scale: number }>;

export type ClassMetric = keyof typeof CLASS_METRICS;

export interface Estimate {
  y: number;
  lo: number;
  hi: number;
}

/** A metric of a run in display units (mean and 95 % CI); null when the run has none (e.g. an unworn SSD). */
export function metricOf(r: RunResult, m: ClassMetric): Estimate | null {
  const def = CLASS_METRICS[m];
  if (def.metric === null) return null;
  const v = METRICS[def.metric].values(r)[0];
  if (!v) return null;
  // Every class metric is non-negative: a CI reaching below zero is cut there (as the sweeps' metrics are at their range).
  return { y: v.est.y * def.scale, lo: Math.max(0, v.est.lo * def.scale), hi: v.est.hi * def.scale };
}

/** The key number of a sweep: its value at one x, the ratio of two points, or the first x whose value falls to a threshold. */
export type SweepKey = { at: number } | { ratio: [number, number] } | { firstAtMost: number };

export type Measure =
  | { kind: 'run'; metric: ClassMetric }
  | {
      kind: 'sweep';
      metric: ClassMetric;
      path: string;
      label: string;
      unit: string;
      values: number[];
      key: SweepKey;
      /** An analytic curve drawn dashed over the simulated one: Erlang B of the disks (HDD only, rejection in %). */
      overlay?: 'erlang-b';
    }
  | { kind: 'variants'; metric: ClassMetric; variants: { label: string; set: Edits }[]; key: 'argmax' | { ratio: [number, number] } }
  /** The FAST'12 cost model of the scenario's `cost_model`: C(u) and its optimum caching share u (%), computed by the core. */
  | { kind: 'cost-model'; metric: 'io_cost' };

export interface Choice {
  id: string;
  text: string;
  /** Built-in lessons: the range of the step's key number this choice describes (the core decides which is right). */
  range?: [number, number];
}

export type Question =
  | { kind: 'number'; prompt: string; unit: string; min: number; max: number; step: number }
  | { kind: 'choice'; prompt: string; choices: Choice[]; correct: string }
  | { kind: 'sketch'; prompt: string; yMax: number };

/** A field the step shows; `free` ones the student may change (within min–max). */
export interface FieldRef {
  path: string;
  label: string;
  unit: string;
  min?: number;
  max?: number;
  step?: number;
}

export interface Step {
  title: string;
  /** What the step is about, shown above the question. */
  text: string;
  scenario: StepScenario;
  /** Shown inputs; those listed in `free` are editable, the rest locked. */
  shown: FieldRef[];
  free: string[];
  measure: Measure;
  question?: Question;
  /**
   * The key number the lesson states (display units) and how close the core
   * must come; the tests recompute it. A number question is "right" within
   * `tolerance` of the core's answer.
   */
  answer: { expected: number; tolerance: number; unit: string; label: string };
  /** Shown after the reveal; `{answer}` becomes the core's key number. */
  explanation: string;
  /** A hidden input the student infers from the run: its value, label and unit. */
  mystery?: { path: string; label: string; unit: string; value: number };
}

export interface TeacherNotes {
  goal: string;
  misconceptions: string[];
  leavesOut: string;
}

export interface Lesson {
  id: string;
  title: string;
  summary: string;
  notes: TeacherNotes;
  steps: Step[];
}

export type Prediction = { kind: 'number'; value: number } | { kind: 'choice'; id: string } | { kind: 'sketch'; ys: number[] };

/** What the core produced for a step. */
export interface Outcome {
  /** The number that matters, in the answer's unit. */
  key: number;
  /** The curve (sweeps) or one point per variant. */
  points: { x: number; y: number; lo?: number; hi?: number }[];
  /** Variant labels (x is the index). */
  labels?: string[];
  /** The analytic curve of a sweep, if it has one. */
  overlay?: { label: string; points: { x: number; y: number }[] };
}


/** The value at `path`, if any. */
export const getField = getValue;

export function applyEdits(s: Scenario, edits: Edits | undefined): Scenario {
  return Object.entries(edits ?? {}).reduce((acc, [p, v]) => setField(acc, p, v), s);
}

/** The key number formatted with its unit. */
export function formatAnswer(v: number, unit: string): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  const txt = Number.isInteger(v)
    ? v.toLocaleString('en-US')
    : a >= 100 ? Math.round(v).toLocaleString('en-US') : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(2);
  return unit ? `${txt} ${unit}` : txt;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `{name}` replaced by `value`, which carries its unit: an author who wrote
 * the unit after the placeholder ("{answer} %") would otherwise get it twice
 * ("65.7 % %"), so a unit written right after it is taken as part of it.
 */
function fill(text: string, name: string, value: string, unit: string): string {
  const withUnit = unit.trim() ? new RegExp(`\\{${name}\\}\\s*${escapeRe(unit.trim())}(?![\\p{L}\\p{N}/])`, 'gu') : null;
  return (withUnit ? text.replace(withUnit, `{${name}}`) : text).split(`{${name}}`).join(value);
}

export function explain(step: Step, key: number): string {
  const hidden = step.mystery ? formatAnswer(step.mystery.value, step.mystery.unit) : '';
  const text = fill(step.explanation, 'answer', formatAnswer(key, step.answer.unit), step.answer.unit);
  return step.mystery ? fill(text, 'hidden', hidden, step.mystery.unit) : text.split('{hidden}').join('');
}

/** The choice the core's key number falls in (built-in questions), else the stated one. */
export function correctChoice(q: Extract<Question, { kind: 'choice' }>, key: number | null): string {
  if (key === null) return q.correct;
  const hit = q.choices.find((c) => c.range && key >= c.range[0] && key <= c.range[1]);
  return hit ? hit.id : q.correct;
}

export interface Grade {
  right: boolean;
  /** "how far off", in words. */
  text: string;
}

/** The unit of a difference: two percentages differ by percentage points ("off by 23.7 %" would read as relative). */
export function differenceUnit(unit: string): string {
  return unit === '%' ? 'percentage points' : unit;
}

/** How far a prediction is from the core's outcome. */
export function grade(step: Step, p: Prediction, o: Outcome): Grade {
  const q = step.question;
  const unit = step.answer.unit;
  if (p.kind === 'number') {
    const truth = step.mystery ? step.mystery.value : o.key;
    const d = p.value - truth;
    const right = Math.abs(d) <= step.answer.tolerance;
    const rel = truth !== 0 ? ` (${Math.round((Math.abs(d) / Math.abs(truth)) * 100)} % of the answer)` : '';
    const txt = d === 0 ? 'exactly right' : `${formatAnswer(Math.abs(d), differenceUnit(step.mystery ? step.mystery.unit : unit))}${rel} ${d > 0 ? 'too high' : 'too low'}`;
    return { right, text: right ? `Within the tolerance: ${txt}.` : `Off by ${txt}.` };
  }
  if (p.kind === 'choice' && q?.kind === 'choice') {
    const right = p.id === correctChoice(q, o.key);
    if (q.choices.every((c) => !c.range)) return { right, text: right ? "That is the lesson's answer." : "Not the lesson's answer: see it and why." };
    return { right, text: right ? 'Right choice.' : 'Not this one: see the right answer and why.' };
  }
  if (p.kind === 'sketch') {
    const n = Math.min(p.ys.length, o.points.length);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Math.abs(p.ys[i] - o.points[i].y);
    const mae = n > 0 ? sum / n : 0;
    const span = Math.max(...o.points.map((pt) => Math.abs(pt.y)), 1e-9);
    const right = mae <= 0.15 * span;
    return { right, text: `Your curve is off by ${formatAnswer(mae, differenceUnit(CLASS_METRICS[metricOfMeasure(step)].unit))} per point on average${right ? ': close.' : '.'}` };
  }
  return { right: false, text: '' };
}

export function metricOfMeasure(step: Step): ClassMetric {
  return step.measure.metric;
}

/** The x values a sketch is drawn at (the sweep's values). */
export function sketchXs(step: Step): number[] {
  return step.measure.kind === 'sweep' ? step.measure.values : [];
}

/** A lesson's identity for local storage and student codes. */
export function lessonKey(l: Lesson): string {
  return l.id;
}
