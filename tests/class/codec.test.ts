// Lesson links, lesson files and student codes: round trips, and damaged or
// invalid input refused with a message that names the problem.
import { describe, expect, it } from 'vitest';
import { classFragment, decodeAnswers, decodeLesson, encodeAnswers, encodeLesson, lessonFile, lessonProblems, parseClassHash, readCodes, readLessonFile } from '../../src/class/codec';
import { LESSONS } from '../../src/class/lessons';
import { grade, type Lesson, type Prediction } from '../../src/class/model';
import { histogramBins } from '../../src/class/histogram';
import { simApi } from '../helpers/wasm';
import { CHOICES, pastedCodes } from '../helpers/class-codes';

const api = simApi();
const catalog = api.devicePresets();

function authored(): Lesson {
  const s = api.preset('mmsys11-fig9-dram');
  return {
    id: 't-test',
    title: 'A teacher lesson',
    summary: '',
    notes: { goal: 'g', misconceptions: ['m'], leavesOut: 'l' },
    steps: [
      {
        title: 'One',
        text: 'first',
        scenario: { scenario: s },
        shown: [{ path: 'workload.arrival_rate', label: 'Arrival rate', unit: 'requests/s' }],
        free: ['workload.arrival_rate'],
        measure: { kind: 'run', metric: 'hit' },
        question: { kind: 'number', prompt: 'How much?', unit: '%', min: 0, max: 100, step: 1 },
        answer: { expected: 25, tolerance: 5, unit: '%', label: 'hit ratio' },
        explanation: 'It is {answer}.',
      },
    ],
  };
}

describe('lesson links', () => {
  it('round-trips a teacher lesson with its whole scenario; catalog devices travel as @id', async () => {
    const l = authored();
    const ref = await encodeLesson(l, catalog);
    expect(ref).toMatch(/^v2\.[0-9a-f]{8}\./);
    const plain = JSON.stringify(l).length;
    expect(ref.length).toBeLessThan(plain / 2);
    const back = await decodeLesson(ref, catalog);
    expect(back).toEqual({ ok: true, lesson: l });
  });

  it('round-trips every built-in lesson', async () => {
    for (const l of LESSONS) expect(await decodeLesson(await encodeLesson(l, catalog), catalog)).toEqual({ ok: true, lesson: l });
  });

  it('refuses a tampered, truncated or newer link with a message', async () => {
    const ref = await encodeLesson(authored(), catalog);
    const i = ref.length - 12;
    const tampered = ref.slice(0, i) + (ref[i] === 'A' ? 'B' : 'A') + ref.slice(i + 1);
    const t = await decodeLesson(tampered, catalog);
    expect(t.ok).toBe(false);
    expect(!t.ok && t.message).toMatch(/corrupted|not valid/);
    const cut = await decodeLesson(ref.slice(0, 40), catalog);
    expect(!cut.ok && cut.message).toMatch(/corrupted/);
    const newer = await decodeLesson(`v9.${ref.slice(3)}`, catalog);
    expect(!newer.ok && newer.message).toMatch(/newer version/);
    expect((await decodeLesson('no-such-lesson', catalog)).ok).toBe(false);
  });

  it('reads the fragment: lesson, step, presenter and embed flags', () => {
    expect(parseClassHash('#lesson=skew&step=2&present&embed')).toEqual({ ref: 'skew', step: 1, present: true, embed: true, teacher: false, room: null });
    expect(parseClassHash('#lesson=skew')).toEqual({ ref: 'skew', step: 0, present: false, embed: false, teacher: false, room: null });
    // A live room's code, from the presenter's QR; anything else there is no room.
    expect(parseClassHash('#lesson=skew&room=k7qf')?.room).toBe('K7QF');
    expect(parseClassHash('#lesson=skew&room=<b>')?.room).toBeNull();
    expect(classFragment('skew', { room: 'K7QF' })).toBe('#lesson=skew&room=K7QF');
    expect(parseClassHash('#lesson=skew&teacher')?.teacher).toBe(true);
    expect(classFragment('skew', { step: 0, teacher: true })).toBe('#lesson=skew&teacher');
    expect(parseClassHash('#v1.abc')).toBeNull();
    expect(classFragment('skew', { step: 1, embed: true })).toBe('#lesson=skew&step=2&embed');
  });
});

describe('lesson validation', () => {
  it('names the fields that are wrong', () => {
    const l = authored() as unknown as { steps: Record<string, unknown>[] };
    l.steps[0].answer = { expected: 'lots', tolerance: -1, unit: '%', label: '' };
    l.steps[0].measure = { kind: 'run', metric: 'speed' };
    const errs = lessonProblems(l);
    expect(errs).toContain('steps[0].answer.expected: must be a number');
    expect(errs).toContain('steps[0].answer.tolerance: must be 0 or more');
    expect(errs.some((e) => e.startsWith('steps[0].measure.metric: must be one of'))).toBe(true);
    expect(lessonProblems({ title: '' })[0]).toBe('id: must be non-empty text');
    expect(lessonProblems(null)).toEqual(['lesson: must be an object with id, title, summary, notes and steps']);
  });

  it('reads a lesson file it wrote, and explains a broken one', () => {
    const l = authored();
    expect(readLessonFile(lessonFile(l))).toEqual({ ok: true, lesson: l });
    const bad = readLessonFile('{"format":"tierplan-lesson","lesson":{"id":"x","title":"T","steps":[]}}');
    expect(!bad.ok && bad.message).toMatch(/steps: must be a non-empty list/);
    const notJson = readLessonFile('{oops');
    expect(!notJson.ok && notJson.message).toMatch(/not JSON/);
  });

  it('every built-in lesson is valid', () => {
    for (const l of LESSONS) expect(lessonProblems(l), l.id).toEqual([]);
  });
});

describe('student codes', () => {
  it('round-trip number, choice and sketch answers in a short code', () => {
    const answers: Record<number, Prediction> = { 0: { kind: 'number', value: 42 }, 1: { kind: 'sketch', ys: [10, 20.5, 30] } };
    const code = encodeAnswers({ lesson: 'skew', name: 'Ana', answers });
    expect(code.length).toBeLessThan(120);
    const back = decodeAnswers(code);
    expect(back).toEqual({ ok: true, value: { lesson: 'skew', name: 'Ana', answers: { 0: { kind: 'number', value: 42 }, 1: { kind: 'sketch', ys: [10, 20.5, 30] } } } });
  });

  it('reads many codes, reporting bad ones and other lessons by line, skipping lines that hold no code', () => {
    const c1 = encodeAnswers({ lesson: 'skew', name: '', answers: { 0: { kind: 'number', value: 30 } } });
    const c2 = encodeAnswers({ lesson: 'skew', name: '', answers: { 0: { kind: 'number', value: 50 } } });
    const other = encodeAnswers({ lesson: 'mlc-wear', name: '', answers: { 0: { kind: 'number', value: 5 } } });
    const broken = c1.slice(0, -3) + 'xyz';
    const r = readCodes(`${c1}\n${c2}\n\n${other}\n${broken}\nhello`, 'skew');
    expect(r.ok.map((s) => s.answers[0])).toEqual([
      { kind: 'number', value: 30 },
      { kind: 'number', value: 50 },
    ]);
    expect(r.problems).toHaveLength(2);
    expect(r.problems[0]).toMatch(/^line 4: it is for another lesson/);
    expect(r.problems[1]).toMatch(/^line 5: /);
    expect(r.ignored).toBe(1);
    expect(r.duplicates).toBe(0);
  });

  it('names another lesson by its title, never by its internal id', () => {
    const teachers = encodeAnswers({ lesson: 't-mx03z5on', title: 'Caching for beginners', name: '', answers: { 0: { kind: 'number', value: 5 } } });
    const builtIn = encodeAnswers({ lesson: 'mlc-wear', name: '', answers: { 0: { kind: 'number', value: 5 } } });
    const old = encodeAnswers({ lesson: 't-old', name: '', answers: { 0: { kind: 'number', value: 5 } } });
    const titleOf = (id: string) => LESSONS.find((l) => l.id === id)?.title;
    const r = readCodes(`${teachers}\n${builtIn}\n${old}`, 'skew', [0], titleOf);
    expect(r.problems[0]).toBe('line 1: it is for another lesson, "Caching for beginners"');
    expect(r.problems[1]).toBe(`line 2: it is for another lesson, "${LESSONS.find((l) => l.id === 'mlc-wear')!.title}"`);
    expect(r.problems[2]).toMatch(/^line 3: it is for another lesson \(/);
    for (const p of r.problems) expect(p).not.toMatch(/t-mx03z5on|mlc-wear|t-old/);
  });

  it('counts the same code pasted twice once, and says how many were dropped', () => {
    const c1 = encodeAnswers({ lesson: 'skew', name: 'Ana', answers: { 0: { kind: 'number', value: 30 } } });
    const c2 = encodeAnswers({ lesson: 'skew', name: 'Ben', answers: { 0: { kind: 'number', value: 30 } } });
    const r = readCodes(`${c1}\n${c2}\n${c1}\n ${c1}`, 'skew');
    expect(r.ok.map((s) => s.name)).toEqual(['Ana', 'Ben']);
    expect(r.duplicates).toBe(2);
    expect(r.problems).toEqual([]);
  });

  it('reads 120 pasted codes: names in front, duplicates, partial hand-ins, chatter between them', () => {
    // disk-bandwidth asks at steps 0 (a number), 1 (a sketch) and 2 (a choice).
    const lesson = LESSONS.find((l) => l.id === 'disk-bandwidth')!;
    const questions = lesson.steps.flatMap((s, i) => (s.question ? [i] : []));
    expect(questions).toEqual([0, 1, 2]);
    const { text, students, codeLines, chatter, duplicates } = pastedCodes();
    expect(text.split('\n').filter((l) => l.includes('TPA1.'))).toHaveLength(codeLines);
    const r = readCodes(text, 'disk-bandwidth', questions);
    expect(r.problems).toEqual([]);
    expect(r.ok).toHaveLength(110);
    expect(r.duplicates).toBe(duplicates);
    expect(r.ignored).toBe(chatter); // the heading and eleven "thanks!"
    expect(chatter).toBe(12);
    expect(r.ok.filter((s) => s.partial)).toHaveLength(10);
    expect(r.ok.map((s) => s.name)).toEqual(students.map((e) => e.name));
    expect(r.ok.map((s) => s.partial)).toEqual(students.map((e) => e.partial));
    expect(r.ok.map((s) => (s.answers[0] as { value: number }).value)).toEqual(students.map((e) => e.value));
    // Per question: 110 numbers, 100 sketches and 100 choices, split as pasted.
    expect(r.ok.filter((s) => s.answers[1]?.kind === 'sketch')).toHaveLength(100);
    for (const c of CHOICES) {
      const n = r.ok.filter((s) => s.answers[2]?.kind === 'choice' && (s.answers[2] as { id: string }).id === c).length;
      expect(n, c).toBe(students.filter((e) => e.choice === c).length);
    }
    // Line numbers are the pasted lines (the heading and blank line first).
    expect(r.ok[0].line).toBe(3);
  });
});

describe('grading', () => {
  it('says how far off a number is and whether it is within the tolerance', () => {
    const step = authored().steps[0];
    const o = { key: 25.2, points: [{ x: 0, y: 25.2 }] };
    expect(grade(step, { kind: 'number', value: 22 }, o)).toEqual({ right: true, text: 'Within the tolerance: 3.20 percentage points (13 % of the answer) too low.' });
    expect(grade(step, { kind: 'number', value: 60 }, o).right).toBe(false);
    expect(grade(step, { kind: 'number', value: 60 }, o).text).toMatch(/^Off by 34.8 percentage points /);
  });
});

describe('class histogram', () => {
  it('puts every prediction in exactly one bin, the top value in the last real bin', () => {
    const { domain, bins } = histogramBins([40, 70, 85, 82, 60], 83.7);
    expect(domain).toEqual([40, 85]);
    expect(bins.reduce((a, b) => a + b.n, 0)).toBe(5);
    expect(bins.every((b) => b.x1 > b.x0)).toBe(true);
    expect(bins[bins.length - 1]).toEqual({ x0: 80, x1: 85, n: 2 });
  });

  it('spans the question\'s range when given (0–100 for a percentage), whatever the answers', () => {
    const { domain, bins } = histogramBins([40, 70, 85, 82, 60], 65.7, 10, [0, 100]);
    expect(domain).toEqual([0, 100]);
    expect(bins).toHaveLength(10);
    expect(bins.reduce((a, b) => a + b.n, 0)).toBe(5);
    expect(bins.find((b) => b.x0 === 80)).toEqual({ x0: 80, x1: 90, n: 2 });
  });

  it('widens a domain where everyone gave the same answer', () => {
    const { bins } = histogramBins([50, 50, 50], null);
    expect(bins.reduce((a, b) => a + b.n, 0)).toBe(3);
  });
});
