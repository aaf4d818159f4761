// Reading a miss-ratio curve (pure functions, tested in Node): the size that
// reaches a target hit ratio, and the knee.
import type { MrcPoint } from './types';

/** 4 KB blocks in the model's GB (1024³ B). */
export const GB_BLOCKS = 2 ** 30 / 4096;

/** The smallest size of the curve whose hit ratio reaches `target` (points sorted by size). */
export function sizeForTarget(points: readonly MrcPoint[], target: number): MrcPoint | null {
  return points.find((p) => p.byte_hit_ratio >= target) ?? null;
}

/**
 * The knee: the point farthest above the chord from the first point to the
 * last, with size on a log scale and both axes scaled to 0–1 (the Kneedle
 * rule). Null for a curve of fewer than three points or no clear bend.
 */
export function kneeOf(points: readonly MrcPoint[]): MrcPoint | null {
  if (points.length < 3) return null;
  const xs = points.map((p) => Math.log(p.size_blocks));
  const ys = points.map((p) => p.byte_hit_ratio);
  const [x0, x1] = [xs[0], xs[xs.length - 1]];
  const [y0, y1] = [ys[0], ys[ys.length - 1]];
  if (!(x1 > x0) || !(y1 > y0)) return null;
  // A bend must stand out by 5 % of the ranges to count as a knee.
  let best = -1;
  let gap = 0.05;
  for (let i = 1; i < points.length - 1; i++) {
    const x = (xs[i] - x0) / (x1 - x0);
    const y = (ys[i] - y0) / (y1 - y0);
    if (y - x > gap) {
      gap = y - x;
      best = i;
    }
  }
  return best >= 0 ? points[best] : null;
}
