// An authored multiple-choice key, checked by the core. Each choice may end
// with the range of the step's number it stands for ("Most are rejected
// [50–100]"); the simulated number then says which choice is right, and a
// teacher's tick that disagrees is a conflict the author must settle.
import type { Choice, Question } from './model';

const RANGE = /\[\s*(-?\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(-?\d+(?:\.\d+)?)\s*\]\s*$/;

/** The choices written one per line, each with its range if it has one; problems name the line. */
export function parseChoices(text: string): { choices: Choice[]; errors: string[] } {
  const errors: string[] = [];
  const choices = text
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((line, i): Choice => {
      const m = RANGE.exec(line);
      const id = `c${i + 1}`;
      if (!m) {
        if (/\[[^\]]*\]\s*$/.test(line)) errors.push(`Choices, line ${i + 1}: write the range as [low–high], e.g. [0–10]`);
        return { id, text: line };
      }
      const lo = Number(m[1]);
      const hi = Number(m[2]);
      if (lo > hi) errors.push(`Choices, line ${i + 1}: the range's low end (${lo}) is above its high end (${hi})`);
      return { id, text: line.slice(0, m.index).trim(), range: [lo, hi] };
    });
  return { choices, errors };
}

export type KeyCheck =
  /** Every choice has a range and the simulated number falls in the ticked one's. */
  | { status: 'agrees'; key: number }
  /** The simulated number falls in another choice's range (or in none: `hit` null). */
  | { status: 'conflict'; key: number; hit: string | null }
  /** Some choice has no range: the simulation cannot judge the key. */
  | { status: 'unchecked'; key: number };

/** The ticked key of a choice question against the core's number. */
export function checkKey(q: Extract<Question, { kind: 'choice' }>, key: number): KeyCheck {
  if (q.choices.some((c) => !c.range)) return { status: 'unchecked', key };
  const hit = q.choices.find((c) => c.range && key >= c.range[0] && key <= c.range[1]);
  if (hit && hit.id === q.correct) return { status: 'agrees', key };
  return { status: 'conflict', key, hit: hit?.id ?? null };
}
