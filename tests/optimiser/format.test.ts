// The optimiser's labels: a server is the parts it has (no "0 ×"), and the
// lifetime column's replacements are the TCO's own count.
import { describe, expect, it } from 'vitest';
import { deviceCountParts, replacementText } from '../../src/optimiser/format';
import { dollars } from '../../src/shared/format';
import type { SearchSpace, TcoBreakdown } from '../../src/engine/types';

const space: SearchSpace = {
  tiers: [
    { role: 'disk', device: 'hdd15k', min: 1, max: 20, max_derived: false },
    { role: 'interval_cache', device: 'dram_1g', min: 0, max: 30, max_derived: false },
  ],
  configurations: 600,
  description: 'DRAM + HDD',
};
const devices = [
  { id: 'hdd15k', name: '15k RPM HDD' },
  { id: 'dram_1g', name: 'DRAM module' },
] as never[];

function tco(replacements: TcoBreakdown['replacements']): TcoBreakdown {
  const replacement_cost = replacements.reduce((a, r) => a + r.cost, 0);
  return { years: 5, hours_per_day: 24, operating_hours: 43830, capital: 1000, energy_kwh: 0, energy_cost: 0, replacements, replacement_cost, total: 1000 + replacement_cost, streams_per_dollar: 0 };
}

describe('deviceCountParts', () => {
  it('leaves a tier at 0 out of the server', () => {
    const parts = deviceCountParts({ disk: 2, interval_cache: 0, file_cache: 0 }, space, devices);
    expect(parts.map((p) => `${p.count} × ${p.name}`).join(' + ')).toBe('2 × 15k RPM HDD');
  });

  it('names every tier that has devices', () => {
    const parts = deviceCountParts({ disk: 9, interval_cache: 14, file_cache: 0 }, space, devices);
    expect(parts.map((p) => `${p.count} × ${p.name}`).join(' + ')).toBe('9 × 15k RPM HDD + 14 × DRAM module');
  });
});

describe('replacementText', () => {
  it('says none where the TCO counts none (a lifetime past the service life)', () => {
    const t = tco([{ role: 'file_cache', device: 'ssd_a', lifetime_h: 2e6, replacements: 0, cost: 0 }]);
    expect(t.replacement_cost).toBe(0);
    expect(replacementText(t, 'file_cache')).toBe('no replacement within 5 years');
  });

  it("gives the TCO's count and cost, the same dollars the TCO column shows", () => {
    const t = tco([{ role: 'file_cache', device: 'ssd_a', lifetime_h: 15000, replacements: 2, cost: 2400 }]);
    const text = replacementText(t, 'file_cache');
    expect(text).toBe(`2 replacements within 5 years: ${dollars(2400)}`);
    expect(text).toContain(dollars(t.replacement_cost));
  });
});
