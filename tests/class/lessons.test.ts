// Every built-in lesson's answers recomputed with the real wasm core: the
// stated key numbers, the correct choices and the mystery observations must
// agree with what the model produces, so a lesson never teaches a number the
// core does not give.
import { describe, expect, it } from 'vitest';
import { computeOutcome } from '../../src/class/compute';
import { LESSONS } from '../../src/class/lessons';
import { correctChoice, explain, sketchXs } from '../../src/class/model';
import { testEngine } from '../helpers/engine';

const engine = testEngine();

describe('built-in lessons agree with the core', () => {
  it('has at least six lessons, each with steps and teacher notes', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(6);
    for (const l of LESSONS) {
      expect(l.steps.length).toBeGreaterThan(0);
      expect(l.notes.goal.length).toBeGreaterThan(10);
      expect(l.notes.misconceptions.length).toBeGreaterThan(0);
    }
    expect(LESSONS.some((l) => l.steps.some((s) => s.mystery))).toBe(true);
    const kinds = new Set(LESSONS.flatMap((l) => l.steps.map((s) => s.question?.kind)));
    expect([...kinds].sort()).toEqual(['choice', 'number', 'sketch']);
  });

  for (const lesson of LESSONS) {
    lesson.steps.forEach((step, i) => {
      it(`${lesson.id} step ${i + 1}: ${step.title}`, async () => {
        const o = await computeOutcome(engine, step);
        // The stated key number (used in the explanation) is what the core gives.
        expect(Math.abs(o.key - step.answer.expected), `core gives ${o.key}`).toBeLessThanOrEqual(step.answer.tolerance);
        expect(explain(step, o.key)).not.toContain('{');
        const q = step.question;
        if (q?.kind === 'choice') {
          // Exactly one choice describes the core's number, and it is the stated one.
          const matching = q.choices.filter((c) => c.range && o.key >= c.range[0] && o.key <= c.range[1] && !(o.key === c.range[1] && q.choices.some((d) => d !== c && d.range?.[0] === o.key)));
          expect(matching.map((c) => c.id)).toEqual([q.correct]);
          expect(correctChoice(q, o.key)).toBe(q.correct);
        }
        if (q?.kind === 'sketch') {
          expect(o.points.map((p) => p.x)).toEqual(sketchXs(step));
          for (const p of o.points) expect(p.y).toBeLessThanOrEqual(q.yMax);
        }
        if (step.mystery) {
          // The observation reveals the hidden bandwidth: the flash tier runs at its stream capacity.
          const ceiling = await engine.streamsPerBandwidth(step.mystery.value, 245);
          expect(o.key).toBeLessThanOrEqual(ceiling);
          expect(o.key).toBeGreaterThan(ceiling * 0.97);
        }
      });
    });
  }
});
