// Bins of a class's number predictions: a "nice" domain over the question's
// range (when given), the answers and the simulated value, split at its ticks. Thresholds stay strictly inside
// the domain, so the top value lands in the last bin, not in a zero-width one.
import { bin } from 'd3-array';
import { scaleLinear } from 'd3-scale';

export interface Bin {
  x0: number;
  x1: number;
  n: number;
}

export function histogramBins(values: number[], truth: number | null, count = 8, range?: [number, number]): { domain: [number, number]; bins: Bin[] } {
  // The question's range first: a percentage spans 0–100 however the class clustered.
  const all = [...values, ...(truth === null ? [] : [truth]), ...(range ?? [])].filter((v) => Number.isFinite(v));
  if (all.length === 0) all.push(0);
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const x = scaleLinear()
    .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi])
    .nice(count);
  const [d0, d1] = x.domain();
  const bins = bin()
    .domain([d0, d1])
    .thresholds(x.ticks(count).filter((t) => t > d0 && t < d1))(values);
  return { domain: [d0, d1], bins: bins.map((b) => ({ x0: b.x0!, x1: b.x1!, n: b.length })) };
}
