// @vitest-environment jsdom
// Every chart carries its numbers twice for assistive technology: each point
// is a labelled graphics-symbol (a role that allows aria-label), and a folded
// data table under the chart lists every plotted value.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Heatmap, LineChart, ScatterChart } from '../../src/charts/index';

const rowsOf = (testId: string) =>
  within(screen.getByTestId(`${testId}-data`))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('chart text alternatives', () => {
  it('LineChart: points are labelled graphics symbols; the table has every point, overlay and reference', () => {
    render(
      <LineChart
        title="Streams vs λ"
        xLabel="λ (1/s)"
        yLabel="streams"
        series={[{ id: 'a', label: 'DRAM', points: [{ x: 0.5, y: 12.3, lo: 11.1, hi: 13.5 }, { x: 1, y: 30 }] }]}
        overlays={[{ id: 'e', label: 'Erlang B', points: [{ x: 1, y: 45 }] }]}
        references={[{ id: 'c', label: 'ceiling', y: 160 }]}
      />,
    );
    const point = screen.getByTestId('line-chart-point-a-0');
    expect(point.getAttribute('role')).toBe('graphics-symbol');
    expect(point.getAttribute('aria-label')).toBe('DRAM; λ (1/s): 0.5; streams: 12.3; 95 % CI: 11.1 – 13.5');
    const table = within(screen.getByTestId('line-chart-data')).getByRole('table', { name: 'Streams vs λ' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Series', 'λ (1/s)', 'streams', '95 % CI']);
    expect(rowsOf('line-chart')).toEqual([
      ['DRAM', '0.5', '12.3', '11.1 – 13.5'],
      ['DRAM', '1', '30', ''],
      ['Erlang B (analytic)', '1', '45', ''],
      ['ceiling (reference line)', 'all', '160', ''],
    ]);
  });

  it('ScatterChart and Heatmap list every point and cell', () => {
    render(
      <>
        <ScatterChart
          title="cost vs streams"
          xLabel="cost"
          yLabel="streams"
          points={[
            { id: 'p', x: 1000, y: 100, group: 'HDD' },
            { id: 'q', x: 2000, y: 50, group: 'SSD' },
          ]}
        />
        <Heatmap title="grid" xLabel="u" yLabel="r" valueLabel="cost" cells={[{ x: 0.5, y: 1, value: 7, note: '±1' }]} />
      </>,
    );
    expect(screen.getByTestId('scatter-chart-point-p').getAttribute('role')).toBe('graphics-symbol');
    expect(rowsOf('scatter-chart')).toEqual([
      ['HDD', '1000', '100', 'yes'],
      ['SSD', '2000', '50', 'no'],
    ]);
    expect(screen.getByTestId('heatmap-cell-0-0').getAttribute('role')).toBe('graphics-symbol');
    expect(rowsOf('heatmap')).toEqual([['0.5', '1', '7 ±1']]);
  });
});
