// Reading a hit-ratio curve (pure functions, tested in Node), shared by the
// Block caches tab's miss-ratio curve and the Logs tab's title curves: the
// size that reaches a target hit ratio, and the knee.

/** The first point (points sorted by size) whose hit ratio reaches `target`. */
export function firstReaching<T>(points: readonly T[], hit: (p: T) => number, target: number): T | null {
  return points.find((p) => hit(p) >= target) ?? null;
}

/**
 * The knee: the point farthest above the chord from the first point to the
 * last, with size on a log scale and both axes scaled to 0–1 (the Kneedle
 * rule). Null for a curve of fewer than three points or no clear bend.
 */
export function kneeBy<T>(points: readonly T[], size: (p: T) => number, hit: (p: T) => number): T | null {
  if (points.length < 3) return null;
  const xs = points.map((p) => Math.log(size(p)));
  const ys = points.map(hit);
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

/** At most about `n` points of a long curve for a chart, the last one kept (marks and tables read them all). */
export function thin<T>(xs: readonly T[], n: number): T[] {
  if (xs.length <= n) return [...xs];
  const step = xs.length / n;
  const out = Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]);
  out.push(xs[xs.length - 1]);
  return out;
}
