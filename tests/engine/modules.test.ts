// The worker API over two wasm modules: the planner's serves the
// stream-level planner alone; anything else waits for the studies module,
// which the worker loads on the first call that needs it.
import { describe, expect, it } from 'vitest';
import { loadPlanner, loadStudies } from '../helpers/wasm';
import { createSimApi, StudiesNotLoaded, type StudiesWasm } from '../../src/worker/api';
import { workerApi } from '../../src/worker/worker-api';
import type { Scenario } from '../../src/engine/types';

const planner = loadPlanner();
const studies = loadStudies();

function small(api: ReturnType<typeof createSimApi>): Scenario {
  const s = api.defaultScenario();
  s.run.duration_h = 1;
  s.run.replications = 2;
  return s;
}

describe('the planner module alone', () => {
  const api = createSimApi(planner, () => null);

  it('reads, checks, runs and presets stream-level scenarios', async () => {
    const s = small(api);
    expect(api.validate(s)).toEqual([]);
    expect(api.readScenario(JSON.stringify(s))).toEqual(s);
    expect(api.listPresets().length).toBeGreaterThan(3);
    expect(api.preset('mmsys11-cost-hdd').name).toMatch(/HDD/);
    expect(api.erlangB(2, 1)).toBeCloseTo(0.2, 12);
    const r = await api.run(1, s);
    expect(r.replications).toHaveLength(2);
  });

  it('takes a scenario whose study sections are empty (null)', () => {
    const s = { ...small(api), request: null, block: null } as Scenario;
    expect(api.validate(s)).toEqual([]);
  });

  it('gives the same result as the studies module for a stream-level scenario', async () => {
    const s = small(api);
    const job = new studies.SimJob(s);
    while (!job.step(1_000_000).done);
    const viaStudies = job.result();
    job.free();
    expect(await api.run(3, s)).toEqual(viaStudies);
  });

  it('asks for the studies module, before doing anything, for everything else', async () => {
    const s = small(api);
    const block = { ...s, block: loadStudies().defaultBlockSpec() };
    expect(() => api.costModelDefaults()).toThrow(StudiesNotLoaded);
    expect(() => api.reproductionClaims()).toThrow(StudiesNotLoaded);
    expect(() => api.listRequestPresets()).toThrow(StudiesNotLoaded);
    expect(() => api.validate(block)).toThrow(StudiesNotLoaded);
    expect(() => api.readScenario(JSON.stringify(block))).toThrow(StudiesNotLoaded);
    expect(() => api.preset('nossdav12-hdd-only')).toThrow(StudiesNotLoaded);
    expect(() => api.run(4, block)).toThrow(StudiesNotLoaded);
    await expect(api.runBlock(5, block, null)).rejects.toThrow(StudiesNotLoaded);
    // Text that is not JSON is the planner's to report (it says where).
    expect(() => api.readScenario('{"version": 1,')).toThrow(/line 1/);
  });
});

describe('the worker', () => {
  it('loads the studies module once a call needs it and makes the call again', async () => {
    let slot: StudiesWasm | null = null;
    let loads = 0;
    const api = createSimApi(planner, () => slot);
    const worker = workerApi(Promise.resolve(api), () => {
      loads += 1;
      slot = studies;
      return Promise.resolve();
    });
    const s = small(api);
    expect(await worker.validate(s)).toEqual([]);
    expect(loads).toBe(0);
    const block = loadStudies().defaultBlockSpec();
    block.caches = [];
    const errors = await worker.validate({ ...s, block });
    expect(errors.map((e) => e.path)).toContain('block.caches');
    expect(loads).toBe(1);
    expect((await worker.preset('nossdav12-hdd-only')).request).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('passes a failed load on to the caller', async () => {
    const api = createSimApi(planner, () => null);
    const worker = workerApi(Promise.resolve(api), () => Promise.reject(new Error('offline: the studies module is not cached')));
    await expect(worker.costModelDefaults()).rejects.toThrow(/offline/);
    expect(await worker.erlangB(2, 1)).toBeCloseTo(0.2, 12);
  });
});
