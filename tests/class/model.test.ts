// The explanation's placeholders and the student's answer file name.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/class/lessons';
import { explain, type Step } from '../../src/class/model';
import { answerFileName } from '../../src/class/ClassSummary';

const step = LESSONS.find((l) => l.id === 'disk-bandwidth')!.steps[0];
const withText = (explanation: string): Step => ({ ...step, explanation });

describe('explain', () => {
  it('writes the unit once when the author wrote it after {answer} (issue 51: "65.7 % %")', () => {
    expect(step.answer.unit).toBe('%');
    expect(explain(withText('{answer} %'), 65.66)).toBe('65.7 %');
    expect(explain(withText('It is {answer}%.'), 65.66)).toBe('It is 65.7 %.');
    expect(explain(withText('{answer} of requests'), 65.66)).toBe('65.7 % of requests');
    // Only the unit itself: a word that starts like it is kept.
    const streams: Step = { ...step, answer: { ...step.answer, unit: 'streams' } };
    expect(explain({ ...streams, explanation: '{answer} streams, {answer} streamsets' }, 3)).toBe('3 streams, 3 streams streamsets');
  });

  it('does the same for the hidden value of a mystery step', () => {
    const m = LESSONS.flatMap((l) => l.steps).find((s) => s.mystery)!;
    expect(explain({ ...m, explanation: 'It was {hidden} MB/s.' }, 1)).toBe(`It was ${m.mystery!.value} MB/s.`);
  });
});

describe('answer file names', () => {
  it('tell apart students, lessons and times', () => {
    const at = new Date(2026, 10, 28, 9, 5);
    expect(answerFileName('Disks run out of bandwidth before space', 'Chloé M.', 2, 3, at)).toBe('answers-disks-run-out-of-bandwidth-before-space-chloe-m-2-of-3-2026-11-28-0905.txt');
    expect(answerFileName('Skew!', '', 1, 1, at)).toBe('answers-skew-1-of-1-2026-11-28-0905.txt');
    expect(answerFileName('Skew!', 'Ana', 1, 1, at)).not.toBe(answerFileName('Skew!', 'Ben', 1, 1, at));
    expect(answerFileName('Skew!', 'Ana', 1, 1, at)).not.toBe(answerFileName('Skew!', 'Ana', 1, 1, new Date(2026, 10, 28, 9, 6)));
    expect(answerFileName('', '', 0, 2, at)).toBe('answers-lesson-0-of-2-2026-11-28-0905.txt');
  });
});
