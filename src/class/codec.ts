// Lessons and student answers outside the page. Codes and v1 lesson links use
// the scenario links' packing (src/state/link.ts: CRC-32 over canonical JSON,
// lz-string, a format version); v2 lesson links the same checksum over a
// deflated compact payload. A damaged one is refused with a message.
//
//   #lesson=<id>                       a built-in lesson
//   #lesson=v2.<crc32>.<deflate>       a teacher's lesson, compact (compact.ts, deflate.ts)
//   #lesson=v1.<crc32>.<payload>       a teacher's lesson as it was linked before v2 (still read)
//   …&room=<code>                      join the presenter's live room (room.ts)
//   …&step=<n>&present&embed&teacher   open at step n, in presenter view, without app chrome, in the full Class tab
//   TPA1.<crc32>.<payload>             a student's answers (the "class code")
import type { Device } from '../engine/types';
import { checksumOk, isClassFragment, expandDevices, packPayload, unpackPayload } from '../state/link';
import { CLASS_METRICS, type Lesson, type Prediction } from './model';
import { packLesson, unpackLesson } from './compact';
import { deflateText, inflateText } from './deflate';
import { canonicalJson, crc32 } from '../state/canonical';

export const LESSON_LINK_VERSION = 2;
const CODE_PREFIX = 'TPA1.';

export interface ClassHash {
  /** A built-in id, or the packed body of a shared lesson (`v1.…`). */
  ref: string;
  step: number;
  present: boolean;
  embed: boolean;
  /** The full Class tab (catalog, notes, summary, authoring); without it a link opens the student's view. */
  teacher: boolean;
  /** A live room to join (its code), from the presenter's QR. */
  room: string | null;
}

export function parseClassHash(hash: string): ClassHash | null {
  if (!isClassFragment(hash)) return null;
  const h = hash.replace(/^#/, '');
  const parts = h.split('&');
  const flags = new Set(parts.slice(1));
  const stepPart = parts.find((p) => p.startsWith('step='));
  const step = stepPart ? Math.max(0, Number.parseInt(stepPart.slice(5), 10) - 1 || 0) : 0;
  let ref = parts[0].slice('lesson='.length);
  try {
    ref = decodeURIComponent(ref);
  } catch {
    // Left as it is: the decoder reports what is wrong with it.
  }
  const roomPart = parts.find((p) => p.startsWith('room='));
  const room = roomPart ? roomPart.slice(5).toUpperCase() : '';
  return { ref, step, present: flags.has('present'), embed: flags.has('embed'), teacher: flags.has('teacher'), room: /^[A-Z0-9]{4}$/.test(room) ? room : null };
}

export function classFragment(ref: string, opts: { step?: number; present?: boolean; embed?: boolean; teacher?: boolean; room?: string | null } = {}): string {
  let h = `#lesson=${ref}`;
  if (opts.room) h += `&room=${opts.room}`;
  if (opts.step) h += `&step=${opts.step + 1}`;
  if (opts.present) h += '&present';
  if (opts.embed) h += '&embed';
  if (opts.teacher) h += '&teacher';
  return h;
}

// ---- validation ------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Field-named problems of something claiming to be a lesson (empty when it is one). */
export function lessonProblems(x: unknown): string[] {
  const errs: string[] = [];
  const str = (o: Obj, k: string, at: string, allowEmpty = false) => {
    if (typeof o[k] !== 'string' || (!allowEmpty && (o[k]).trim() === '')) errs.push(`${at}${k}: must be ${allowEmpty ? 'text' : 'non-empty text'}`);
  };
  const num = (o: Obj, k: string, at: string) => {
    if (typeof o[k] !== 'number' || !Number.isFinite(o[k])) errs.push(`${at}${k}: must be a number`);
  };
  if (!isObj(x)) return ['lesson: must be an object with id, title, summary, notes and steps'];
  str(x, 'id', '');
  str(x, 'title', '');
  str(x, 'summary', '', true);
  if (!isObj(x.notes)) errs.push('notes: must be an object with goal, misconceptions and leavesOut');
  else {
    str(x.notes, 'goal', 'notes.', true);
    str(x.notes, 'leavesOut', 'notes.', true);
    if (!Array.isArray(x.notes.misconceptions) || x.notes.misconceptions.some((m) => typeof m !== 'string')) errs.push('notes.misconceptions: must be a list of text');
  }
  if (!Array.isArray(x.steps) || x.steps.length === 0) return [...errs, 'steps: must be a non-empty list'];
  if (x.steps.length > 30) errs.push('steps: at most 30 steps');
  x.steps.forEach((s: unknown, i) => {
    const at = `steps[${i}].`;
    if (!isObj(s)) {
      errs.push(`steps[${i}]: must be an object`);
      return;
    }
    str(s, 'title', at);
    str(s, 'text', at, true);
    str(s, 'explanation', at, true);
    if (!isObj(s.scenario) || (typeof s.scenario.preset !== 'string' && !isObj(s.scenario.scenario))) errs.push(`${at}scenario: must name a preset or hold a scenario`);
    if (!Array.isArray(s.shown) || s.shown.some((f) => !isObj(f) || typeof f.path !== 'string' || typeof f.label !== 'string')) errs.push(`${at}shown: must be a list of {path, label, unit}`);
    if (!Array.isArray(s.free) || s.free.some((f) => typeof f !== 'string')) errs.push(`${at}free: must be a list of field paths`);
    const m = s.measure;
    if (!isObj(m) || !['run', 'sweep', 'variants', 'cost-model'].includes(m.kind as string)) errs.push(`${at}measure.kind: must be run, sweep, variants or cost-model`);
    else if (typeof m.metric !== 'string' || !(m.metric in CLASS_METRICS)) errs.push(`${at}measure.metric: must be one of ${Object.keys(CLASS_METRICS).join(', ')}`);
    else if (m.kind === 'sweep' && (!Array.isArray(m.values) || m.values.length < 2 || m.values.some((v) => typeof v !== 'number'))) errs.push(`${at}measure.values: must be at least two numbers`);
    if (!isObj(s.answer)) errs.push(`${at}answer: must be an object with expected, tolerance, unit and label`);
    else {
      num(s.answer, 'expected', `${at}answer.`);
      num(s.answer, 'tolerance', `${at}answer.`);
      if (typeof s.answer.tolerance === 'number' && s.answer.tolerance < 0) errs.push(`${at}answer.tolerance: must be 0 or more`);
      str(s.answer, 'unit', `${at}answer.`, true);
    }
    const q = s.question;
    if (q !== undefined) {
      if (!isObj(q) || !['number', 'choice', 'sketch'].includes(q.kind as string)) errs.push(`${at}question.kind: must be number, choice or sketch`);
      else {
        str(q, 'prompt', `${at}question.`);
        if (q.kind === 'number') {
          num(q, 'min', `${at}question.`);
          num(q, 'max', `${at}question.`);
          if (typeof q.min === 'number' && typeof q.max === 'number' && q.min >= q.max) errs.push(`${at}question.max: must be above min`);
        }
        if (q.kind === 'choice') {
          if (!Array.isArray(q.choices) || q.choices.length < 2 || q.choices.some((c) => !isObj(c) || typeof c.id !== 'string' || typeof c.text !== 'string'))
            errs.push(`${at}question.choices: must be at least two {id, text}`);
          else if (!q.choices.some((c) => (c as Obj).id === q.correct)) errs.push(`${at}question.correct: must be the id of one of the choices`);
        }
        if (q.kind === 'sketch' && (!isObj(m) || m.kind !== 'sweep')) errs.push(`${at}question.kind: a sketch needs a sweep to draw against`);
      }
    }
  });
  return errs;
}

// ---- lesson links and files -----------------------------------------------

/**
 * The packed body of a lesson link, `v2.<crc32>.<deflate, base64url>`:
 * compact.ts says what the payload leaves out; the checksum is over the
 * canonical JSON of the whole lesson, as in v1.
 */
export async function encodeLesson(l: Lesson, catalog: readonly Device[]): Promise<string> {
  return `v${LESSON_LINK_VERSION}.${crc32(canonicalJson(l))}.${await deflateText(JSON.stringify(packLesson(l, catalog)))}`;
}

export type LessonRead = { ok: true; lesson: Lesson } | { ok: false; message: string };

function checked(x: unknown): LessonRead {
  const errs = lessonProblems(x);
  return errs.length === 0 ? { ok: true, lesson: x as Lesson } : { ok: false, message: `the lesson is not valid: ${errs.slice(0, 6).join('; ')}${errs.length > 6 ? ` (and ${errs.length - 6} more)` : ''}` };
}

/** A lesson link's body back to a validated lesson, or a message. Never throws (the promise always resolves). */
export async function decodeLesson(ref: string, catalog: readonly Device[]): Promise<LessonRead> {
  const m = /^v(\d{1,6})\.(.*)$/s.exec(ref);
  if (!m) return { ok: false, message: `"${ref.slice(0, 40)}" is neither a built-in lesson nor a lesson link` };
  if (Number(m[1]) > LESSON_LINK_VERSION) return { ok: false, message: `the lesson link was made by a newer version of tierplan (lesson link v${m[1]}; this app reads v${LESSON_LINK_VERSION})` };
  if (m[1] === '2') return decodeV2(m[2], catalog);
  return decodeV1(m[1], m[2], catalog);
}

async function decodeV2(body: string, catalog: readonly Device[]): Promise<LessonRead> {
  const dot = body.indexOf('.');
  const sum = body.slice(0, dot);
  if (dot !== 8 || !/^[0-9a-f]{8}$/.test(sum)) return { ok: false, message: "the lesson link's data is truncated or corrupted (no checksum)" };
  const text = await inflateText(body.slice(9));
  if (text === null) return { ok: false, message: "the lesson link's data is truncated or corrupted (it does not decompress)" };
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, message: "the lesson link's data is truncated or corrupted (not JSON after decompression)" };
  }
  const x = unpackLesson(payload, catalog);
  if (!x.ok) return x;
  if (!checksumOk(sum, x.lesson)) return { ok: false, message: "the lesson link's data is truncated or corrupted (checksum mismatch)" };
  return checked(x.lesson);
}

/** v1 (before compact links): the whole lesson, lz-string, catalog devices as "@id". */
function decodeV1(version: string, body: string, catalog: readonly Device[]): LessonRead {
  const u = unpackPayload(body);
  if (!u.ok) return { ok: false, message: u.message.replace("the link's", "the lesson link's") };
  if (version !== '1') return { ok: false, message: `lesson link v${version} is not a format this app reads (v1 and v2)` };
  const p = u.payload;
  if (!isObj(p) || !Array.isArray(p.steps)) return checked(p);
  const steps: unknown[] = [];
  for (const s of p.steps) {
    if (isObj(s) && isObj(s.scenario) && isObj(s.scenario.scenario) && Array.isArray(s.scenario.scenario.devices)) {
      const x = expandDevices(s.scenario.scenario.devices as unknown[], catalog);
      if (!x.ok) return { ok: false, message: `the lesson refers to a built-in device "${x.missing}" that this version of tierplan does not have` };
      steps.push({ ...s, scenario: { scenario: { ...s.scenario.scenario, devices: x.devices } } });
    } else steps.push(s);
  }
  const lesson = { ...p, steps };
  if (!checksumOk(u.sum, lesson)) return { ok: false, message: "the lesson link's data is truncated or corrupted (checksum mismatch)" };
  return checked(lesson);
}

/** A lesson file (JSON), validated. */
export function readLessonFile(text: string): LessonRead {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `the file is not JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  return checked(isObj(x) && isObj(x.lesson) && x.format === 'tierplan-lesson' ? x.lesson : x);
}

export function lessonFile(l: Lesson): string {
  return JSON.stringify({ format: 'tierplan-lesson', version: LESSON_LINK_VERSION, lesson: l }, null, 2);
}

// ---- student codes ----------------------------------------------------------

export interface StudentAnswers {
  lesson: string;
  /** The lesson's title, so a code handed in to the wrong lesson can be named by it (codes before it have none). */
  title?: string;
  name: string;
  /** Step index → prediction. */
  answers: Record<number, Prediction>;
}

export function packPrediction(p: Prediction): number | string | number[] {
  return p.kind === 'number' ? p.value : p.kind === 'choice' ? p.id : p.ys.map((y) => Math.round(y * 100) / 100);
}

export function unpackPrediction(v: unknown): Prediction | null {
  if (typeof v === 'number' && Number.isFinite(v)) return { kind: 'number', value: v };
  if (typeof v === 'string') return { kind: 'choice', id: v };
  if (Array.isArray(v) && v.every((y) => typeof y === 'number' && Number.isFinite(y))) return { kind: 'sketch', ys: v as number[] };
  return null;
}

/** A short code of a student's answers: `TPA1.<crc32>.<payload>`. */
export function encodeAnswers(a: StudentAnswers): string {
  const payload = { l: a.lesson, ...(a.title ? { t: a.title.slice(0, 80) } : {}), n: a.name, a: Object.entries(a.answers).map(([k, p]) => [Number(k), packPrediction(p)]) };
  return CODE_PREFIX + packPayload(payload, payload);
}

export type CodeRead = { ok: true; value: StudentAnswers } | { ok: false; message: string };

export function decodeAnswers(code: string): CodeRead {
  const c = code.trim();
  if (!c.startsWith(CODE_PREFIX)) return { ok: false, message: `it does not start with ${CODE_PREFIX}` };
  const u = unpackPayload(c.slice(CODE_PREFIX.length));
  if (!u.ok) return { ok: false, message: u.message.replace("the link's", "the code's") };
  if (!checksumOk(u.sum, u.payload)) return { ok: false, message: "the code's data is corrupted (checksum mismatch)" };
  const p = u.payload;
  if (!isObj(p) || typeof p.l !== 'string' || !Array.isArray(p.a)) return { ok: false, message: 'the code holds no answers' };
  const answers: Record<number, Prediction> = {};
  for (const e of p.a as unknown[]) {
    const entry = Array.isArray(e) ? (e as unknown[]) : [];
    const pred = Number.isInteger(entry[0]) ? unpackPrediction(entry[1]) : null;
    if (!pred) return { ok: false, message: 'an answer in the code is not readable' };
    answers[entry[0] as number] = pred;
  }
  return { ok: true, value: { lesson: p.l, ...(typeof p.t === 'string' && p.t.trim() ? { title: p.t } : {}), name: typeof p.n === 'string' ? p.n : '', answers } };
}

/** A student's code as the summary read it: where it was pasted, and whether every question is answered. */
export interface ReadCode extends StudentAnswers {
  /** The pasted line it was on (from 1). */
  line: number;
  /** Some of the lesson's questions are not answered (the student handed in early). */
  partial: boolean;
}

export interface CodesRead {
  ok: ReadCode[];
  /** Codes that cannot be read or belong to another lesson, each with its line. */
  problems: string[];
  /** The same code pasted again, counted once. */
  duplicates: number;
  /** Non-empty lines with no code on them (a heading, a greeting, a stray word). */
  ignored: number;
}

// A code as it appears in pasted text: the prefix, the checksum and lz-string's URI-safe alphabet.
// Anything around it (a name before it, punctuation after it) is not part of it.
const CODE_IN_TEXT = /TPA1\.[0-9A-Za-z+\-$.]*/g;

/** "Ana Lima:", "3) Ben –", "Chloé," → the name; a list number alone is no name. */
function nameBefore(text: string): string {
  return text
    .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
    .replace(/[\s:;,\-–—=>|]+$/, '')
    .trim()
    .slice(0, 40);
}

/**
 * Codes pasted as text (a chat, an e-mail, a spreadsheet column): each line is
 * searched for a code, and what is not a code is left out: a name written in
 * front of it ("Ana: TPA1…") is taken as the student's name when the code
 * carries none, and a line with no code at all is skipped (counted in
 * `ignored`), so it shifts no other code's line number. The same code pasted
 * twice (a student who handed in twice, a file dropped twice) counts once.
 * `questions` (the steps that ask something) mark codes that leave some out
 * as partial.
 */
export function readCodes(text: string, lesson: string, questions: readonly number[] = [], titleOf: (id: string) => string | undefined = () => undefined): CodesRead {
  const ok: ReadCode[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let ignored = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const found = [...raw.matchAll(CODE_IN_TEXT)];
    if (found.length === 0) {
      if (raw.trim() !== '') ignored += 1;
      return;
    }
    found.forEach((m, k) => {
      const t = m[0].replace(/\.+$/, '');
      const where = found.length > 1 ? `line ${line}, code ${k + 1}` : `line ${line}`;
      const r = decodeAnswers(t);
      if (!r.ok) problems.push(`${where}: ${r.message}`);
      else if (r.value.lesson !== lesson) {
        // Named by its title (the code's, or a built-in lesson's): a lesson's id ("t-mx03z5on") means nothing to a teacher.
        const title = r.value.title ?? titleOf(r.value.lesson);
        problems.push(`${where}: it is for another lesson${title ? `, "${title}"` : ' (one made before codes carried their lesson\'s title)'}`);
      }
      else if (seen.has(t)) duplicates += 1;
      else {
        seen.add(t);
        const before = found.length === 1 ? nameBefore(raw.slice(0, m.index)) : '';
        ok.push({ ...r.value, name: r.value.name.trim() || before, line, partial: questions.some((q) => !(q in r.value.answers)) });
      }
    });
  });
  return { ok, problems, duplicates, ignored };
}
