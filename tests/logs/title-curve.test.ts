// Reading the title-level curves: the series per policy, the size for a
// target and the knee, a title's GB, and "Use this size" on the scenario's
// flash file cache (or why not).
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { curveOf, policiesOf, titleKnee, titlesForTarget, withFlashTitles } from '../../src/logs/title-curve';
import type { Scenario, TitleCurves } from '../../src/logs/types';

const curves: TitleCurves = {
  titles: 1024,
  requests: 10_000,
  zipf_exponent: 0.8,
  window_h: 24,
  mean_request_bytes: 1e9,
  points: Array.from({ length: 11 }, (_, k) => ({
    titles: 2 ** k,
    static_lfu: k <= 5 ? 0.15 * k : 0.75 + 0.01 * (k - 5),
    lru: 0.05 * k,
    windowed_lfu: k % 2 === 0 ? 0.12 * k * 0.6 : null,
    zipf: 0.09 * k,
    // Bytes: the big titles are the popular ones, so bytes rise faster.
    static_lfu_bytes: Math.min(1, 0.2 * k),
    lru_bytes: 0.06 * k,
    windowed_lfu_bytes: k % 2 === 0 ? 0.08 * k : null,
  })),
};

function scenario(architecture: string, file_cache: { device: string; count: number } | null): Scenario {
  return {
    architecture,
    workload: { classes: [{ share: 0.5, length_min: 60, bitrate_kbps: 256 }, { share: 0.5, length_min: 30, bitrate_kbps: 512 }] },
    tiers: { disk: { device: 'hdd', count: 2 }, interval_cache: null, file_cache },
    devices: [{ id: 'ssd64', capacity_gb: 64 }],
    policy: { lfu: 'static', lfu_window_h: 24 },
  } as unknown as Scenario;
}

describe('title curves', () => {
  it('gives each policy its computed points only', () => {
    expect(policiesOf(curves)).toEqual(['static_lfu', 'lru', 'windowed_lfu']);
    expect(curveOf(curves, 'windowed_lfu').map((p) => p.titles)).toEqual([1, 4, 16, 64, 256, 1024]);
    expect(policiesOf({ ...curves, points: curves.points.map((p) => ({ ...p, lru: null, windowed_lfu: null })) })).toEqual(['static_lfu']);
  });

  it('marks the fewest titles for a target and the knee', () => {
    expect(titlesForTarget(curves, 'static_lfu', 0.44)?.titles).toBe(8);
    expect(titlesForTarget(curves, 'lru', 0.44)?.titles).toBe(512);
    expect(titlesForTarget(curves, 'lru', 0.6)).toBeNull();
    expect(titleKnee(curves, 'static_lfu')?.titles).toBe(32);
    expect(titleKnee(curves, 'lru')).toBeNull();
  });

  it('reads the byte shares when asked', () => {
    expect(curveOf(curves, 'static_lfu', 'bytes')[3].share).toBeCloseTo(0.6, 12);
    expect(titlesForTarget(curves, 'static_lfu', 0.59, 'bytes')?.titles).toBe(8);
    expect(titlesForTarget(curves, 'static_lfu', 0.59)?.titles).toBe(16);
    expect(curveOf(curves, 'windowed_lfu', 'bytes').map((p) => p.titles)).toEqual([1, 4, 16, 64, 256, 1024]);
    const none = { ...curves, points: curves.points.map((p) => ({ ...p, static_lfu_bytes: null, lru_bytes: null, windowed_lfu_bytes: null })) };
    expect(policiesOf(none, 'bytes')).toEqual([]);
  });

  it('sizes a title from the classes and the flash tier from titles', () => {
    // 60 min × 256 KB/s = 0.879 GB; 30 min × 512 KB/s the same.
    // The core's library size (libraryGb) over its titles, for the fixture's classes.
    const base = simApi().defaultScenario();
    const w = { ...base.workload, videos: 300, classes: scenario('ssd_lfu_hdd', null).workload.classes };
    expect(simApi().libraryGb({ ...base, workload: w })! / w.videos).toBeCloseTo((3600 * 256) / 1024 ** 2, 12);
    const s = scenario('ssd_lfu_hdd', { device: 'ssd64', count: 1 });
    const r = withFlashTitles(s, 100, 0.879);
    if (!('ok' in r)) throw new Error(r.reason);
    // 87.9 GB on 64 GB SSDs: two of them.
    expect(r.count).toBe(2);
    expect(r.ok.tiers.file_cache).toEqual({ device: 'ssd64', count: 2 });
    expect(s.tiers.file_cache?.count).toBe(1);
    // Exactly full needs no extra device.
    const exact = withFlashTitles(s, 128, 0.5);
    expect('ok' in exact && exact.count).toBe(1);
    const none = withFlashTitles(scenario('dram_ic_hdd', null), 100, 1);
    expect('reason' in none && none.reason).toMatch(/no flash file cache/);
    const missing = withFlashTitles(scenario('ssd_lfu_hdd', { device: 'gone', count: 1 }), 10, 1);
    expect('reason' in missing && missing.reason).toMatch(/^tiers\.file_cache\.device/);
  });
});
