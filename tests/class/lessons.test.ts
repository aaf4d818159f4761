// Every built-in lesson's answers recomputed with the real wasm core: the
// stated key numbers, the correct choices and the mystery observations must
// agree with what the model produces, so a lesson never teaches a number the
// core does not give.
import { describe, expect, it } from 'vitest';
import { computeOutcome, stepScenario } from '../../src/class/compute';
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
        if (step.measure.kind === 'sweep' && step.measure.overlay === 'erlang-b') {
          // HDD only is a loss system: the simulation follows Erlang B point by point.
          o.overlay!.points.forEach((p, k) => expect(Math.abs(p.y - o.points[k].y), `at ${p.x}`).toBeLessThan(2));
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

// The figures the explanations quote beside {answer}, recomputed from the core.
describe('explanation figures agree with the core', () => {
  const step = (lesson: string, i: number) => LESSONS.find((l) => l.id === lesson)!.steps[i];
  const flash = async (set: Record<string, string>) => {
    const s = await stepScenario(engine, { ...step('mlc-wear', 0), scenario: { preset: 'mlc-interval-cache', set } });
    const r = await engine.run(s);
    return { write: r.flash[0].host_write_mbps.mean, wa: r.flash[0].write_amplification, buffered: r.summary.buffered_streams.mean };
  };

  it('stream capacities of a disk and an SSD (292, 647; 13 disks carry 3 796)', async () => {
    expect(await engine.streamsPerBandwidth(70, 245)).toBe(292);
    expect(await engine.streamsPerBandwidth(155, 245)).toBe(647);
    expect(13 * (await engine.streamsPerBandwidth(70, 245))).toBe(3796);
    expect(step('disk-bandwidth', 2).explanation).toContain('3 796');
  });

  it('a 64 GB SSD holds 76 one-hour videos and, as is, serves about 600 of its 647 streams', async () => {
    expect(Math.floor((64 * 1024) / ((245 * 3600) / 1024))).toBe(76);
    const o = await computeOutcome(engine, step('flash-capacity-bandwidth', 0));
    expect(o.points[0].y).toBeGreaterThan(570);
    expect(o.points[0].y).toBeLessThan(630);
    // Either limit alone adds a few percent; both together far more.
    for (const i of [1, 2]) expect(o.points[i].y / o.points[0].y).toBeLessThan(1.1);
    expect(o.points[3].y / o.points[0].y).toBeGreaterThan(1.3);
  });

  it('MLC vs SLC interval cache: write rates 59 and 290 MB/s, WA 7.8 and 2.5, about five times the streams', async () => {
    const mlc = await flash({});
    const slc = await flash({ 'tiers.interval_cache.device': 'slc_fusionio' });
    expect(mlc.write).toBeCloseTo(59, 0);
    expect(mlc.wa).toBeCloseTo(7.8, 1);
    expect(slc.write / 10).toBeCloseTo(29, 0);
    expect(slc.wa).toBeCloseTo(2.5, 1);
    expect(slc.buffered / mlc.buffered).toBeGreaterThan(4.5);
    expect(slc.buffered / mlc.buffered).toBeLessThan(5.5);
  });

  it('skew: about a quarter of the bytes at s = 0, three times that at s = 1', async () => {
    const o = await computeOutcome(engine, step('skew', 1));
    expect(o.points[0].y).toBeGreaterThan(22);
    expect(o.points[0].y).toBeLessThan(30);
    expect(o.key / o.points[0].y).toBeGreaterThan(2.7);
    expect(o.key / o.points[0].y).toBeLessThan(3.3);
  });

  it("FAST'12: the optimum u = 92 % splits 4 GB into 3.68 GB caching and 0.32 GB spare, and C(u) climbs steeply after it", async () => {
    const s = await stepScenario(engine, step('overprovisioning', 0));
    const report = await engine.costModel(s.cost_model!);
    expect(report.partition.caching_gb).toBeCloseTo(3.68, 2);
    expect(report.partition.over_provisioning_gb).toBeCloseTo(0.32, 2);
    const o = await computeOutcome(engine, step('overprovisioning', 0));
    const best = Math.min(...o.points.map((p) => p.y));
    expect(o.points[o.points.length - 1].y).toBeGreaterThan(2 * best);
  });

  it('streams per dollar: HDD only 1.46, SSD + HDD about 2.4 times that', async () => {
    const o = await computeOutcome(engine, step('streams-per-dollar', 0));
    expect(o.points[0].y).toBeCloseTo(1.46, 2);
    expect(o.points[2].y / o.points[0].y).toBeGreaterThan(2.3);
    expect(o.points[2].y / o.points[0].y).toBeLessThan(2.5);
  });
});
