// Reading a miss-ratio curve: the size that reaches a target hit ratio, and
// the knee (the shared rules of src/shared/hit-curve.ts over MrcPoints).
import { firstReaching, kneeBy } from '../shared/hit-curve';
import type { Device } from '../engine/types';
import type { MrcPoint } from './types';

/** 4 KB blocks in the model's GB (1024³ B). */
export const GB_BLOCKS = 2 ** 30 / 4096;

/** The smallest size of the curve whose hit ratio reaches `target` (points sorted by size). */
export function sizeForTarget(points: readonly MrcPoint[], target: number): MrcPoint | null {
  return firstReaching(points, (p) => p.byte_hit_ratio, target);
}

/** The knee of the curve (Kneedle on log size), or null. */
export function kneeOf(points: readonly MrcPoint[]): MrcPoint | null {
  return kneeBy(
    points,
    (p) => p.size_blocks,
    (p) => p.byte_hit_ratio,
  );
}

/** The cache devices a curve can be priced with: the catalog's flash and DRAM with a price and a capacity. */
export function cacheDevices(devices: readonly Device[]): Device[] {
  return devices.filter((d) => (d.kind === 'ssd' || d.kind === 'dram') && d.price > 0 && d.capacity_gb > 0);
}

/** $ per GB of a device (its unit price over its capacity), or null without both. */
export function dollarsPerGb(d: Device): number | null {
  return d.price > 0 && d.capacity_gb > 0 ? d.price / d.capacity_gb : null;
}

/** What `blocks` 4 KB blocks of the device cost, at its $/GB (not rounded to whole devices). */
export function cacheDollars(blocks: number, d: Device): number | null {
  const per = dollarsPerGb(d);
  return per === null ? null : (blocks / GB_BLOCKS) * per;
}
