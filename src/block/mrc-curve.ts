// Reading a miss-ratio curve: the size that reaches a target hit ratio, and
// the knee (the shared rules of src/shared/hit-curve.ts over MrcPoints).
import { firstReaching, kneeBy } from '../shared/hit-curve';
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
