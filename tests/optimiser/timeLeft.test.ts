// The optimiser's time left (src/optimiser/progress.ts's SearchTimeLeft), fed
// as the search driver feeds it — the core's counts and its bound
// `left_at_most` at every report — by a synthetic cost-ordered search on two
// workers on a fake clock: three architectures' configurations merged by
// cost, pruned ones decided on the search's worker (20 ms each), the others
// simulated with noisy lengths that grow with the configuration's size, each
// architecture stopping at its cheapest passing configuration. Until every
// architecture has one, the time is an upper limit ("up to") and must not
// fall short of the truth; a search whose architectures find none examines
// every configuration, its bound is exact, and the time must hold within
// ±25 % from the 10th second, when it is first shown.
import { describe, expect, it } from 'vitest';
import type { ArchitectureResult, OptimizeResult, SearchProgress } from '../../src/engine/types';
import { SearchTimeLeft, decidedCount, searchLeftText, type SearchLeft } from '../../src/optimiser/progress';

/** A deterministic generator in [0, 1) (a 32-bit LCG), so the test is the same every time. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type St = 'pending' | 'pruned' | 'flying' | 'pass' | 'fail';

interface Arch {
  cost: number[];
  /** Predetermined: the necessary conditions exclude it / it passes when simulated / its simulation's length, ms. */
  prunable: boolean[];
  passes: boolean[];
  ms: number[];
  status: St[];
  best: number | null;
  simulated: number;
  pruned: number;
  done: boolean;
}

/** `firstPass`: no configuration cheaper passes (Infinity: none at all). */
function space(rnd: () => number, n: number, firstPass: number, pruneShare: number): Arch {
  let c = 0;
  const cost = Array.from({ length: n }, () => (c += 1 + rnd()));
  const passes = Array.from({ length: n }, (_, i) => i >= firstPass && rnd() < 0.7);
  return {
    cost,
    passes,
    prunable: passes.map((p) => !p && rnd() < pruneShare),
    // 150–450 ms, and up to half as long again for the largest configurations (a simulation's work is mostly
    // the workload's events, the same for every configuration; more devices add some).
    ms: cost.map((_, i) => (150 + 300 * rnd()) * (1 + (0.5 * i) / n)),
    status: Array.from({ length: n }, (): St => 'pending'),
    best: null,
    simulated: 0,
    pruned: 0,
    done: false,
  };
}

/** The core's bound (search.rs's `left_at_most`): in flight, and pending below the cheapest passing one (or the end). */
function leftAtMost(a: Arch): number {
  const flying = a.status.filter((s) => s === 'flying').length;
  if (a.done) return flying;
  return flying + a.status.slice(0, a.best ?? a.status.length).filter((s) => s === 'pending').length;
}

function conclude(a: Arch) {
  const limit = a.best ?? a.status.length;
  a.done = a.status.slice(0, limit).every((s) => s === 'pruned' || s === 'fail');
}

interface Reading {
  t: number;
  left: SearchLeft | null;
  bounded: boolean;
  done: boolean;
  truth: number;
}

function simulate(seed: number, firstPass: [number, number, number], workers = 2): Reading[] {
  const rnd = lcg(seed);
  const archs = [space(rnd, 420, firstPass[0], 0.6), space(rnd, 300, firstPass[1], 0.5), space(rnd, 160, firstPass[2], 0.7)];
  const snapshot = (): { search: SearchProgress; partial: OptimizeResult } => {
    const architectures = archs.map((a) => ({ simulated: a.simulated, pruned: a.pruned, analytic_rejected: 0, done: a.done, left_at_most: leftAtMost(a) }));
    const done = archs.every((a) => a.done);
    const search = {
      done,
      left_at_most: architectures.reduce((n, a) => n + a.left_at_most, 0),
      bounded_by_passing: archs.every((a) => a.done || a.best !== null),
    } as SearchProgress;
    return { search, partial: { architectures: architectures as unknown as ArchitectureResult[] } as OptimizeResult };
  };
  const eta = new SearchTimeLeft(0);
  const readings: Omit<Reading, 'truth'>[] = [];
  const flight: { a: number; pos: number; end: number }[] = [];
  let t = 0;
  const next = (): { a: number; pos: number } | null => {
    let pick: { a: number; pos: number } | null = null;
    archs.forEach((a, k) => {
      if (a.done) return;
      const pos = a.status.findIndex((s, i) => s === 'pending' && i < (a.best ?? a.status.length));
      if (pos >= 0 && (!pick || a.cost[pos] < archs[pick.a].cost[pick.pos])) pick = { a: k, pos };
    });
    return pick;
  };
  for (;;) {
    // Fill the free workers cheapest first; a pruned configuration costs the search 20 ms and issues nothing.
    while (flight.length < workers) {
      const n = next();
      if (!n) break;
      const a = archs[n.a];
      if (a.prunable[n.pos]) {
        t += 20;
        a.status[n.pos] = 'pruned';
        a.pruned++;
        conclude(a);
        continue;
      }
      a.status[n.pos] = 'flying';
      flight.push({ ...n, end: t + a.ms[n.pos] });
    }
    if (flight.length === 0) break;
    flight.sort((x, y) => x.end - y.end);
    const f = flight.shift()!;
    t = Math.max(t, f.end);
    const a = archs[f.a];
    a.simulated++;
    a.status[f.pos] = a.passes[f.pos] ? 'pass' : 'fail';
    if (a.passes[f.pos] && (a.best === null || f.pos < a.best)) a.best = f.pos;
    conclude(a);
    const { search, partial } = snapshot();
    readings.push({ t, left: eta.update(t, search, partial), bounded: search.bounded_by_passing, done: search.done });
  }
  return readings.map((r) => ({ ...r, truth: t - r.t }));
}

const at = (rs: Reading[], t: number) => rs.find((r) => r.t >= t)!;

describe('the optimiser search\'s time left', () => {
  it('is an upper limit that does not fall short while an architecture has found no passing configuration', () => {
    for (const seed of [1, 2, 3]) {
      const rs = simulate(seed, [230, 120, 40]);
      const end = rs[rs.length - 1].t;
      expect(end, `seed ${seed}: the synthetic search lasts`).toBeGreaterThan(25_000);
      // Nothing before the 10th second (from 9 s on), then a time at every report until the end.
      expect(rs.filter((r) => r.t < 9_000).every((r) => r.left === null)).toBe(true);
      expect(rs.filter((r) => r.t >= 9_000 && !r.done).every((r) => r.left !== null)).toBe(true);
      const bounded = rs.find((r) => r.bounded)!;
      expect(rs.filter((r) => r.t < bounded.t && r.left).every((r) => r.left!.upTo)).toBe(true);
      for (const t of [10_000, 15_000, end / 4, end / 2, (3 * end) / 4].filter((x) => x >= 10_000 && x < bounded.t)) {
        const r = at(rs, t);
        expect(r.left!.ms, `seed ${seed} at ${Math.round(t)} ms: up to ${Math.round(r.left!.ms)} ms said, ${r.truth} ms true`).toBeGreaterThan(0.8 * r.truth);
      }
    }
  });

  it('holds within ±25 % when no configuration passes (every one is examined, the bound is exact)', () => {
    for (const seed of [1, 2, 3]) {
      const rs = simulate(seed, [Infinity, Infinity, Infinity]);
      const end = rs[rs.length - 1].t;
      expect(end, `seed ${seed}: the synthetic search lasts`).toBeGreaterThan(40_000);
      for (const t of [10_000, 15_000, end / 4, end / 2, (3 * end) / 4]) {
        const r = at(rs, t);
        const err = (r.left!.ms - r.truth) / r.truth;
        expect(Math.abs(err), `seed ${seed} at ${Math.round(t)} ms: ${Math.round(r.left!.ms)} ms said, ${r.truth} ms true`).toBeLessThan(0.25);
      }
    }
  });

  it('counts the decided configurations as the core does, and its words say what is known', () => {
    const partial = { architectures: [{ simulated: 3, pruned: 11, analytic_rejected: 0 }, { simulated: 2, pruned: 0, analytic_rejected: 4 }] } as unknown as OptimizeResult;
    expect(decidedCount(partial)).toBe(20);
    const p = (left: number, bounded: boolean) => ({ done: false, left_at_most: left, bounded_by_passing: bounded }) as SearchProgress;
    expect(searchLeftText(p(326_379, false), { ms: 37_800_000, upTo: true })).toBe(
      'at most 326,379 configurations left to simulate or prune — up to 10.5 h at the recent pace, less as soon as each architecture finds a configuration that passes',
    );
    expect(searchLeftText(p(1_204, false), null)).toBe('at most 1,204 configurations left to simulate or prune — measuring the pace');
    expect(searchLeftText(p(1_204, true), { ms: 185_000, upTo: false })).toBe('at most 1,204 configurations left to simulate or prune — about 3 min at the recent pace');
    expect(searchLeftText(p(1, true), { ms: 30_000, upTo: false })).toBe('at most 1 configuration left to simulate or prune — about 30 s at the recent pace');
    expect(searchLeftText({ ...p(0, true), done: true }, null)).toBe('');
  });

  it('gives no time before the 10th second, and none once done', () => {
    const eta = new SearchTimeLeft(0);
    const partial = (n: number) => ({ architectures: [{ simulated: n, pruned: 0, analytic_rejected: 0 }] }) as unknown as OptimizeResult;
    const bounded = { done: false, left_at_most: 50, bounded_by_passing: true } as SearchProgress;
    for (let k = 1; k <= 89; k++) expect(eta.update(k * 100, bounded, partial(k))).toBeNull();
    // From 9 s on: 1 configuration per 100 ms, 50 left → 5 s.
    expect(eta.update(9_000, bounded, partial(90))!.ms).toBeCloseTo(5_000, 6);
    expect(eta.update(9_000, { ...bounded, bounded_by_passing: false }, partial(90))).toMatchObject({ upTo: true });
    expect(eta.update(9_100, { ...bounded, done: true }, partial(91))).toBeNull();
  });
});
