// @vitest-environment jsdom
// End tick labels stay inside their SVG (issue 50: "$45,000" and "10,000"
// were cut off at the axis ends).
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { scaleLinear } from 'd3-scale';
import { TICK_CHAR_PX, XAxis, tickShift, yAxisLeft } from '../../src/charts/Axes';

describe('tick labels at the ends of an axis', () => {
  it('moves an end label inward just enough, and leaves the others', () => {
    // "10,000" at the right edge of a 400 px chart: 6 characters, 21 px either side.
    const half = (6 * TICK_CHAR_PX) / 2;
    expect(tickShift(400 - 10, '10,000', 400)).toBeCloseTo(400 - 1 - half - 390);
    expect(400 - 10 + tickShift(400 - 10, '10,000', 400) + half).toBeLessThanOrEqual(399);
    expect(tickShift(5, '$45,000', 400)).toBeCloseTo(1 + (7 * TICK_CHAR_PX) / 2 - 5);
    expect(tickShift(200, '$45,000', 400)).toBe(0);
  });

  it('XAxis draws the shifted label', () => {
    const x = scaleLinear().domain([0, 45000]).range([18, 382]);
    const m = { top: 8, right: 18, bottom: 40, left: 18 };
    const { container } = render(
      <svg>
        <XAxis scale={x} ticks={[0, 45000]} format={(v) => `$${v.toLocaleString('en-US')}`} y={50} label="cost" width={400} m={m} />
      </svg>,
    );
    const [first, last] = [...container.querySelectorAll('text.ck-tick')];
    // "$0" fits at 18 px; "$45,000" at 382 px would end at 406.5 px.
    expect(first.getAttribute('x')).toBeNull();
    expect(Number(last.getAttribute('x'))).toBeLessThan(0);
    expect(382 + Number(last.getAttribute('x')) + (7 * TICK_CHAR_PX) / 2).toBeLessThanOrEqual(399.01);
  });

  it('a y axis makes room for its widest label', () => {
    expect(yAxisLeft(64, ['$0', '$45,000'], 1)).toBeGreaterThanOrEqual(34 + 6.6 * 7);
    expect(yAxisLeft(64, ['0', '5'], 1)).toBe(64);
    expect(yAxisLeft(64, ['0'], 2)).toBe(79);
  });
});
