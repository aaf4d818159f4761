// An x-axis title stays inside the chart on a phone: a long title under a
// narrow plot moves, rather than running off the chart's right edge.
import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_CHAR_PX, axisLabelCentre } from '../../src/charts/Axes';

const m = { top: 10, right: 16, bottom: 48, left: 90 };

describe('axisLabelCentre', () => {
  it('centres a title that fits under the plot', () => {
    expect(axisLabelCentre('IOPS', 640, m)).toBe((90 + 640 - 16) / 2);
  });

  it('moves a long title left on a narrow chart so both ends are inside', () => {
    const label = 'queue depth (I/Os outstanding)';
    const width = 280;
    const x = axisLabelCentre(label, width, m);
    const half = (label.length * AXIS_LABEL_CHAR_PX) / 2;
    expect(x).toBeLessThan((90 + width - 16) / 2);
    expect(x + half).toBeLessThanOrEqual(width);
    expect(x - half).toBeGreaterThanOrEqual(0);
  });

  it('centres on the chart a title wider than the chart itself', () => {
    expect(axisLabelCentre('x'.repeat(80), 300, m)).toBe(150);
  });
});
