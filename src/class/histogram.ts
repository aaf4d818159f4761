// Bins of a class's number predictions: a "nice" domain over the answers and
// the simulated value, split at its ticks. Thresholds stay strictly inside
// the domain, so the top value lands in the last bin, not in a zero-width one.
import { bin } from 'd3-array';
import { scaleLinear } from 'd3-scale';

export interface Bin {
  x0: number;
  x1: number;
  n: number;
}

export function histogramBins(values: number[], truth: number | null, count = 8): { domain: [number, number]; bins: Bin[] } {
  const all = truth === null ? values : [...values, truth];
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
