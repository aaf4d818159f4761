// The Pareto front of a point set: the points no other point beats on both
// axes (for cost vs streams: nothing cheaper serves as many streams).
import { ascending, descending } from 'd3-array';

export interface ParetoSense {
  x: 'min' | 'max';
  y: 'min' | 'max';
}

/** Ids of the non-dominated points, ordered along x. */
export function paretoFront<P extends { id: string; x: number; y: number }>(
  points: P[],
  sense: ParetoSense = { x: 'min', y: 'max' },
): P[] {
  const better = (a: number, b: number, how: 'min' | 'max') => (how === 'min' ? a < b : a > b);
  const sorted = points
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .slice()
    .sort((a, b) => {
      // Best x first; on ties the best y first, so a tied worse point is dominated.
      const byX = sense.x === 'min' ? ascending(a.x, b.x) : descending(a.x, b.x);
      if (byX !== 0) return byX;
      return sense.y === 'max' ? descending(a.y, b.y) : ascending(a.y, b.y);
    });
  const front: P[] = [];
  for (const p of sorted) {
    const last = front.at(-1);
    if (!last || better(p.y, last.y, sense.y)) front.push(p);
  }
  return front.sort((a, b) => ascending(a.x, b.x));
}
