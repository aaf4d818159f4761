// A request rate also in Gb/s and viewers (the core's `rateLoads` and the
// max-rate search's `max_rate_load`), and the figure's range following the
// scenario.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { gbpsAxis, loadText, loadedLabel, rateGbpsText } from '../../src/http/load';
import { rangeFor } from '../../src/http/figure';

describe('rate loads (the core says them)', () => {
  it("the edge of today's 110 requests/s: 660 viewers of 5 Mbps, 3.3 Gb/s", () => {
    const s = simApi().requestPreset('today-edge-qlc-flashcache');
    const [l] = simApi().rateLoads(s, [110]);
    // Independently: 610 KB/s of 1024 B is 4.997 Mbit/s a viewer; a viewer asks for one 6 s segment every 6 s.
    expect(l.rate).toBe(110);
    expect(l.viewers).toBe(660);
    expect(l.gbps).toBeCloseTo((660 * 610 * 1024 * 8) / 1e9, 9);
    expect(loadText(l)).toBe('3.3 Gb/s, 660 viewers');
  });

  it("the study's 19 requests/s of 10 s segments at 238.5 KB/s: 190 viewers, 0.37 Gb/s", () => {
    const s = simApi().requestPreset('nossdav12-hdd-only');
    const [l] = simApi().rateLoads(s, [19]);
    expect(l.viewers).toBe(190);
    expect(l.gbps).toBeCloseTo((19 * 10 * 238.5 * 1024 * 8) / 1e9, 9);
    expect(loadText(l)).toBe('0.37 Gb/s, 190 viewers');
  });

  it('the rate picker and the figure\'s second axis say Gb/s as the core does', () => {
    const s = simApi().requestPreset('today-edge-qlc-flashcache');
    const [one, at110, at37] = simApi().rateLoads(s, [1, 110, 37.5]);
    expect(rateGbpsText(110, at110)).toBe('110 requests/s (3.3 Gb/s)');
    // Before the core answers, the rate alone.
    expect(rateGbpsText(110, undefined)).toBe('110 requests/s');
    // The axis's factor is the core's load of one request per second; at every rate it reads the core's own Gb/s.
    const axis = gbpsAxis(one)!;
    expect(axis.label).toBe('on the wire (Gb/s, mean segment)');
    for (const l of [at110, at37]) expect(axis.factor * l.rate).toBeCloseTo(l.gbps, 12);
    expect(axis.format(axis.factor * 110)).toBe('3.3');
    expect(gbpsAxis(undefined)).toBeUndefined();
  });

  it('a scenario without a request section is refused by name', () => {
    const s = simApi().preset('mmsys11-cost-hdd');
    expect(() => simApi().rateLoads(s, [1])).toThrow(/request/);
  });

  it("the search's highest rate carries the same load, as `tierplan max-rate` prints it", async () => {
    const s = simApi().requestPreset('nossdav12-hdd-only');
    const r = s.request!;
    r.run.duration_h = 0.02;
    r.run.warmup_h = 0.02;
    r.run.replications = 1;
    r.search = { miss_target: 0, min_rate: 5, max_rate: 40, step: 5 };
    const res = await simApi().maxRate(1, s, [], () => {});
    expect(res.max_rate).not.toBeNull();
    expect(res.max_rate_load).toEqual(simApi().rateLoads(s, [res.max_rate!])[0]);
  });
});

describe('the figure range follows the scenario', () => {
  it('reaches 1.5 × the rate of interest on the search steps, never below the study’s 1–25', () => {
    expect(rangeFor({ min_rate: 10, step: 10 }, 100)).toEqual({ fromRate: 10, toRate: 150 });
    expect(rangeFor({ min_rate: 10, step: 10 }, 120)).toEqual({ fromRate: 10, toRate: 180 });
    expect(rangeFor({ min_rate: 1, step: 1 }, 19)).toEqual({ fromRate: 1, toRate: 29 });
    expect(rangeFor({ min_rate: 1, step: 1 }, 1)).toEqual({ fromRate: 1, toRate: 25 });
  });

  it('names the loaded policy and its start', () => {
    expect(loadedLabel('block', 'warm')).toBe('This scenario as loaded: block cache (flashcache), warm');
    expect(loadedLabel('none', 'cold')).toBe('This scenario as loaded: HDD only');
  });
});
