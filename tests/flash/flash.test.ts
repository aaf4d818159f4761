// Flash endurance and the hybrid cost model through the wasm boundary
// (issue #7): every formula's check value, with the real core via initSync.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';

const api = simApi();

describe('SSD lifetime (model §8)', () => {
  it('128 GB MLC written at 100 MB/s lasts 3641 h = 152 days', () => {
    const h = api.lifetimeHours(128, 10_000, 100, 1);
    expect(Math.round(h)).toBe(3641);
    expect(Math.round(h / 24)).toBe(152);
  });

  it('lifetime is inversely proportional to WA × write rate', () => {
    const base = api.lifetimeHours(128, 10_000, 100, 1);
    expect(api.lifetimeHours(128, 10_000, 50, 2)).toBeCloseTo(base, 9);
    expect(api.lifetimeHours(128, 10_000, 100, 2.48)).toBeCloseTo(base / 2.48, 9);
  });
});

describe('write amplification under greedy GC', () => {
  it.each([
    [0.07, 7.82],
    [0.28, 2.48],
    [0.5, 1.72],
    [1.0, 1.26],
  ])('WA(ρ = %f) = %f (Lambert W)', (rho, wa) => {
    expect(Math.abs(api.writeAmplification(rho) - wa)).toBeLessThan(0.005);
  });

  it('the greedy-GC simulator lands within 10 % of the formula', () => {
    const pts = api.waComparison([0.28, 0.5, 1.0], 7);
    expect(pts.map((p) => p.rho)).toEqual([0.28, 0.5, 1.0]);
    for (const p of pts) {
      expect(p.formula).toBeCloseTo(api.writeAmplification(p.rho), 12);
      expect(p.simulated).not.toBeNull();
      expect(Math.abs(p.simulated! - p.formula) / p.formula).toBeLessThan(0.1);
    }
  });

  it('a ρ the simulator cannot run gives null, not a number', () => {
    // 512 blocks: ρ = 0.001 leaves fewer than two spare blocks.
    const [p] = api.waComparison([0.001], 1);
    expect(p.simulated).toBeNull();
    expect(p.formula).toBeGreaterThan(100);
  });

  it('the formula curve falls as the spare factor grows', () => {
    const c = api.waCurve([0.05, 0.1, 0.5, 2]);
    for (let i = 1; i < c.length; i++) expect(c[i][1]).toBeLessThan(c[i - 1][1]);
  });
});

describe('hybrid cost model (model §9)', () => {
  const d = api.costModelDefaults();

  it('ships the HySSC timing presets and lists its assumptions', () => {
    expect(d.timings.slc).toMatchObject({ read_us: 135, program_us: 350, erase_ms: 1.5, page_kb: 4 });
    expect(d.timings.mlc).toMatchObject({ read_us: 175, program_us: 1400, erase_ms: 3.8, page_kb: 4 });
    expect(d.timings.tlc).toMatchObject({ read_us: 350, program_us: 2500, erase_ms: 3, page_kb: 8 });
    expect(d.assumptions.some((a) => a.includes('pages per block'))).toBe(true);
    expect(d.assumptions.some((a) => a.includes('10K rpm'))).toBe(true);
    // The default is SLC + the assumed disk at 2 % writes.
    expect(api.costParamsFromTimings(d.timings.slc, d.hdd, 0.02)).toEqual(d.spec.params);
    expect(d.spec).toMatchObject({ cache_gb: 4, u_steps: 100, r_steps: 100 });
    // The FAST'12 preset carries exactly this example.
    expect(api.preset('fast12-overprovisioning').cost_model).toEqual(d.spec);
  });

  it('partition: 4 GB at u = 0.92 is 3.68 GB caching + 0.32 GB over-provisioning', () => {
    const p = api.partition(4, 0.92, 0.99);
    expect(p.caching_gb).toBeCloseTo(3.68, 12);
    expect(p.over_provisioning_gb).toBeCloseTo(0.32, 12);
    expect(p.read_gb + p.write_gb).toBeCloseTo(3.68, 12);
  });

  it('the default read-mostly workload has its optimum at u = 0.92, r = 0.99', () => {
    const rep = api.costModel(d.spec);
    expect(rep.grid.optimum.u).toBeCloseTo(0.92, 12);
    expect(rep.grid.optimum.r).toBeCloseTo(0.99, 12);
    expect(rep.partition.caching_gb).toBeCloseTo(3.68, 9);
    expect(rep.partition.over_provisioning_gb).toBeCloseTo(0.32, 9);
    // The heatmap is u × r and C(u) is each row's minimum.
    expect(rep.grid.cost_us).toHaveLength(rep.grid.u.length);
    rep.grid.cost_us.forEach((row, i) => {
      expect(row).toHaveLength(rep.grid.r.length);
      expect(rep.grid.curve[i].total).toBe(Math.min(...row));
    });
  });

  it('the grid optimum matches a finer grid within one step', () => {
    for (const ioW of [0.02, 0.2]) {
      const params = { ...d.spec.params, io_w: ioW, io_r: 1 - ioW };
      const coarse = api.costModel({ ...d.spec, params, u_steps: 25, r_steps: 20 }).grid.optimum;
      const fine = api.costModel({ ...d.spec, params, u_steps: 400, r_steps: 200 }).grid.optimum;
      expect(Math.abs(coarse.u - fine.u)).toBeLessThanOrEqual(1 / 25 + 1e-12);
      expect(Math.abs(coarse.r - fine.r)).toBeLessThanOrEqual(1 / 20 + 1e-12);
      expect(fine.total).toBeLessThanOrEqual(coarse.total + 1e-9);
    }
  });

  it('the optimum u falls toward more over-provisioning as writes grow', () => {
    const sweep = api.costModelWriteSweep(d.spec);
    expect(sweep.map((o) => o.io_w)).toEqual([0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1]);
    const us = sweep.map((o) => o.optimum.u);
    expect(us.map((u) => Number(u.toFixed(2)))).toEqual([0.95, 0.92, 0.9, 0.86, 0.81, 0.78, 0.66, 0.45, 0.13]);
  });

  it('rejects bad inputs naming each field and its range', () => {
    expect(() => api.costModel({ ...d.spec, params: { ...d.spec.params, io_w: 1.5, io_r: -0.5 } })).toThrow(
      'cost_model.params.io_w: 1.5 is out of range: must be 0 ≤ value ≤ 1',
    );
    expect(() => api.costModel({ ...d.spec, workload: { ...d.spec.workload, read_blocks: 0 } })).toThrow(
      'cost_model.workload.read_blocks: 0 is out of range: must be an integer from 1 to 10000000',
    );
    expect(() => api.costModel({ ...d.spec, cache_gb: 0 })).toThrow('cost_model.cache_gb: 0 is out of range: must be 0 < value ≤ 1048576 GiB');
    expect(() => api.costModel({ ...d.spec, u_steps: 1 })).toThrow('cost_model.u_steps: 1 is out of range: must be an integer from 2 to 400');
    expect(() => api.costModelWriteSweep({ ...d.spec, r_steps: 0 })).toThrow('cost_model.r_steps');
    // The scenario's validation reports the same fields.
    const s = api.preset('fast12-overprovisioning');
    s.cost_model = { ...d.spec, cache_gb: -1 };
    expect(api.validate(s)).toEqual([{ path: 'cost_model.cache_gb', message: '-1 is out of range: must be 0 < value ≤ 1048576 GiB' }]);
  });
});
