// The block cache study (model §13) through the worker API and the pool, over
// the real wasm core: a synthetic run, a trace file read in slices with
// bytes-read progress, Cancel within a slice, and the field errors.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { loadStudies, simApi, studiesLoaded } from '../helpers/wasm';
import { ScenarioError } from '../../src/worker/api';
import type { WorkerLike } from '../../src/engine/pool';
import { SimPool } from '../../src/worker';
import { workerApi } from '../../src/worker/worker-api';
import { runMrcJob } from '../../src/block/run';
import type { Scenario } from '../../src/engine/types';
import type { BlockProgress, BlockSpec, MrcResult } from '../../src/block/types';
import { nativeCli } from '../../scripts/native-cli.mjs';

const sample = readFileSync(resolve(process.cwd(), 'public/sample-block-trace.csv'));
let nextId = 1;

function scenario(block: Partial<BlockSpec>): Scenario {
  const api = simApi();
  return { ...api.defaultScenario(), block: { ...api.defaultBlockSpec(), ...block } };
}

/** A short synthetic study: 2 000 I/Os at 200 IOPS over a 4 GB footprint. */
function synthetic(): Scenario {
  const base = simApi().defaultBlockSpec();
  if (base.workload.kind !== 'synthetic') throw new Error('default is synthetic');
  return scenario({ cache_gb: 1, workload: { ...base.workload, footprint_gb: 4, iops: 200, duration_s: 10 } });
}

function traced(): Scenario {
  return scenario({ cache_gb: 1, workload: { kind: 'trace', name: 'sample-block-trace.csv', format: 'msr' } });
}

describe('block runs on the worker API', () => {
  it('runs every chosen cache over one synthetic stream', async () => {
    const s = synthetic();
    const r = await simApi().runBlock(nextId++, s, null, undefined, 500);
    expect(r.caches.map((c) => c.cache)).toEqual(s.block!.caches);
    expect(r.ios).toBeGreaterThan(1000);
    expect(r.bad_lines).toBe(0);
    for (const c of r.caches) expect(c.mean_response_ms.mean).toBeGreaterThan(0);
  });

  it('reads a trace file in slices: progress is bytes read, every line is replayed', async () => {
    const seen: BlockProgress[] = [];
    const r = await simApi().runBlock(nextId++, traced(), new Blob([sample]), (p) => void seen.push(p), 100_000);
    // 3 000 lines, all good; the first 4 KB slices show as growing byte counts.
    expect(r.ios).toBe(3000);
    expect(r.bad_lines).toBe(0);
    const bytes = seen.map((p) => p.bytesRead);
    expect(bytes.at(-1)).toBe(sample.length);
    expect(seen.every((p) => p.bytesTotal === sample.length)).toBe(true);
    for (let i = 1; i < bytes.length; i++) expect(bytes[i]).toBeGreaterThanOrEqual(bytes[i - 1]);
    expect(seen.at(-1)!.fraction).toBe(1);
  });

  it('gives the same result however the file is sliced', async () => {
    const api = simApi();
    const whole = await api.runBlock(nextId++, traced(), new Blob([sample]), undefined, 100_000);
    const { runBlockJob } = await import('../../src/block/run');
    const wasm = loadStudies();
    const sliced = await runBlockJob({ BlockSimJob: wasm.BlockSimJob, guard: (f) => f(), cancelled: () => false }, traced(), {
      trace: new Blob([sample]),
      chunk: 37,
      slice: 1000,
    });
    expect(sliced).toEqual(whole);
  });

  it('reports bad lines with their line numbers', async () => {
    const bad = Buffer.concat([sample.subarray(0, 200), Buffer.from('not,a,trace,line\n'), sample.subarray(200)]);
    const seen: BlockProgress[] = [];
    const r = await simApi().runBlock(nextId++, traced(), new Blob([bad]), (p) => void seen.push(p), 100_000);
    expect(r.bad_lines).toBeGreaterThan(0);
    expect(seen.at(-1)!.traceErrors[0].line).toBeGreaterThan(1);
  });

  it('stops within a slice on cancel', async () => {
    const api = simApi();
    const id = nextId++;
    let slices = 0;
    const run = api.runBlock(id, traced(), new Blob([sample]), (p) => {
      if (p.bytesRead > 0 && ++slices === 2) api.cancel(id);
    }, 50);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('names the field of a bad scenario, and asks for the file of a trace workload', async () => {
    const api = simApi();
    const bad = synthetic();
    bad.block!.cache_gb = -1;
    const err = await api.runBlock(nextId++, bad, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as ScenarioError).errors.map((e) => e.path)).toContain('block.cache_gb');
    await expect(api.runBlock(nextId++, traced(), null)).rejects.toThrow(/choose the file again/);
  });
});

describe('block runs on the pool', () => {
  it('runs a trace on a worker and cancels through the signal', async () => {
    const api = simApi();
    const factory = (): WorkerLike => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(workerApi(Promise.resolve(api), studiesLoaded), port2);
      return Object.assign(port1, { terminate: () => port1.close() });
    };
    const pool = new SimPool(factory, { size: 1, chunk: 100_000 });
    try {
      const progress: BlockProgress[] = [];
      const r = await pool.runBlock(traced(), new Blob([sample]), { onProgress: (p) => progress.push(p) });
      expect(r.ios).toBe(3000);
      expect(progress.at(-1)!.bytesRead).toBe(sample.length);
      const ac = new AbortController();
      const run = pool.runBlock(synthetic(), null, { signal: ac.signal });
      ac.abort();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      pool.dispose();
    }
  });
});

describe('miss-ratio curves on the worker API', () => {
  const spec = { format: 'msr' as const, policy: 'lru' as const, sampling: 'exact' as const, sizes: [] };

  it('profiles a trace read in slices: the same curve however it is sliced, equal to tierplan mrc', async () => {
    const api = simApi();
    const progress: BlockProgress[] = [];
    const whole = await api.runMrc(nextId++, spec, new Blob([sample]), (p) => progress.push(p), 500);
    expect(whole.ios).toBe(3000);
    expect(progress.at(-1)!.bytesRead).toBe(sample.length);
    const hits = whole.points.map((p) => p.byte_hit_ratio);
    expect(hits.every((h, i) => i === 0 || h >= hits[i - 1])).toBe(true);
    const wasm = loadStudies();
    const sliced = await runMrcJob({ MrcSimJob: wasm.MrcSimJob, guard: (f) => f(), cancelled: () => false }, spec, new Blob([sample]), { chunk: 7, slice: 999 });
    expect(sliced).toEqual(whole);
    // The native CLI over the same file.
    const native = JSON.parse(execFileSync(nativeCli(), ['mrc', resolve(process.cwd(), 'public/sample-block-trace.csv'), '--format', 'msr', '--out', 'json'], { encoding: 'utf8' })) as MrcResult;
    expect(native.points).toEqual(whole.points);
    // A bound against a hang that leaves room for building the release CLI
    // first (npm test hands it the one its cargo step built).
  }, 1_800_000);

  it('names a bad spec, and stops within a slice on cancel', async () => {
    const api = simApi();
    const err = await api.runMrc(nextId++, { ...spec, sampling: { rate: 2 } }, new Blob([sample])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as ScenarioError).errors[0].path).toBe('mrc.sample');
    let slices = 0;
    const run = runMrcJob(
      { MrcSimJob: loadStudies().MrcSimJob, guard: (f) => f(), cancelled: () => slices >= 2 },
      spec,
      new Blob([sample]),
      { chunk: 10, slice: 4096, onProgress: (p) => void (p.bytesRead > 0 && slices++) },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(slices).toBe(2);
  });
});
