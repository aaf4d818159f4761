// Capacities as datasheets write them (decimal TB for drives, binary GB for
// memory), checked against the figure each built-in device's source states.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { soldCapacity } from '../../src/shared/units';

const catalog = simApi().devicePresets();

describe('soldCapacity', () => {
  it('gives back the capacity each present-day datasheet states', () => {
    let checked = 0;
    for (const d of catalog) {
      // The sources' own words: "capacity 24 TB, …" or "capacity 32 GB: module sizes are binary".
      const stated = d.assumptions.map((a) => /^capacity ([\d.]+ [TG]B)[,:]/.exec(a)?.[1]).find((x) => x !== undefined);
      if (!stated) continue;
      expect(soldCapacity(d.capacity_gb, d.kind), d.id).toBe(stated);
      checked++;
    }
    // The Exos X20/X24, four SSDs and two DRAM modules at least.
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  it('writes a drive below 1 TB in decimal GB, and memory in binary GB', () => {
    // 146 GiB = 146 × 1.073741824 GB = 156.8 GB as a drive vendor writes it.
    expect(soldCapacity(146, 'hdd')).toBe('156.8 GB');
    expect(soldCapacity(1, 'dram')).toBe('1 GB');
    // 20 TB reads 18 626 GiB in the model's unit; as sold, 20 TB.
    expect(soldCapacity((20e12) / 1024 ** 3, 'hdd')).toBe('20 TB');
  });
});
