// Reading a miss-ratio curve: the size for a target and the knee, against
// curves whose answers are known by construction.
import { describe, expect, it } from 'vitest';
import { GB_BLOCKS, cacheDevices, cacheDollars, dollarsPerGb, kneeOf, sizeForTarget } from '../../src/block/mrc-curve';
import type { Device } from '../../src/engine/types';
import type { MrcPoint } from '../../src/block/types';

const point = (size_blocks: number, byte_hit_ratio: number): MrcPoint => ({
  size_blocks,
  size_bytes: size_blocks * 4096,
  hit_ratio: null,
  byte_hit_ratio,
  read_byte_hit_ratio: null,
  write_byte_hit_ratio: null,
  error: null,
});

describe('miss-ratio curve reading', () => {
  // A curve rising fast up to 2^10 blocks, then flat: the knee is there.
  const curve = Array.from({ length: 21 }, (_, k) => point(2 ** k, k <= 10 ? 0.08 * k : 0.8 + 0.001 * (k - 10)));

  it('finds the first size that reaches the target', () => {
    expect(sizeForTarget(curve, 0.4)?.size_blocks).toBe(2 ** 5);
    expect(sizeForTarget(curve, 0.41)?.size_blocks).toBe(2 ** 6);
    expect(sizeForTarget(curve, 0.9)).toBeNull();
  });

  it('puts the knee where the curve flattens', () => {
    expect(kneeOf(curve)?.size_blocks).toBe(2 ** 10);
    // A straight line (in log size) has no knee; neither has a flat one.
    expect(kneeOf(curve.map((p, k) => point(p.size_blocks, k / 20)))).toBeNull();
    expect(kneeOf(curve.map((p) => point(p.size_blocks, 0.3)))).toBeNull();
    expect(kneeOf(curve.slice(0, 2))).toBeNull();
  });

  it('counts 262 144 blocks of 4 KB to a GB', () => {
    expect(GB_BLOCKS).toBe(262_144);
  });

  it('prices a size from a device’s price and capacity, flash and DRAM only', () => {
    const dev = (id: string, kind: Device['kind'], price: number, capacity_gb: number) => ({ id, name: id, kind, price, capacity_gb }) as Device;
    const ssd = dev('ssd', 'ssd', 200, 800);
    expect(dollarsPerGb(ssd)).toBe(0.25);
    // 2 GB of 4 KB blocks at $0.25/GB.
    expect(cacheDollars(2 * GB_BLOCKS, ssd)).toBe(0.5);
    expect(cacheDollars(GB_BLOCKS, dev('free', 'ssd', 0, 100))).toBeNull();
    const all = [ssd, dev('ram', 'dram', 300, 64), dev('disk', 'hdd', 300, 24_000), dev('nocap', 'dram', 10, 0)];
    expect(cacheDevices(all).map((d) => d.id)).toEqual(['ssd', 'ram']);
  });
});
