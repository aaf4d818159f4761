// The request-level engine (model §11) through the worker API and the pool,
// over the real wasm core: stepped runs with progress and cancel, the
// highest-rate search reusing known points, the I/O export and the presets.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { newSimApi, simApi, studiesLoaded } from '../helpers/wasm';
import { ScenarioError } from '../../src/worker/api';
import type { WorkerLike } from '../../src/engine/pool';
import { SimPool } from '../../src/worker';
import { workerApi } from '../../src/worker/worker-api';
import type { Progress, Scenario } from '../../src/engine/types';
import type { MaxRateProgress } from '../../src/http/types';

/** The study's HDD-only preset, short: a few minutes per replication. */
function small(rate = 5, reps = 2, seconds = 120): Scenario {
  const s = simApi().requestPreset('nossdav12-hdd-only');
  const r = s.request!;
  r.workload.rate = rate;
  r.run.duration_h = seconds / 3600;
  r.run.replications = reps;
  r.run.seed = 7;
  return s;
}

let nextId = 1;

describe('request presets', () => {
  it('lists the study configurations, each a valid request-level scenario', () => {
    const api = simApi();
    const ids = api.listRequestPresets().map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['nossdav12-hdd-only', 'nossdav12-flashcache-cold', 'nossdav12-l2arc-cold', 'nossdav12-l2arc-warm', 'nossdav12-object-static']));
    for (const id of ids) {
      const s = api.requestPreset(id);
      expect(s.request, id).toBeTruthy();
      expect(api.validate(s), id).toEqual([]);
    }
    expect(() => api.requestPreset('nope')).toThrow(/unknown preset "nope"/);
  });

  it('gives the default request section and the two measured SSDs', () => {
    const api = simApi();
    expect(api.defaultRequestSpec().chunk_kb).toBe(128);
    const ids = api.requestDevicePresets().map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(['hdd7200', 'x25m', 'ocz_core_v2']));
  });
});

describe('request-level runs', () => {
  it('runs every replication in chunks with progress, the same for any chunk size', async () => {
    const api = simApi();
    const seen: Progress[] = [];
    const a = await api.runRequest(nextId++, small(), (p) => void seen.push(p), 5_000);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)!.done).toBe(true);
    expect(seen.map((p) => p.fraction)).toEqual([...seen.map((p) => p.fraction)].sort((x, y) => x - y));
    expect(a.replications).toHaveLength(2);
    expect(a.rate).toBe(5);
    expect(a.miss_ratio.mean).toBeGreaterThanOrEqual(0);
    expect(a.miss_ratio.mean).toBeLessThanOrEqual(1);
    expect(a.devices.some((d) => d.per_second.length > 0)).toBe(true);
    const b = await api.runRequest(nextId++, small(), undefined, 1_000_000);
    expect(b).toEqual(a);
  });

  it('rejects a bad request section with the field errors', async () => {
    const s = small();
    s.request!.chunk_kb = 0;
    const err = await simApi()
      .runRequest(nextId++, s)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as ScenarioError).errors.map((e) => e.path)).toContain('request.chunk_kb');
  });

  it('stops between chunks when cancelled', async () => {
    const api = simApi();
    const id = nextId++;
    let chunks = 0;
    const run = api.runRequest(
      id,
      small(20, 3, 600),
      () => {
        chunks++;
        if (chunks === 2) api.cancel(id);
      },
      2_000,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toBe(2);
  });
});

describe('the highest-rate search', () => {
  it('reuses known points and reports its steps', async () => {
    const api = simApi();
    const s = small(1, 1, 120);
    s.request!.search = { miss_target: 0, min_rate: 1, max_rate: 8, step: 1 };
    const known = await api.runRequest(nextId++, { ...s, request: { ...s.request!, workload: { ...s.request!.workload, rate: 2 } } });
    const seen: MaxRateProgress[] = [];
    const r = await api.maxRate(nextId++, s, [known], (p) => void seen.push(p), 20_000);
    expect(seen.at(-1)!.done).toBe(true);
    expect(r.points.map((p) => p.rate)).toContain(2);
    // Bisection on a lattice of 8 rates needs at most 4 points besides the known one.
    expect(r.points.length).toBeLessThanOrEqual(5);
    if (r.max_rate != null) {
      expect(r.points.find((p) => p.rate === r.max_rate)!.passed).toBe(true);
      if (r.first_failing != null) expect(r.first_failing).toBeGreaterThan(r.max_rate);
    }
  });
});

describe('I/O export', () => {
  it('writes the CSV the study’s tools read, at most maxRows rows', () => {
    const csv = simApi().exportIo(small(), 50);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('time_s,op,device,address,size');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(51);
    const [t, op, , address, size] = lines[1].split(',');
    expect(Number(t)).toBeGreaterThanOrEqual(0);
    expect(op).toMatch(/^(read|write)$/);
    expect(Number(address)).toBeGreaterThanOrEqual(0);
    expect(Number(size)).toBeGreaterThan(0);
  });
});

describe('request-level jobs on the pool', () => {
  let pool: SimPool | null = null;
  afterEach(() => {
    pool?.dispose();
    pool = null;
  });

  function fakePool(): SimPool {
    return new SimPool(
      (): WorkerLike => {
        const { port1, port2 } = new MessageChannel();
        Comlink.expose(workerApi(Promise.resolve(newSimApi()), studiesLoaded), port2);
        return Object.assign(port1, {
          terminate() {
            port1.close();
            port2.close();
          },
        });
      },
      { size: 2, chunk: 5_000 },
    );
  }

  it('gives the result of a direct run, runs and searches side by side, and cancels', async () => {
    pool = fakePool();
    const direct = await simApi().runRequest(nextId++, small());
    const progress: Progress[] = [];
    const s = small(1, 1, 120);
    s.request!.search = { miss_target: 0, min_rate: 1, max_rate: 4, step: 1 };
    const [viaPool, search] = await Promise.all([
      pool.runRequest(small(), { onProgress: (p) => progress.push(p) }),
      pool.maxRate(s, []),
    ]);
    expect(viaPool).toEqual(direct);
    expect(progress.length).toBeGreaterThan(0);
    expect(search.points.length).toBeGreaterThan(0);

    const ac = new AbortController();
    const long = pool.runRequest(small(20, 3, 3600), { signal: ac.signal, onProgress: () => ac.abort() });
    await expect(long).rejects.toMatchObject({ name: 'AbortError' });
    expect(await pool.exportIo(small(), 3)).toMatch(/^time_s,op,device,address,size\n/);
    expect((await pool.listRequestPresets()).length).toBeGreaterThan(4);
  });
});
