// The logs worker's API against the real wasm core (initSync): the sample
// log read in slices as a worker reads a File, its fits, bad lines with
// their numbers, Cancel, "use this fit", aggregated counts giving the same
// fit, the exact replay stepped like a SimJob, and the peak hour.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudies, simApi } from '../helpers/wasm';
import { createLogsApi, REPLAY_SPEC, type ReadProgress } from '../../src/logs/logs-api';
import { logsClient } from '../../src/logs/client';
import type { ColumnMap } from '../../src/logs/types';

const api = createLogsApi(loadStudies());
const sim = simApi();
const sampleBytes = readFileSync(resolve(process.cwd(), 'public/sample-log.csv'));
const sample = new Blob([sampleBytes]);

function mapOf(bytes: Uint8Array): ColumnMap {
  const d = api.detect(bytes.subarray(0, 65536));
  if (!d.map) throw new Error(d.notes.join('; '));
  return d.map;
}

describe('logs API', () => {
  it('reads the sample log in slices and fits it', async () => {
    const map = mapOf(sampleBytes);
    expect(map).toMatchObject({ format: 'csv', header: true, timestamp: 'timestamp', title: 'title', time_format: 'iso8601' });
    const seen: ReadProgress[] = [];
    const out = await api.read(1, sample, map, (p) => void seen.push(p), 50_000);
    // Progress after every slice, bytes growing to the whole file.
    expect(seen.length).toBe(Math.ceil(sample.size / 50_000));
    expect(seen.at(-1)?.bytes).toBe(sample.size);
    expect(seen.every((p, i) => i === 0 || p.bytes > seen[i - 1].bytes)).toBe(true);
    expect(out.progress.bad).toBe(0);
    // Counts only, unless a replay asks for every request.
    expect(out.replayable).toBe(false);
    const f = out.fit;
    // The generator's truth (README): s = 0.271 over 300 titles, the evening
    // peak profile (21:00), 3 new titles a day, 60-min videos at 245 KB/s.
    expect(f.diurnal?.peak_hour).toBe(21);
    expect(f.churn.per_day?.value).toBe(3);
    expect(f.zipf?.exponent.lo).toBeLessThan(0.3);
    expect(f.zipf?.exponent.hi).toBeGreaterThan(0.2);
    expect(f.mean_length_s).toBe(3600);
    api.free(out.handle);
  });

  it('reports bad lines with their numbers and never throws on them', async () => {
    const text = 'ts,video\n1709251200,a\nnot-a-time,b\n1709251260\n1709251320,c\n';
    const out = await api.read(2, new Blob([text]), { format: 'csv', header: true, timestamp: 'ts', time_format: 'epoch_s', title: 'video' });
    expect(out.progress.records).toBe(2);
    expect(out.progress.bad_lines.map((b) => b.line)).toEqual([3, 4]);
    expect(out.progress.bad_lines[0].message).toMatch(/not a number/);
    api.free(out.handle);
  });

  it('a mapping naming a missing column fails with the column named', async () => {
    await expect(
      api.read(3, new Blob(['ts,video\n1709251200,a\n']), { format: 'csv', header: true, timestamp: 'time', time_format: 'epoch_s', title: 'video' }),
    ).rejects.toThrow(/no column "time"/);
  });

  it('cancels between slices', async () => {
    const map = mapOf(sampleBytes);
    await expect(api.read(4, sample, map, (p) => (p.bytes >= 100_000 ? api.cancel(4) : undefined), 50_000)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('uses the fit, and aggregated counts fit exactly like the raw log', async () => {
    const map = mapOf(sampleBytes);
    const raw = await api.read(5, sample, map);
    const base = sim.preset('mmsys11-cost-ssd');
    const fitted = api.fittedScenario(raw.handle, base);
    if (!('ok' in fitted)) throw new Error(JSON.stringify(fitted.errors));
    expect(fitted.ok.workload.videos).toBe(raw.fit.zipf?.titles);
    expect(fitted.ok.workload.rate_profile?.hourly).toHaveLength(24);
    expect(fitted.ok.workload.churn).toEqual({ period_h: 24, new_titles: 3 });
    expect(sim.validate(fitted.ok)).toEqual([]);
    const counts = api.countsCsv(raw.handle);
    const agg = await api.read(6, new Blob([counts]), mapOf(new TextEncoder().encode(counts)));
    expect(agg.fit.zipf).toEqual(raw.fit.zipf);
    expect(agg.fit.diurnal).toEqual(raw.fit.diurnal);
    expect(agg.replayable).toBe(false);
    api.free(raw.handle);
    api.free(agg.handle);
  });

  it('draws title-level curves: LFU and Zipf from counts, LRU and windowed LFU from the kept order', async () => {
    const map = mapOf(sampleBytes);
    const counted = await api.read(20, sample, map);
    const lfu = api.titleCurves(counted.handle, 24);
    expect(lfu.points.every((p) => p.lru === null && p.windowed_lfu === null)).toBe(true);
    expect(lfu.window_h).toBeNull();
    const kept = await api.read(21, sample, map, undefined, undefined, true);
    const c = api.titleCurves(kept.handle, 24);
    expect(c.window_h).toBe(24);
    expect(c.titles).toBe(lfu.titles);
    expect(c.points.map((p) => p.static_lfu)).toEqual(lfu.points.map((p) => p.static_lfu));
    // Every policy rises with the size and reaches the whole log (less first requests).
    for (const k of ['static_lfu', 'lru', 'windowed_lfu'] as const) {
      const ys = c.points.flatMap((p) => (p[k] == null ? [] : [p[k]]));
      // Windowed LFU at 32 sizes of the default grid, the others everywhere.
      expect(ys.length).toBe(k === 'windowed_lfu' ? Math.min(32, c.points.length) : c.points.length);
      expect(ys.every((y, i) => i === 0 || y >= ys[i - 1] - 1e-12)).toBe(true);
    }
    const last = c.points.at(-1)!;
    expect(last.titles).toBe(c.titles);
    expect(last.windowed_lfu).toBe(last.lru);
    expect(last.lru).toBeCloseTo(1 - c.titles / c.requests, 12);
    // Bitrate × length gives every title a size (60 min at 245 KB/s each),
    // so the byte shares equal the request shares.
    expect(c.mean_request_bytes).toBe(3600 * 245 * 1024);
    for (const p of c.points) expect(p.lru_bytes).toBeCloseTo(p.lru!, 12);
    expect(() => api.titleCurves(kept.handle, 0)).toThrow(/^window_h:/);
    api.free(counted.handle);
    api.free(kept.handle);
  });

  it('replays the log like a SimJob, one replication per window', async () => {
    const out = await api.read(7, sample, mapOf(sampleBytes), undefined, undefined, true);
    expect(out.replayable).toBe(true);
    const base = sim.preset('mmsys11-cost-ssd');
    const progress: number[] = [];
    const r = await api.replay(8, out.handle, base, 7, (p) => void progress.push(p.fraction));
    if (!('ok' in r)) throw new Error(JSON.stringify(r.errors));
    expect(r.ok.replications).toHaveLength(7);
    expect(r.ok.summary.arrivals.mean * 7).toBeCloseTo(out.fit.requests, 0);
    expect(progress.at(-1)).toBe(1);
    const bad = await api.replay(9, out.handle, base, 0);
    expect('errors' in bad && bad.errors[0].message).toMatch(/windows 0 is out of range/);
    api.free(out.handle);
  });

  it('sizes on the replayed log with the optimiser, with progress', async () => {
    const out = await api.read(10, sample, mapOf(sampleBytes), undefined, undefined, true);
    const base = sim.preset('mmsys11-cost-hdd');
    const seen: number[] = [];
    const r = await api.optimizeReplay(11, out.handle, base, 7, { ...REPLAY_SPEC, architectures: ['hdd_only'] }, (p) => void seen.push(p.simulated));
    if (!('ok' in r)) throw new Error(JSON.stringify(r.errors));
    expect(r.ok.done).toBe(true);
    expect(r.ok.pruning_active).toBe(false);
    const best = r.ok.architectures[0].best;
    expect(best?.measurement?.max_rejection_probability).toBe(0);
    expect(seen.at(-1)).toBe(r.ok.architectures[0].simulated);
    // Without the kept requests there is nothing to replay.
    const counts = await api.read(12, sample, mapOf(sampleBytes));
    const none = await api.optimizeReplay(13, counts.handle, base, 7, REPLAY_SPEC);
    expect('errors' in none && none.errors[0].message).toMatch(/no requests to replay/);
    api.free(out.handle);
    api.free(counts.handle);
  });

  it('names the peak hour of a profile, and none without one', () => {
    const p = api.peakHour(sim.preset('diurnal-evening-peak'));
    expect(p?.hour).toBe(21);
    expect(p?.scenario.workload.rate_profile ?? null).toBeNull();
    expect(api.peakHour(sim.preset('mmsys11-cost-ssd'))).toBeNull();
  });

  it('the client cancels through an AbortSignal', async () => {
    const client = logsClient(() => api);
    const ac = new AbortController();
    const map = mapOf(sampleBytes);
    const p = client.read(sample, map, { signal: ac.signal, onProgress: () => ac.abort() });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect((await client.detect(sample)).map?.title).toBe('title');
  });
});
