// The worker API called directly, with the real wasm core loaded by initSync.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { createSimApi, ScenarioError, WasmPanic, warmupScenario } from '../../src/worker/api';
import type { Progress, Scenario } from '../../src/engine/types';

const api = simApi();

function small(): Scenario {
  const s = api.defaultScenario();
  s.run.duration_h = 1;
  s.run.replications = 3;
  return s;
}

describe('validation through the wasm core', () => {
  it('accepts the default scenario and every preset', () => {
    expect(api.validate(api.defaultScenario())).toEqual([]);
    const presets = api.listPresets();
    expect(presets.length).toBeGreaterThan(3);
    for (const p of presets) expect(api.validate(api.preset(p.id)), p.id).toEqual([]);
  });

  it('reports a range error with its field path and allowed range', () => {
    const s = api.defaultScenario();
    s.workload.arrival_rate = -1;
    const errs = api.validate(s);
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('workload.arrival_rate');
    expect(errs[0].message).toBe('-1 is out of range: must be 0 < value ≤ 1000 requests/s');
  });

  it('reports several problems at once, with device paths', () => {
    const s = api.defaultScenario();
    s.devices[0].price = -5;
    s.run.replications = 0;
    const paths = api.validate(s).map((e) => e.path);
    expect(paths).toContain('devices[0].price');
    expect(paths).toContain('run.replications');
  });

  it('reports a structural error (wrong type) with its path', () => {
    const s = api.defaultScenario() as unknown as { workload: { videos: unknown } };
    s.workload.videos = 'many';
    const errs = api.validate(s as unknown as Scenario);
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('workload.videos');
    expect(errs[0].message).toMatch(/invalid type/);
  });

  it('explains a library that does not fit on the disks', () => {
    const s = api.defaultScenario();
    s.tiers.disk.count = 1;
    const errs = api.validate(s);
    expect(errs.map((e) => e.path)).toEqual(['tiers.disk.count']);
    expect(errs[0].message).toMatch(/library needs/);
    // Sizes as the app writes them: GiB (the model's 1024³ B), the disks' also in the decimal units they are sold in.
    expect(errs[0].message).toMatch(/^1 disks hold [\d,.]+ GiB \([\d,.]+ (TB|GB)\) but the library needs [\d,.]+ GiB: /);
    // Decimal GB only as the drive's sold size, in parentheses; every size of the model's own says GiB.
    expect(errs[0].message.replace(/\([^)]*\)/g, '')).not.toMatch(/\d GB\b/);
  });

  it('throws an unknown preset id', () => {
    expect(() => api.preset('no-such-preset')).toThrow(/unknown preset/);
  });

  it('lists the device presets with their assumptions', () => {
    const d = api.devicePresets();
    const hdd = d.find((x) => x.id === 'hdd15k');
    expect(hdd?.capacity_gb).toBe(146);
    expect(hdd?.read_mbps).toBe(70);
    expect(hdd?.price).toBe(180);
    const dram = d.find((x) => x.kind === 'dram');
    expect(dram?.read_mbps).toBeNull();
    expect(d.every((x) => Array.isArray(x.assumptions))).toBe(true);
  });
});

describe('running a simulation', () => {
  it('runs all replications, reports progress and returns the summary', async () => {
    const seen: Progress[] = [];
    const r = await api.run(1, small(), (p) => void seen.push(p), 5_000);
    expect(r.replications).toHaveLength(3);
    expect(r.replications.map((x) => x.seed)).toEqual([1, 2, 3]);
    expect(r.summary.avg_streams.n).toBe(3);
    expect(r.summary.avg_streams.mean).toBeGreaterThan(0);
    expect(r.capital_cost).toBe(960);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)?.done).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i].fraction).toBeGreaterThanOrEqual(seen[i - 1].fraction);
  });

  it('is deterministic for a seed, whatever the chunk size', async () => {
    const a = await api.run(2, small(), undefined, 1_000_000);
    const b = await api.run(3, small(), undefined, 7_777);
    expect(b.summary).toEqual(a.summary);
    expect(b.replications).toEqual(a.replications);
  });

  it('rejects an invalid scenario with the field errors', async () => {
    const s = small();
    s.run.duration_h = 0;
    const err = await api.run(4, s).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as ScenarioError).errors[0].path).toBe('run.duration_h');
  });

  it('stops between chunks when cancelled', async () => {
    const s = small();
    s.run.duration_h = 100;
    s.run.replications = 20;
    let calls = 0;
    const p = api.run(5, s, () => {
      calls++;
      if (calls === 2) api.cancel(5);
    }, 10_000);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(2);
  });

  it('yields to the event loop between chunks without a progress callback', async () => {
    // The cancel arrives as a task (here a timer, in the worker a comlink
    // message): it can only land if each chunk ends with a real yield, not a
    // microtask.
    const s = small();
    s.run.duration_h = 100;
    s.run.replications = 20;
    const p = api.run(6, s, undefined, 10_000);
    setTimeout(() => api.cancel(6), 0);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ignores a cancel that arrives after the run ended', async () => {
    await api.run(7, small());
    api.cancel(7);
    const r = await api.run(7, small());
    expect(r.replications).toHaveLength(3);
  });

  it('warms up with a tiny run', async () => {
    const r = await api.run(6, warmupScenario(api.defaultScenario()));
    expect(r.replications).toHaveLength(1);
    expect(r.measured_s).toBeCloseTo(72, 6);
  });
});

describe('analytics', () => {
  it("match the model's check values", () => {
    expect(api.streamsPerBandwidth(155, 245)).toBe(647);
    expect(api.erlangB(2, 1)).toBeCloseTo(0.2, 12);
    expect(Math.round(api.lifetimeHours(128, 10_000, 100, 1))).toBe(3641);
    expect(api.writeAmplification(0.07)).toBeCloseTo(7.82, 2);
    expect(api.writeAmplification(1.0)).toBeCloseTo(1.26, 2);
    expect(api.zipfTopKMass(100, 0, 25)).toBeCloseTo(0.25, 12);
  });
});

describe('panics', () => {
  it('turn a wasm trap into a WasmPanic with the Rust message, and poison the instance', () => {
    const real = simApi();
    const trap = () => {
      throw new WebAssembly.RuntimeError('unreachable');
    };
    const fake = {
      ...Object.fromEntries(['validate', 'listPresets', 'preset', 'devicePresets', 'defaultScenario'].map((k) => [k, trap])),
      takePanicMessage: () => "panicked at core/src/engine/sim.rs:1:1:\nindex out of bounds",
    } as unknown as Parameters<typeof createSimApi>[0];
    const api = createSimApi(fake, () => null);
    expect(() => api.listPresets()).toThrow(WasmPanic);
    expect(() => api.listPresets()).toThrow(/the simulation core crashed: panicked at .*index out of bounds/s);
    expect(real.listPresets().length).toBeGreaterThan(0);
  });
});

describe('reading scenario JSON (files, links)', () => {
  it('fills defaults and keeps out-of-range values for validate to report', () => {
    const s = api.defaultScenario() as unknown as Record<string, unknown>;
    delete s.policy;
    (s.workload as { arrival_rate: number }).arrival_rate = -2;
    const read = api.readScenario(JSON.stringify(s));
    expect(read.policy).toMatchObject({ interval: 'replacement', lfu: 'static', lfu_window_h: 24, lfu_start: 'warm' });
    expect(read.workload.arrival_rate).toBe(-2);
    expect(api.validate(read).map((e) => e.path)).toEqual(['workload.arrival_rate']);
  });

  it('throws the path of a structural problem', () => {
    const s = api.defaultScenario() as unknown as Record<string, unknown>;
    (s.run as Record<string, unknown>).speed = 3;
    expect(() => api.readScenario(JSON.stringify(s))).toThrow(ScenarioError);
    expect(() => api.readScenario(JSON.stringify(s))).toThrow(/^run\.speed: unknown field `speed`/);
    expect(() => api.readScenario('not json')).toThrow(ScenarioError);
  });
});
