// The optimiser driver against the real wasm core (initSync): the search in
// one instance, candidates simulated concurrently (in scrambled order)
// through the worker API, and the answer checked against brute force —
// every configuration of the stated space simulated through SimJob.
import { describe, expect, it } from 'vitest';
import { loadStudies, simApi } from '../helpers/wasm';
import { ScenarioError } from '../../src/worker/api';
import { createStudiesApi } from '../../src/worker/studies-api';
import { runOptimiser, type CandidateRunner, type OptimiserProgress } from '../../src/optimiser/client';
import type { Architecture, Counts, OptimizeSpec, RunResult, Scenario } from '../../src/engine/types';

const api = simApi();
const search = createStudiesApi(loadStudies());

function small(): Scenario {
  const s = api.preset('mmsys11-cost-hdd');
  s.workload.arrival_rate = 0.25;
  s.run.duration_h = 1;
  s.run.replications = 3;
  return s;
}

const spec: OptimizeSpec = {
  architectures: ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'],
  target: 0,
  criterion: 'simulated',
  max_counts: { disk: 5, interval_cache: 3, file_cache: 3 },
  tco: { years: 5, usd_per_kwh: 0.12 },
};

/** Runs candidates through the worker API, finishing them in a scrambled order. */
function scrambledRunner(log: Scenario[] = []): CandidateRunner & { aborted: number } {
  let id = 1000;
  const runner = {
    aborted: 0,
    async run(s: Scenario, req: { signal?: AbortSignal } = {}): Promise<RunResult> {
      log.push(s);
      const my = id++;
      req.signal?.addEventListener('abort', () => {
        runner.aborted++;
        api.cancel(my);
      });
      // Later candidates of a batch often finish first.
      await new Promise((r) => setTimeout(r, (7 * my) % 11));
      return api.run(my, s);
    },
  };
  return runner;
}

function configure(s: Scenario, arch: Architecture, c: Counts): Scenario {
  const x: Scenario = structuredClone(s);
  x.architecture = arch;
  x.tiers.disk.count = c.disk;
  if (x.tiers.interval_cache) x.tiers.interval_cache.count = arch === 'dram_ic_hdd' ? c.interval_cache : 0;
  if (x.tiers.file_cache) x.tiers.file_cache.count = arch === 'ssd_lfu_hdd' ? c.file_cache : 0;
  return x;
}

describe('optimiser driver (real wasm)', () => {
  it('finds, per architecture, what brute force over the stated space finds', async () => {
    const base = small();
    const seen: OptimiserProgress[] = [];
    const { result } = await runOptimiser({
      search,
      runner: scrambledRunner(),
      parallel: 3,
      scenario: base,
      spec,
      onProgress: (p) => seen.push(p),
    });
    expect(result.done).toBe(true);
    expect(result.pruning_active).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.some((p) => p.running.length > 1)).toBe(true);

    for (const ar of result.architectures) {
      // Every configuration of the space the result states, by brute force.
      const range = (role: string) => ar.space.tiers.find((t) => t.role === role);
      const disk = range('disk')!;
      const ic = range('interval_cache');
      const fc = range('file_cache');
      const all: { c: Counts; cost: number; r: RunResult }[] = [];
      for (let d = disk.min; d <= disk.max; d++)
        for (let i = ic?.min ?? 0; i <= (ic?.max ?? 0); i++)
          for (let f = fc?.min ?? 0; f <= (fc?.max ?? 0); f++) {
            const c = { disk: d, interval_cache: i, file_cache: f };
            const r = await api.run(1, configure(base, ar.architecture, c));
            all.push({ c, cost: r.capital_cost, r });
          }
      expect(all.length).toBe(ar.space.configurations);
      // Target 0: no rejection in any replication; and every tier at or under the core's default ceiling in every replication.
      expect(result.max_peak_utilisation).toBe(0.9);
      const under = (r: RunResult) => r.replications.every((x) => x.tiers.every((t) => t.util_peak <= result.max_peak_utilisation));
      const feasible = all
        .filter((x) => x.r.summary.max_rejection_probability <= spec.target && under(x.r))
        .sort((a, b) => a.cost - b.cost || a.c.disk - b.c.disk || a.c.file_cache - b.c.file_cache || a.c.interval_cache - b.c.interval_cache);
      expect(feasible.length, ar.label).toBeGreaterThan(0);
      const want = feasible[0];
      expect(ar.best?.counts, ar.label).toEqual(want.c);
      expect(ar.best?.capital_cost).toBe(want.cost);
      // Same scenario, same seeds: bit-identical measurement.
      expect(ar.best?.measurement?.streams_per_dollar).toEqual(want.r.summary.streams_per_dollar);
      expect(ar.best?.measurement?.rejection_probability).toEqual(want.r.summary.rejection_probability);
      expect(ar.simulated + ar.pruned).toBeLessThanOrEqual(ar.space.configurations);
    }
    // Not a degenerate space: the optimum is inside it, and at this load a
    // DRAM module is cheaper than a fourth disk.
    const hdd = result.architectures.find((a) => a.architecture === 'hdd_only')!;
    expect(hdd.best!.counts.disk).toBeLessThan(5);
    const dram = result.architectures.find((a) => a.architecture === 'dram_ic_hdd')!;
    expect(dram.best!.counts.interval_cache).toBeGreaterThan(0);
  });

  it('equals the sequential search (one candidate at a time)', async () => {
    const base = small();
    const a = await runOptimiser({ search, runner: scrambledRunner(), parallel: 4, scenario: base, spec });
    const b = await runOptimiser({ search, runner: scrambledRunner(), parallel: 1, scenario: base, spec });
    expect(a.result.architectures.map((x) => x.best)).toEqual(b.result.architectures.map((x) => x.best));
  });

  it('cancels: stops the candidates in flight and frees the search', async () => {
    const ac = new AbortController();
    const runner = scrambledRunner();
    let handleFreed = false;
    const tracking = {
      ...search,
      free: (h: number) => {
        expect(() => search.progress(h)).not.toThrow();
        search.free(h);
        expect(() => search.progress(h)).toThrow(/no optimiser search/);
        handleFreed = true;
      },
    };
    const p = runOptimiser({
      search: tracking,
      runner,
      parallel: 2,
      scenario: small(),
      spec,
      signal: ac.signal,
      onProgress: (x) => {
        if (x.running.length > 0) ac.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(runner.aborted).toBeGreaterThan(0);
    expect(handleFreed).toBe(true);
  });

  it('refuses a bad spec with the field path', async () => {
    const bad = { ...spec, target: 2 };
    const p = runOptimiser({ search, runner: scrambledRunner(), parallel: 1, scenario: small(), spec: bad });
    await expect(p).rejects.toBeInstanceOf(ScenarioError);
    await expect(p).rejects.toMatchObject({ errors: [expect.objectContaining({ path: 'optimize.target' })] });
  });
});
