// 120 student codes as a teacher receives them for "disk-bandwidth" (a
// number, a sketch and a choice): 110 students, 10 of whom stopped after
// the first question; a third typed their name in the app, the rest got one
// written in front ("P7: …", "8) P7 – …", "P7 ….") or none; "thanks!"
// lines between them; and 10 codes handed in twice. Shared by the unit test
// and the e2e test of the class summary.
import { encodeAnswers } from '../../src/class/codec';
import type { Prediction } from '../../src/class/model';

export const CHOICES = ['none', 'some', 'many'] as const;

export interface PastedStudent {
  /** The name the summary should show ('' when none was given anywhere). */
  name: string;
  partial: boolean;
  value: number;
  choice: string | null;
}

export function pastedCodes(): { text: string; students: PastedStudent[]; codeLines: number; chatter: number; duplicates: number } {
  const lines: string[] = ['Codes from the week 3 chat:', ''];
  const students: PastedStudent[] = [];
  const codes: string[] = [];
  let chatter = 1;
  for (let k = 0; k < 110; k++) {
    const partial = k % 11 === 5;
    const inside = k % 3 === 0 ? `S${k}` : '';
    const answers: Record<number, Prediction> = { 0: { kind: 'number', value: k % 100 } };
    if (!partial) {
      answers[1] = { kind: 'sketch', ys: [90, 70, 50, 30, 10, 1, 0.5, 0] };
      answers[2] = { kind: 'choice', id: CHOICES[k % 3] };
    }
    const code = encodeAnswers({ lesson: 'disk-bandwidth', name: inside, answers });
    codes.push(code);
    const outside = `P${k}`;
    lines.push([code, `${outside}: ${code}`, `${k + 1}) ${outside} – ${code}`, `${outside} ${code}.`][k % 4]);
    if (k % 10 === 7) {
      lines.push('thanks!');
      chatter += 1;
    }
    students.push({ name: inside || (k % 4 === 0 ? '' : outside), partial, value: k % 100, choice: partial ? null : CHOICES[k % 3] });
  }
  for (let k = 0; k < 10; k++) lines.push(k % 2 === 0 ? codes[k * 7] : `again: ${codes[k * 7]}`);
  return { text: lines.join('\n'), students, codeLines: 120, chatter, duplicates: 10 };
}
