// The figure's time left from measured progress (src/shared/timeLeft.ts) fed a
// synthetic progressive schedule on two workers: passes of runs with
// different costs, noisy real durations, saturated runs that end early, a
// pause at every pass's end while the last run finishes, progress reported
// every 100 ms as the pool reports it. The estimate must hold (within ±20 %
// of the true remaining time) from the 5th second, and follow the machine
// when it slows down.
import { describe, expect, it } from 'vitest';
import { TimeLeft, knownWork } from '../../src/shared/timeLeft';

/** A deterministic generator in [0, 1) (a 32-bit LCG), so the test is the same every time. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Run {
  cost: number;
  /** Real duration at the nominal machine speed, ms. */
  ms: number;
  /** What its progress reports count towards: the full length, longer than `ms` when it stops early. */
  fullMs: number;
}

function shuffle<T>(xs: T[], rnd: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Passes as the core lays them out: five series of different costs, the block one saturated (early end) at most rates. */
function schedule(seed: number): Run[][] {
  const rnd = lcg(seed);
  const series = [
    { cost: 1, saturatedShare: 0 },
    { cost: 9, saturatedShare: 0.9 },
    { cost: 3, saturatedShare: 0.3 },
    { cost: 5, saturatedShare: 0.25 },
    { cost: 1.5, saturatedShare: 0 },
  ];
  // Each pass runs the series' points mixed (the order the core gives is its own), here shuffled.
  const pass = (rates: number) =>
    shuffle(
      series.flatMap((s) =>
        Array.from({ length: rates }, (): Run => {
          // 80 ms a cost unit, ±30 % noise; a saturated run stops at a quarter of its length.
          const fullMs = s.cost * 80 * (0.7 + 0.6 * rnd());
          return { cost: s.cost, fullMs, ms: rnd() < s.saturatedShare ? fullMs / 4 : fullMs };
        }),
      ),
      rnd,
    );
  return [pass(6), pass(6), pass(13), pass(25), pass(25)];
}

interface Reading {
  t: number;
  estimate: number | null;
  truth: number;
}

/**
 * Runs the passes on `workers` workers (first in, first out, the next pass
 * asked for once a pass is done), feeding the estimator every `tick` ms as
 * the hook does: work = finished costs + fraction × cost of runs in flight,
 * left = all cost not yet done. `slow(t)` stretches real time (a busier machine).
 */
function simulate(passes: Run[][], workers = 2, tick = 100, slow: (t: number) => number = () => 1): Reading[] {
  const total = passes.flat().reduce((a, r) => a + r.cost, 0);
  const eta = new TimeLeft(0);
  const readings: { t: number; estimate: number | null }[] = [];
  let t = 0;
  let finished = 0;
  for (const pass of passes) {
    const queue = [...pass];
    const flight: { run: Run; doneMs: number }[] = [];
    while (queue.length > 0 || flight.length > 0) {
      while (flight.length < workers && queue.length > 0) flight.push({ run: queue.shift()!, doneMs: 0 });
      t += tick;
      for (const f of flight) f.doneMs += tick / slow(t);
      for (const f of flight.filter((x) => x.doneMs >= x.run.ms)) {
        finished += f.run.cost;
        flight.splice(flight.indexOf(f), 1);
      }
      const inFlight = flight.reduce((a, f) => a + (f.doneMs / f.run.fullMs) * f.run.cost, 0);
      const work = finished + inFlight;
      eta.record(t, work);
      readings.push({ t, estimate: eta.estimate(t, total - work) });
    }
  }
  return readings.map((r) => ({ ...r, truth: t - r.t }));
}

const at = (rs: Reading[], t: number) => rs.find((r) => r.t >= t)!;
const error = (r: Reading) => Math.abs(r.estimate! - r.truth) / r.truth;

describe('TimeLeft', () => {
  it('does not count the wait before any work (workers starting) as the pace', () => {
    // 1.5 s with nothing done, then 1 unit of work per 100 ms.
    const eta = new TimeLeft(0);
    for (let t = 0; t <= 1_500; t += 100) eta.record(t, 0);
    for (let k = 1; k <= 35; k++) eta.record(1_500 + k * 100, k);
    // At 5 s: 35 units done, 65 left at 10 units a second.
    const left = eta.estimate(5_000, 65)!;
    expect(left).toBeCloseTo(6_500, 0);
  });

  it('reads the pace over the recent half of the time since work started, so slow first seconds do not drag it', () => {
    // Nothing for 0.3 s, then 2 s at half pace (setting up, compiling), then 1 unit per 100 ms.
    const eta = new TimeLeft(0);
    eta.record(300, 0);
    for (let k = 1; k <= 20; k++) eta.record(300 + k * 100, k * 0.5);
    for (let k = 1; k <= 27; k++) eta.record(2_300 + k * 100, 10 + k);
    // At 5 s: 37 units done and 63 left at 10 a second; over the whole 4.7 s the pace would read 7.9 a second (27 % long).
    expect(eta.estimate(5_000, 63)!).toBeCloseTo(6_300, 0);
  });

  it('says nothing before the 5th second, then holds within ±20 % at 5, 10, 20 s and halfway', () => {
    for (const seed of [1, 2, 3]) {
      const rs = simulate(schedule(seed));
      const end = rs[rs.length - 1].t;
      expect(end, 'the synthetic figure lasts long enough to read at 20 s').toBeGreaterThan(40_000);
      // Nothing before the 5th second (from 4 s on), then an estimate at every tick.
      expect(rs.filter((r) => r.t < 4_000).every((r) => r.estimate === null)).toBe(true);
      expect(rs.filter((r) => r.t >= 4_000 && r.t < end).every((r) => r.estimate !== null)).toBe(true);
      for (const t of [5_000, 10_000, 20_000, end / 2]) {
        const r = at(rs, t);
        expect(r.estimate, `seed ${seed} at ${t} ms`).not.toBeNull();
        expect(error(r), `seed ${seed} at ${t} ms: ${r.estimate} ms said, ${r.truth} ms true`).toBeLessThan(0.2);
      }
      // Near the end it converges on the truth (a few seconds off at most).
      const late = at(rs, end - 5_000);
      expect(Math.abs(late.estimate! - late.truth)).toBeLessThan(2_500);
    }
  });

  it('follows a machine that slows down (the window forgets the faster past)', () => {
    const passes = schedule(7);
    // From 15 s on, everything takes 1.8 times as long (other work on the machine).
    const rs = simulate(passes, 2, 100, (t) => (t > 15_000 ? 1.8 : 1));
    const end = rs[rs.length - 1].t;
    // Right after the change the estimate is short: it was measured on the faster machine.
    expect(at(rs, 15_500).estimate!).toBeLessThan(at(rs, 15_500).truth * 0.8);
    // One window later it holds again.
    for (const t of [32_000, (15_000 + end) / 2]) expect(error(at(rs, t)), `at ${t} ms`).toBeLessThan(0.2);
  });

  it('counts replications still to come of points already run by how long their runs took, the rest by the pace', () => {
    // 1 unit per 100 ms measured; 300 units left, 200 of them two more runs (cost 100 each) of a point whose runs took 3 s
    // (near a knee a run is slower than its cost says): at the pace alone 30 s, but those runs take 2 × 3 s of one worker.
    const eta = new TimeLeft(0, { showAfterMs: 0 });
    for (let k = 1; k <= 100; k++) eta.record(k * 100, k);
    const known = knownWork([{ runs: 2, cost: 100, lengths: [3_000], finishedSince: 0, inFlight: [] }]);
    expect(known).toEqual({ units: 200, workerMs: 6_000, longestMs: 6_000 });
    // On two workers: the 100 other units at the pace (10 s) and 6 s of runs shared (3 s).
    expect(eta.estimate(10_000, 300, known, 2)).toBeCloseTo(13_000, 6);
    // Nothing else left: the point's runs follow one another, however many workers.
    const only = knownWork([{ runs: 2, cost: 100, lengths: [2_000, 4_000], finishedSince: 0, inFlight: [] }]);
    expect(eta.estimate(10_000, 200, only, 4)).toBeCloseTo(6_000, 6);
    // Without known work it is the pace alone.
    expect(eta.estimate(10_000, 300)).toBeCloseTo(30_000, 6);
  });

  it('takes out of a point\'s known runs those finished since the core answered and the part of those in flight', () => {
    const chain = { runs: 3, cost: 50, lengths: [1_000, 1_200] };
    // One finished since, one in flight for 400 ms of its 1.1 s (reporting 30 % done), one not started.
    const k = knownWork([{ ...chain, finishedSince: 1, inFlight: [{ fraction: 0.3, elapsedMs: 400 }] }]);
    expect(k.units).toBeCloseTo(0.7 * 50 + 50, 9);
    expect(k.workerMs).toBeCloseTo(700 + 1_100, 9);
    // A run still queued counts whole; a point whose runs were never timed is left to the pace.
    const q = knownWork([
      { ...chain, finishedSince: 0, inFlight: [{ fraction: 0, elapsedMs: null }] },
      { runs: 2, cost: 80, lengths: [], finishedSince: 0, inFlight: [] },
    ]);
    expect(q).toEqual({ units: 150, workerMs: 3_300, longestMs: 3_300 });
    // More finished than the core expected (it answers later): nothing left of the point.
    expect(knownWork([{ ...chain, finishedSince: 4, inFlight: [] }])).toEqual({ units: 0, workerMs: 0, longestMs: 0 });
  });

  it('reads the speed over the window and ignores work that goes back', () => {
    const eta = new TimeLeft(0, { windowMs: 10_000, showAfterMs: 0 });
    expect(eta.speed()).toBeNull();
    eta.record(10_000, 10);
    expect(eta.speed()).toBeCloseTo(0.001, 12);
    eta.record(20_000, 30);
    // Over the last 10 s only: 20 units in 10 s.
    expect(eta.speed()).toBeCloseTo(0.002, 12);
    eta.record(25_000, 25);
    // No progress counted backwards: 30 units at 25 s, window from 15 s (interpolated 20 units).
    expect(eta.speed()).toBeCloseTo(0.001, 12);
    expect(eta.estimate(25_000, 50)).toBeCloseTo(50_000, 6);
    expect(eta.estimate(25_000, -3)).toBe(0);
  });
});
