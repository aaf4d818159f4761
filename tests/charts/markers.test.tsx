// @vitest-environment jsdom
// Marker kinds of the line chart: a hollow marker for a provisional value, an
// up-arrow for a lower bound and a small dot for a value not measured, each named in the legend (only when some
// point is one), in the point's accessible name and in the data table.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LineChart } from '../../src/charts/index';
import type { LineSeries } from '../../src/charts/types';

const series: LineSeries[] = [
  {
    id: 'hdd',
    label: 'HDD only',
    points: [
      { x: 1, y: 0, lo: 0, hi: 0 },
      { x: 2, y: 0.1, lo: 0.1, hi: 0.1, open: true, note: '1 of 3 replications' },
      { x: 3, y: 0.4, atLeast: true, note: 'saturated' },
    ],
  },
];
const legend = { open: 'provisional: more replications to come', atLeast: 'saturated: at least this', inferred: 'not run: 0 % vouched for' };

describe('line chart markers', () => {
  it('draws provisional points hollow and lower bounds with an arrow, and says so', () => {
    const { container } = render(<LineChart title="t" xLabel="rate" yLabel="miss" series={series} markerLegend={legend} testId="m" />);
    const [full, open, bound] = [0, 1, 2].map((i) => screen.getByTestId(`m-point-hdd-${i}`));
    expect(full.getAttribute('data-open')).toBeNull();
    expect(open.getAttribute('data-open')).toBe('true');
    expect(open.getAttribute('class')).toContain('ck-point-open');
    expect(bound.getAttribute('data-at-least')).toBe('true');
    expect(container.querySelectorAll('.ck-arrow')).toHaveLength(1);
    expect(open.getAttribute('aria-label')).toContain('1 of 3 replications');
    expect(bound.getAttribute('aria-label')).toContain('miss: ≥ 0.4');
    expect(bound.getAttribute('aria-label')).not.toContain('95 % CI');
    expect(screen.getByTestId('legend-marker-open').textContent).toBe(legend.open);
    expect(screen.getByTestId('legend-marker-at-least').textContent).toBe(legend.atLeast);
    // The line joins the two values and stops before the lower bound: two
    // vertices (M, L), none at the bound's x.
    const d = container.querySelector('.ck-line')!.getAttribute('d')!;
    expect(d.match(/[ML]/g)).toEqual(['M', 'L']);
  });

  it('draws a value not measured as a small dot, joined by the line, named in the legend and its accessible name', () => {
    const withInferred: LineSeries[] = [
      { id: 'hdd', label: 'HDD only', points: [{ x: 1, y: 0, inferred: true, note: 'not run' }, series[0].points[0], { x: 4, y: 0, lo: 0, hi: 0 }] },
    ];
    const { container } = render(
      <LineChart title="t" xLabel="rate" yLabel="miss" series={withInferred} markerLegend={legend} testId="m" />,
    );
    const small = screen.getByTestId('m-point-hdd-0');
    expect(small.getAttribute('data-inferred')).toBe('true');
    expect(small.getAttribute('r')).toBe('2.5');
    expect(screen.getByTestId('m-point-hdd-1').getAttribute('r')).toBe('4');
    expect(small.getAttribute('aria-label')).toContain('not run');
    expect(screen.getByTestId('legend-marker-inferred').textContent).toBe(legend.inferred);
    expect(container.querySelector('.ck-line')!.getAttribute('d')!.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
  });

  it('leaves the marker legend out when no point is provisional, a bound or not measured', () => {
    const plain = [{ ...series[0], points: [series[0].points[0]] }];
    render(<LineChart title="t" xLabel="rate" yLabel="miss" series={plain} markerLegend={legend} testId="m" />);
    expect(screen.queryByTestId('legend-marker-open')).toBeNull();
    expect(screen.queryByTestId('legend-marker-at-least')).toBeNull();
    expect(screen.queryByTestId('legend-marker-inferred')).toBeNull();
  });

  it('dashes the lines whose colour the palette has already given (a ninth series on), in the legend too', () => {
    const many: LineSeries[] = Array.from({ length: 10 }, (_, k) => ({ id: `d${k}`, label: `device ${k}`, points: [{ x: 0, y: k }, { x: 1, y: k + 1 }] }));
    const { container } = render(<LineChart title="t" xLabel="x" yLabel="y" series={many} testId="many" />);
    const lines = [...container.querySelectorAll('.ck-line')];
    expect(lines).toHaveLength(10);
    expect(lines.slice(0, 8).every((l) => l.getAttribute('stroke-dasharray') === null)).toBe(true);
    expect(lines.slice(8).map((l) => l.getAttribute('stroke-dasharray'))).toEqual(['6 4', '6 4']);
    // The ninth has the first's colour, told apart by its dashes.
    expect(lines[8].getAttribute('stroke')).toBe(lines[0].getAttribute('stroke'));
  });

  it('keeps a focused marker on its point when the series gains a point before it', () => {
    // A figure that fills in its rates adds points inside a series; the marker a keyboard user is on must stay that point's.
    const two: LineSeries[] = [{ id: 'hdd', label: 'HDD only', points: [series[0].points[0], { x: 3, y: 0.2 }] }];
    const three: LineSeries[] = [{ id: 'hdd', label: 'HDD only', points: [series[0].points[0], { x: 2, y: 0.1 }, { x: 3, y: 0.2 }] }];
    const { rerender } = render(<LineChart title="t" xLabel="rate" yLabel="miss" series={two} testId="m" />);
    const marker = screen.getByTestId('m-point-hdd-1');
    marker.focus();
    rerender(<LineChart title="t" xLabel="rate" yLabel="miss" series={three} testId="m" />);
    expect(document.activeElement).toBe(marker);
    expect(marker.getAttribute('data-x')).toBe('3');
    expect(marker.getAttribute('data-testid')).toBe('m-point-hdd-2');
    expect(screen.getByTestId('m-point-hdd-1').getAttribute('data-x')).toBe('2');
  });
});

