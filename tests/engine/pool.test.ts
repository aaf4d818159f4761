// The worker pool with in-process "workers": each fake worker is a
// MessageChannel whose far end serves the real worker API (wasm loaded by
// initSync), so queueing, cancellation and crash recovery run for real.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { newSimApi, simApi, studiesLoaded } from '../helpers/wasm';
import { WasmPanic, type SimApi } from '../../src/worker/api';
import { poolSize, type WorkerLike } from '../../src/engine/pool';
import { SimPool } from '../../src/worker';
import { workerApi } from '../../src/worker/worker-api';
import type { Scenario } from '../../src/engine/types';
import type { CharacterizeProgress } from '../../src/planner/characterise';

type Fake = WorkerLike & { terminated: boolean; crash(message: string): void };

const fakes: Fake[] = [];

/**
 * Start a job, cancel it 20 ms in, and check that it rejects as aborted and
 * that the worker that did not stop within the grace time was replaced.
 */
async function cancelStuckJob(pool: SimPool, start: (pool: SimPool, signal: AbortSignal) => Promise<unknown>): Promise<void> {
  const ac = new AbortController();
  const p = start(pool, ac.signal);
  await new Promise((r) => setTimeout(r, 20));
  ac.abort();
  await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  await new Promise((r) => setTimeout(r, 100));
  expect(fakes[0].terminated).toBe(true);
  expect(pool.spawned).toBe(2);
}

function fakeWorker(api: SimApi): Fake {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(workerApi(Promise.resolve(api), studiesLoaded), port2);
  const fake: Fake = Object.assign(port1, {
    terminated: false,
    terminate() {
      fake.terminated = true;
      port1.close();
      port2.close();
    },
    crash(message: string) {
      port1.dispatchEvent(Object.assign(new Event('error'), { message }));
    },
  });
  fakes.push(fake);
  return fake;
}

function realFactory(): () => WorkerLike {
  return () => fakeWorker(newSimApi());
}

function scenario(hours = 1, reps = 2, seed = 1): Scenario {
  const s = simApi().defaultScenario();
  s.run.duration_h = hours;
  s.run.replications = reps;
  s.run.seed = seed;
  return s;
}

let pool: SimPool | null = null;
afterEach(() => {
  pool?.dispose();
  pool = null;
  fakes.length = 0;
});

describe('pool size', () => {
  it('is one worker per core, from 1 to 4', () => {
    expect(poolSize(undefined)).toBe(1);
    expect(poolSize(0)).toBe(1);
    expect(poolSize(2)).toBe(2);
    expect(poolSize(16)).toBe(4);
  });
});

describe('WorkerPool (as the sim pool, SimPool)', () => {
  it('queues runs across the workers and gives each its own result', async () => {
    pool = new SimPool(realFactory(), { size: 2, chunk: 5_000 });
    const seeds = [1, 2, 3, 4, 5];
    const results = await Promise.all(seeds.map((seed) => pool!.run(scenario(1, 1, seed))));
    expect(results.map((r) => r.replications[0].seed)).toEqual(seeds);
    const again = await pool.run(scenario(1, 1, 3));
    expect(again.summary).toEqual(results[2].summary);
    expect(pool.spawned).toBe(2);
  });

  it('answers validation and presets through a worker', async () => {
    pool = new SimPool(realFactory(), { size: 1 });
    const s = await pool.defaultScenario();
    expect(await pool.validate(s)).toEqual([]);
    s.run.replications = 0;
    const errs = await pool.validate(s);
    expect(errs[0].path).toBe('run.replications');
    expect((await pool.listPresets()).length).toBeGreaterThan(0);
    expect((await pool.preset('mmsys11-cost-hdd')).architecture).toBe('hdd_only');
    expect((await pool.devicePresets()).length).toBeGreaterThan(0);
  });

  it('reports progress through the proxied callback', async () => {
    pool = new SimPool(realFactory(), { size: 1, chunk: 2_000 });
    const fractions: number[] = [];
    const r = await pool.run(scenario(2, 2), { onProgress: (p) => fractions.push(p.fraction) });
    expect(r.replications).toHaveLength(2);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions.at(-1)).toBe(1);
  });

  it('says when a worker takes a job, not when it is queued', async () => {
    pool = new SimPool(realFactory(), { size: 1, chunk: 2_000 });
    const events: string[] = [];
    const a = pool.run(scenario(2, 1), {
      onStart: () => events.push('a starts'),
      onProgress: (p) => {
        if (p.fraction === 1) events.push('a at 100 %');
      },
    });
    const b = pool.run(scenario(2, 1), { onStart: () => events.push('b starts') });
    await Promise.all([a, b]);
    // One worker: the second job waits in the queue until the first is done.
    expect(events).toEqual(['a starts', 'a at 100 %', 'b starts']);
  });

  it('cancels a running job through its AbortSignal and keeps the worker', async () => {
    pool = new SimPool(realFactory(), { size: 1, chunk: 5_000 });
    const ac = new AbortController();
    const p = pool.run(scenario(200, 10), {
      signal: ac.signal,
      onProgress: () => ac.abort(),
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const r = await pool.run(scenario(1, 1));
    expect(r.replications).toHaveLength(1);
    expect(pool.spawned).toBe(1);
  });

  it('drops a queued job on abort without running it', async () => {
    pool = new SimPool(realFactory(), { size: 1, chunk: 5_000 });
    const first = pool.run(scenario(1, 1));
    const ac = new AbortController();
    const second = pool.run(scenario(1, 1), { signal: ac.signal });
    expect(pool.queued).toBe(1);
    ac.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(pool.queued).toBe(0);
    await expect(first).resolves.toBeTruthy();
  });

  it('terminates and respawns a worker that does not stop after an abort', async () => {
    let n = 0;
    pool = new SimPool(
      () => {
        const api = newSimApi();
        // The first worker hangs: its run never returns and ignores cancel.
        if (n++ === 0) api.run = () => new Promise(() => undefined);
        return fakeWorker(api);
      },
      { size: 1, cancelGraceMs: 50 },
    );
    await cancelStuckJob(pool, (live, signal) => live.run(scenario(1, 1), { signal }));
    const r = await pool.run(scenario(1, 1));
    expect(r.replications).toHaveLength(1);
  });

  it('replaces a crashed worker, rejects its job clearly, and the others go on', async () => {
    pool = new SimPool(() => fakeWorker(newSimApi()), { size: 2, chunk: 2_000 });
    const long = pool.run(scenario(50, 2, 1));
    const other = pool.run(scenario(2, 1, 2));
    await new Promise((r) => setTimeout(r, 10));
    fakes[0].crash('out of memory');
    await expect(long).rejects.toThrow('simulation worker crashed: out of memory');
    await expect(other).resolves.toMatchObject({ replications: [{ seed: 2 }] });
    expect(fakes[0].terminated).toBe(true);
    expect(pool.spawned).toBe(3);
    const again = await pool.run(scenario(1, 1));
    expect(again.replications).toHaveLength(1);
  });

  it('replaces a worker whose core panicked', async () => {
    let n = 0;
    pool = new SimPool(
      () => {
        const api = newSimApi();
        if (n++ === 0) {
          api.run = () => Promise.reject(new WasmPanic('the simulation core crashed: index out of bounds'));
        }
        return fakeWorker(api);
      },
      { size: 1 },
    );
    await expect(pool.run(scenario(1, 1))).rejects.toThrow('the simulation core crashed: index out of bounds');
    expect(pool.spawned).toBe(2);
    await expect(pool.run(scenario(1, 1))).resolves.toBeTruthy();
  });

  it('steps a characterisation with progress; Cancel stops it between two steps and the same worker runs the next', async () => {
    // No termination fallback within the test: the worker must stop by itself.
    pool = new SimPool(realFactory(), { size: 1, chunk: 2_000, cancelGraceMs: 600_000 });
    const d = simApi()
      .requestDevicePresets()
      .find((x) => x.id === 'x25m')!;
    // The per-page reference preconditions 1 GB twice: about 520 000 writes, minutes in one call on a busy machine.
    const long = { ...d, capacity_gb: 1 };
    const reference = { queue_depths: [1], seconds: 0.2, precondition_passes: 2, seed: 1, model: 'reference' as const };
    const ac = new AbortController();
    const seen: CharacterizeProgress[] = [];
    let firstStep: () => void = () => undefined;
    const stepped = new Promise<void>((r) => (firstStep = r));
    const cancelled = pool.characterize(long, reference, {
      signal: ac.signal,
      onProgress: (q) => {
        seen.push(q);
        firstStep();
      },
    });
    await stepped;
    ac.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    // Each step simulates the pool's chunk of writes, and the run was stopped in its preconditioning.
    expect(seen[0]).toMatchObject({ done: false, precondition_writes_done: 2_000, tests_done: 0, tests: 10 });
    expect(seen[0].precondition_writes).toBeGreaterThan(500_000);

    const small = { ...d, capacity_gb: 0.125 };
    const quick = { queue_depths: [1], seconds: 0.2, precondition_passes: 1, seed: 1, model: 'scalable' as const };
    const c = await pool.characterize(small, quick);
    expect(fakes[0].terminated).toBe(false);
    expect(pool.spawned).toBe(1);
    expect(c).toEqual(await simApi().characterize(700_000, small, quick));
    await expect(pool.characterize(small, { ...quick, queue_depths: [0] })).rejects.toThrow(/^characterize\.queue_depths: /);
  });
});
