// Compact lessons, so a teacher's lesson reaches phones through one QR code.
//
// Two savings. (1) An authored step captures the editor's whole scenario
// (~3.9 kB of JSON); it is stored instead as the built-in preset it differs
// least from plus the fields that differ (`{ preset, set }`, the form the
// built-in lessons use), found by the core's own presets and checked to
// rebuild the scenario exactly. (2) Lesson link v2 drops what the reader can
// rebuild: field references that are the authoring list's (as indices),
// units and labels that follow from the metric, a slider step that is the
// default — and uses one-letter keys, deflated (deflate.ts). The checksum
// still covers the whole expanded lesson, as in v1, so a damaged or stale
// link is refused.
import type { Engine } from '../worker/contract';
import type { Device, Scenario } from '../engine/types';
import { sameJson } from '../state/canonical';
import { compactDevices, expandDevices } from '../state/link';
import { AUTHOR_FIELDS } from './lessons';
import { applyEdits, CLASS_METRICS, type Edits, type FieldRef, type Lesson, type Measure, type Question, type Step, type StepScenario } from './model';

// ---- a scenario as a preset plus edits -------------------------------------

type J = unknown;
const isObj = (x: J): x is Record<string, J> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** `x` as a list of unknowns, or null (Array.isArray alone would type it `any[]`). */
const list = (x: J): J[] | null => (Array.isArray(x) ? (x as J[]) : null);

/**
 * The field edits that turn `base` into `target` (paths as the sweeps and
 * lessons write them: `a.b[2].c`), or null when they differ in shape (a key
 * or list item added or removed) or in a value an edit cannot carry.
 */
export function scenarioEdits(base: J, target: J, at = '', out: Edits = {}): Edits | null {
  if (isObj(base) && isObj(target)) {
    const keys = Object.keys(base);
    if (keys.length !== Object.keys(target).length || keys.some((k) => !(k in target))) return null;
    for (const k of keys) if (scenarioEdits(base[k], target[k], at === '' ? k : `${at}.${k}`, out) === null) return null;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(target)) {
    if (base.length !== target.length) return null;
    for (let i = 0; i < base.length; i++) if (scenarioEdits(base[i], target[i], `${at}[${i}]`, out) === null) return null;
    return out;
  }
  if (sameJson(base, target)) return out;
  if ((typeof target === 'number' || typeof target === 'string') && typeof base === typeof target && at !== '') {
    out[at] = target;
    return out;
  }
  return null;
}

/**
 * The scenario as the preset it differs least from plus the differing fields,
 * when that rebuilds it exactly; otherwise the scenario itself.
 */
export async function compactScenario(engine: Pick<Engine, 'listPresets' | 'preset'>, s: Scenario): Promise<StepScenario> {
  let best: { preset: string; set: Edits } | null = null;
  for (const p of await engine.listPresets()) {
    const base = await engine.preset(p.id);
    const set = scenarioEdits(base, s);
    if (set === null || (best && Object.keys(set).length >= Object.keys(best.set).length)) continue;
    // Checked by rebuilding: what the step will run is exactly what the teacher captured.
    try {
      if (sameJson(applyEdits(base, set), s)) best = { preset: p.id, set };
    } catch {
      // A path the scenario code cannot set: not this preset.
    }
  }
  if (!best) return { scenario: structuredClone(s) };
  return Object.keys(best.set).length === 0 ? { preset: best.preset } : best;
}

// ---- lesson link v2 ---------------------------------------------------------

type Packed = Record<string, J>;

function packShown(shown: FieldRef[]): J[] {
  // A reference equal to one of the authoring list's travels as its index.
  return shown.map((f) => {
    const i = AUTHOR_FIELDS.findIndex((a) => sameJson(a, f));
    return i >= 0 ? i : f;
  });
}

function unpackShown(x: J): J {
  return list(x)?.map((f) => (typeof f === 'number' && Number.isInteger(f) && AUTHOR_FIELDS[f] ? structuredClone(AUTHOR_FIELDS[f]) : f)) ?? x;
}

const metricUnit = (m: Measure) => CLASS_METRICS[m.metric].unit;
const metricLabel = (m: Measure) => CLASS_METRICS[m.metric].label.toLowerCase();

function packQuestion(q: Question, answerUnit: string): Packed {
  if (q.kind === 'number') {
    const p: Packed = { k: 'n', p: q.prompt, i: q.min, j: q.max };
    if (q.unit !== answerUnit) p.u = q.unit;
    if (q.step !== (q.max - q.min) / 100) p.s = q.step;
    return p;
  }
  if (q.kind === 'choice') return { k: 'c', p: q.prompt, h: q.choices.map((c) => (c.range ? [c.id, c.text, c.range] : [c.id, c.text])), z: q.correct };
  return { k: 's', p: q.prompt, y: q.yMax };
}

function unpackQuestion(p: J, answerUnit: J): J {
  if (!isObj(p)) return p;
  if (p.k === 'n') {
    const min = p.i;
    const max = p.j;
    return { kind: 'number', prompt: p.p, unit: p.u ?? answerUnit, min, max, step: p.s ?? (typeof min === 'number' && typeof max === 'number' ? (max - min) / 100 : 1) };
  }
  const h = list(p.h);
  if (p.k === 'c' && h) {
    const choices = h.map((x) => {
      const c = list(x);
      return c ? (c.length > 2 ? { id: c[0], text: c[1], range: c[2] } : { id: c[0], text: c[1] }) : x;
    });
    return { kind: 'choice', prompt: p.p, choices, correct: p.z };
  }
  if (p.k === 's') return { kind: 'sketch', prompt: p.p, yMax: p.y };
  return p;
}

function packScenario(sc: StepScenario, catalog: readonly Device[]): J {
  if ('preset' in sc) return sc.set && Object.keys(sc.set).length > 0 ? { p: sc.preset, e: sc.set } : { p: sc.preset };
  return { s: { ...sc.scenario, devices: compactDevices(sc.scenario.devices, catalog) } };
}

function unpackScenario(x: J, catalog: readonly Device[]): { ok: true; value: J } | { ok: false; missing: string } {
  if (!isObj(x)) return { ok: true, value: x };
  if (typeof x.p === 'string') return { ok: true, value: x.e === undefined ? { preset: x.p } : { preset: x.p, set: x.e } };
  if (isObj(x.s) && Array.isArray(x.s.devices)) {
    const d = expandDevices(x.s.devices, catalog);
    if (!d.ok) return d;
    return { ok: true, value: { scenario: { ...x.s, devices: d.devices } } };
  }
  return { ok: true, value: x };
}

function packStep(s: Step, catalog: readonly Device[]): Packed {
  const p: Packed = { t: s.title, c: packScenario(s.scenario, catalog), w: packShown(s.shown), m: s.measure.kind === 'run' ? s.measure.metric : s.measure };
  if (s.text) p.x = s.text;
  // Free inputs are almost always shown ones: their index in `shown`.
  if (s.free.length > 0) p.f = s.free.map((f) => (s.shown.findIndex((r) => r.path === f) >= 0 ? s.shown.findIndex((r) => r.path === f) : f));
  if (s.question) p.q = packQuestion(s.question, s.answer.unit);
  const a: J[] = [s.answer.expected, s.answer.tolerance];
  const unitDefault = s.answer.unit === metricUnit(s.measure);
  const labelDefault = s.answer.label === metricLabel(s.measure);
  if (!unitDefault || !labelDefault) a.push(s.answer.unit, s.answer.label);
  p.a = a;
  if (s.explanation) p.d = s.explanation;
  if (s.mystery) p.y = s.mystery;
  return p;
}

export type Unpack = { ok: true; lesson: J } | { ok: false; message: string };

function unpackStep(p: J, catalog: readonly Device[]): { ok: true; step: J } | { ok: false; message: string } {
  if (!isObj(p)) return { ok: true, step: p };
  const measure = typeof p.m === 'string' ? { kind: 'run', metric: p.m } : p.m;
  const sc = unpackScenario(p.c, catalog);
  if (!sc.ok) return { ok: false, message: `the lesson refers to a built-in device "${sc.missing}" that this version of tierplan does not have` };
  const shown = unpackShown(p.w);
  const shownList = list(shown) ?? [];
  const free = list(p.f)?.map((f) => {
    const ref = typeof f === 'number' ? shownList[f] : undefined;
    return isObj(ref) ? ref.path : f;
  }) ?? [];
  const metric = isObj(measure) && typeof measure.metric === 'string' && measure.metric in CLASS_METRICS ? CLASS_METRICS[measure.metric as keyof typeof CLASS_METRICS] : null;
  const a = list(p.a) ?? [];
  const unit = a.length > 2 ? a[2] : (metric?.unit ?? '');
  const label = a.length > 3 ? a[3] : (metric?.label.toLowerCase() ?? '');
  const step: Packed = {
    title: p.t,
    text: p.x ?? '',
    scenario: sc.value,
    shown,
    free,
    measure,
    answer: { expected: a[0], tolerance: a[1], unit, label },
    explanation: p.d ?? '',
  };
  if (p.q !== undefined) step.question = unpackQuestion(p.q, unit);
  if (p.y !== undefined) step.mystery = p.y;
  return { ok: true, step };
}

/** The v2 payload of a lesson (before compression). */
export function packLesson(l: Lesson, catalog: readonly Device[]): Packed {
  const p: Packed = { i: l.id, t: l.title, s: l.steps.map((s) => packStep(s, catalog)) };
  if (l.summary) p.u = l.summary;
  if (l.notes.goal) p.g = l.notes.goal;
  if (l.notes.misconceptions.length > 0) p.n = l.notes.misconceptions;
  if (l.notes.leavesOut) p.o = l.notes.leavesOut;
  return p;
}

/** A v2 payload back to a lesson object (validated by the caller). */
export function unpackLesson(p: J, catalog: readonly Device[]): Unpack {
  const packed = isObj(p) ? list(p.s) : null;
  if (!isObj(p) || !packed) return { ok: false, message: 'the lesson link holds no steps' };
  const steps: J[] = [];
  for (const s of packed) {
    const r = unpackStep(s, catalog);
    if (!r.ok) return r;
    steps.push(r.step);
  }
  return {
    ok: true,
    lesson: { id: p.i, title: p.t, summary: p.u ?? '', notes: { goal: p.g ?? '', misconceptions: p.n ?? [], leavesOut: p.o ?? '' }, steps },
  };
}
