// @vitest-environment jsdom
// The line chart's second x axis: the same positions in another unit (a
// cache size's dollars), its ticks placed where x × factor falls, its value
// in tooltips' labels and the data table.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LineChart } from '../../src/charts/index';

const series = [{ id: 'lru', label: 'LRU', points: [1, 10, 100, 1000].map((x, i) => ({ x, y: 0.2 * (i + 1) })) }];

describe('LineChart second axis', () => {
  it('draws a top axis at x × factor, in the same pixels', () => {
    const { container } = render(
      <LineChart
        title="hit ratio"
        xLabel="size (GB)"
        yLabel="hit ratio"
        xScale="log"
        series={series}
        width={640}
        height={380}
        testId="c"
        x2={{ label: 'Cost ($)', factor: 2, format: (v) => `$${v}` }}
      />,
    );
    const top = screen.getByTestId('c-x2');
    expect(top.textContent).toContain('Cost ($)');
    const ticks = [...top.querySelectorAll('g')].map((g) => ({ text: g.textContent, at: g.getAttribute('transform') }));
    // $20 sits where 10 GB sits on the bottom axis.
    const bottom = [...container.querySelectorAll('.ck-axis-x:not(.ck-axis-x2) g')].map((g) => ({ text: g.textContent, at: g.getAttribute('transform') }));
    const x10 = bottom.find((t) => t.text === '10')!.at!.match(/translate\(([\d.]+),/)![1];
    const d20 = ticks.find((t) => t.text === '$20');
    if (d20) expect(d20.at!.match(/translate\(([\d.]+),/)![1]).toBe(x10);
    // Either way the ticks are dollars of the domain (2 to 2000).
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((t) => /^\$\d/.test(t.text ?? ''))).toBe(true);
    // The point's label and the table carry the dollars.
    expect(screen.getByTestId('c-point-lru-1').getAttribute('aria-label')).toContain('Cost ($): $20');
    expect(container.querySelector('table')?.textContent).toContain('$2000');
  });

  it('draws no second axis without a usable factor', () => {
    render(<LineChart title="t" xLabel="x" yLabel="y" series={series} testId="d" x2={{ label: '$', factor: 0, format: String }} />);
    expect(screen.queryByTestId('d-x2')).toBeNull();
  });
});
