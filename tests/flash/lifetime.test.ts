// The lifetime rows and the comparison's scenarios, on real runs of the core.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { daysAndYears, lifetimeText, tierLifetimes } from '../../src/flash/lifetime';

const api = simApi();
let id = 1;
const run = (s: Parameters<typeof api.run>[1]) => api.run(id++, s, undefined, 1_000_000);

describe('comparison scenarios', () => {
  // Laid out by the core (`lifetimeComparison`; its own test pins each case's settings).
  const cases = api.lifetimeComparison();

  it('are all valid and contrast MLC, SLC and LFU', () => {
    expect(cases.map((c) => c.id)).toEqual(['mlc-ic', 'slc-ic', 'hyssc', 'lfu-static', 'lfu-dynamic']);
    for (const c of cases) expect(api.validate(c.scenario), c.id).toEqual([]);
    // SLC buffer of about the MLC buffer's capacity: 3 × 80 GB for 256 GB.
    expect(cases[1].scenario.tiers.interval_cache).toEqual({ device: 'slc_fusionio', count: 3 });
    expect(cases[4].scenario.policy.lfu).toBe('dynamic');
    expect(cases[4].scenario.workload.churn).toEqual({ period_h: 4, new_titles: 8 });
    expect(cases[3].scenario.policy.lfu).toBe('static');
  });

  it('MLC interval caching wears out in weeks, not years; static LFU never writes; churn writes', async () => {
    const [mlc, , , stat, dyn] = await Promise.all(cases.map((c) => run(c.scenario)));
    const m = tierLifetimes(cases[0].scenario, mlc)[0];
    expect(m.role).toBe('interval_cache');
    expect(m.summary.write_amplification).toBeCloseTo(api.writeAmplification(0.07), 12);
    const days = m.summary.lifetime_h!.mean / 24;
    expect(days).toBeGreaterThan(7);
    // Device time on the flash buffer (reads + writes) caps it near 250 streams,
    // so about two months rather than years.
    expect(days).toBeLessThan(120);
    expect(m.assumptions.join('\n')).toContain('WA(ρ = 0.07) = 7.817');
    const s = tierLifetimes(cases[3].scenario, stat)[0];
    expect(s.summary.lifetime_h).toBeNull();
    expect(lifetimeText(s.summary.lifetime_h?.mean)).toBe('no writes');
    const d = tierLifetimes(cases[4].scenario, dyn)[0];
    expect(d.summary.host_write_mbps.mean).toBeGreaterThan(0);
    expect(d.summary.write_amplification).toBe(1);
    expect(d.assumptions).toContain('churn: 8 new titles every 4 h');
  });
});

describe('formatting', () => {
  it('gives days and years for the study example', () => {
    const h = api.lifetimeHours(128, 10_000, 100, 1);
    expect(lifetimeText(h)).toBe('152 days (3,641 h)');
    expect(daysAndYears(h)).toBe('151.7 days = 0.4153 years');
  });
});
