// @vitest-environment jsdom
// More than six series tangle: pointing at one (a point or its legend entry) fades the others; a few series never fade.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from '../../src/charts';
import type { LineSeries } from '../../src/charts/types';

function many(n: number): LineSeries[] {
  return Array.from({ length: n }, (_, i) => ({ id: `d${i}`, label: `disk ${i}`, points: [0, 1, 2].map((x) => ({ x, y: (x + i) / 12 })) }));
}

const dimmed = (c: HTMLElement) => [...c.querySelectorAll('.ck-line')].map((e) => e.classList.contains('ck-dim'));

describe('LineChart highlight on hover', () => {
  it('ten series: a point pointed at keeps its line, the other nine fade; leaving it restores all', () => {
    const { container } = render(<LineChart title="busy" xLabel="min" yLabel="busy" series={many(10)} width={640} height={380} testId="hl" />);
    expect(dimmed(container).every((d) => !d)).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('hl-point-d3-1'));
    const d = dimmed(container);
    expect(d.filter(Boolean)).toHaveLength(9);
    expect(d[3]).toBe(false);
    expect(container.querySelectorAll('.ck-line')[3].classList.contains('ck-lit')).toBe(true);
    fireEvent.mouseLeave(screen.getByTestId('hl-point-d3-1'));
    expect(dimmed(container).every((x) => !x)).toBe(true);
  });

  it('ten series: the legend entry of a series highlights it, and keyboard focus on a point does too', () => {
    const { container } = render(<LineChart title="busy" xLabel="min" yLabel="busy" series={many(10)} width={640} height={380} testId="hl" />);
    fireEvent.mouseEnter(screen.getByTestId('legend-d7'));
    expect(dimmed(container)[7]).toBe(false);
    expect(dimmed(container).filter(Boolean)).toHaveLength(9);
    expect(screen.getByTestId('legend-d0').getAttribute('class')).toBe('ck-dim');
    fireEvent.mouseLeave(screen.getByTestId('legend-d7'));
    fireEvent.focus(screen.getByTestId('hl-point-d5-0'));
    expect(dimmed(container).filter(Boolean)).toHaveLength(9);
    expect(dimmed(container)[5]).toBe(false);
  });

  it('six series or fewer are never faded', () => {
    const { container } = render(<LineChart title="busy" xLabel="min" yLabel="busy" series={many(6)} width={640} height={380} testId="hl" />);
    fireEvent.mouseEnter(screen.getByTestId('hl-point-d2-1'));
    fireEvent.mouseEnter(screen.getByTestId('legend-d2'));
    expect(dimmed(container).some(Boolean)).toBe(false);
  });
});
