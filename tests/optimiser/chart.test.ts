// The optimiser's cost chart as data: each architecture's optimum is
// labelled, optima that coincide share one label (none hidden under
// another), and an architecture keeps its colour from one search to the next.
import { describe, expect, it } from 'vitest';
import type { Architecture, ArchitectureResult, Counts, EvaluatedConfig, OptimizeResult } from '../../src/engine/types';
import { ARCH_COLORS, coincidingOptima, costPoints } from '../../src/optimiser/chart';
import { placeTexts } from '../../src/charts/pointText';
import { ARCHITECTURES } from '../../src/shared/labels';

const label = (a: Architecture) => ARCHITECTURES.find((x) => x.value === a)!.label;
const counts = (disk: number, interval_cache = 0, file_cache = 0): Counts => ({ disk, interval_cache, file_cache });

/** An architecture with its optimum (cost, streams), in the shape the core reports. */
function arch(a: Architecture, best: Counts, cost: number, streams: number): ArchitectureResult {
  return {
    architecture: a,
    label: label(a),
    space: { tiers: [{ role: 'disk', device: 'hdd15k', min: 1, max: 200, max_derived: true }], configurations: 200, description: '' },
    best: { counts: best, capital_cost: cost, study_capacity: 0, measurement: { avg_streams: { mean: streams } } },
  } as unknown as ArchitectureResult;
}
const evaluated = (a: Architecture, c: Counts, cost: number, streams: number): EvaluatedConfig =>
  ({ architecture: a, counts: c, capital_cost: cost, avg_streams: streams, feasible: true, max_rejection_probability: 0 }) as EvaluatedConfig;

// The architect's question on the studies' 146 GB disks: capacity decides,
// three optima at 115 disks and $20 700; one dearer DRAM point $23 away.
const coinciding = {
  architectures: [
    arch('hdd_only', counts(115), 20_700, 1_968),
    arch('dram_ic_hdd', counts(115), 20_700, 1_968),
    arch('ssd_lfu_hdd', counts(115), 20_700, 1_968),
  ],
  evaluated: [
    evaluated('hdd_only', counts(115), 20_700, 1_968),
    evaluated('dram_ic_hdd', counts(115), 20_700, 1_968),
    evaluated('ssd_lfu_hdd', counts(115), 20_700, 1_968),
    evaluated('dram_ic_hdd', counts(115, 1), 20_723, 1_968),
  ],
} as unknown as OptimizeResult;

describe('the cost chart', () => {
  it('labels every optimum; coinciding optima share one label, other points have none', () => {
    const points = costPoints(coinciding);
    expect(points.map((p) => p.pointText)).toEqual(['HDD only', 'DRAM IC', 'SSD LFU', undefined]);
    expect(points[1].label).toMatch(/its optimum$/);
    // As the chart places them on a 700 px plot.
    const texts = placeTexts(points, (p) => [100 + (p.x - 20_700) * 20, 50], 700);
    expect(texts.map((t) => t.text)).toEqual(['HDD only, DRAM IC, SSD LFU']);
    expect(coincidingOptima(coinciding)).toEqual([
      'HDD only and DRAM interval cache + HDD and SSD file-level LFU + HDD have the same optimum ($20,700.00): one marker on the chart, labelled with each, and one row each in the table.',
    ]);
  });

  it('gives each architecture its own fixed colour, whatever was searched', () => {
    const colors = ARCHITECTURES.map((a) => ARCH_COLORS[a.label]);
    expect(new Set(colors).size).toBe(ARCHITECTURES.length);
    for (const p of costPoints(coinciding)) expect(ARCH_COLORS[p.group]).toBeDefined();
  });
});
