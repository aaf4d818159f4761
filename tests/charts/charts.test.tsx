// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { csvParse } from 'd3-dsv';
import { Heatmap, LineChart, ScatterChart, csvBody, paretoFront, seriesColor, svgText, toCsv, APP_VERSION } from '../../src/charts/index';
import { nextPoint } from '../../src/charts/focus';
import { Tooltip } from '../../src/charts/Tooltip';
import type { LineSeries } from '../../src/charts/types';

const series: LineSeries[] = [
  {
    id: 'dram',
    label: 'DRAM interval cache',
    points: [
      { x: 0.5, y: 12.3, lo: 11.1, hi: 13.5 },
      { x: 1, y: 30.25, lo: 28, hi: 32.5 },
      { x: 2, y: 61.7, lo: 58.2, hi: 65.2 },
    ],
  },
  {
    id: 'ssd',
    label: 'SSD LFU cache',
    points: [
      { x: 0.5, y: 40, lo: 38, hi: 42 },
      { x: 1, y: 80, lo: 77, hi: 83 },
      { x: 2, y: 150, lo: 144, hi: 156 },
    ],
  },
];

function svgOf(container: HTMLElement): string {
  return container.querySelector('svg')!.outerHTML.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:|«r[0-9a-z]+»/g, 'ID');
}

describe('LineChart', () => {
  it('renders CI bands, an analytic overlay and a reference line (snapshot)', () => {
    const { container } = render(
      <LineChart
        title="Buffered streams vs arrival rate"
        xLabel="arrival rate λ (requests/s)"
        yLabel="streams"
        series={series}
        overlays={[{ id: 'erlang', label: 'Erlang B (HDD)', points: [{ x: 0.5, y: 20 }, { x: 1, y: 45 }, { x: 2, y: 90 }] }]}
        references={[{ id: 'ceiling', label: 'SSD bandwidth ceiling', y: 647 / 4 }]}
      />,
    );
    expect(container.querySelectorAll('[data-testid^="line-chart-band-"]')).toHaveLength(2);
    expect(container.querySelector('[data-testid="line-chart-overlay-erlang"]')!.getAttribute('d')).toMatch(/^M/);
    expect(container.querySelector('[data-testid="line-chart-reference-ceiling"]')).not.toBeNull();
    expect(svgOf(container)).toMatchSnapshot();
  });

  it('has one point per value with its data, and the band spans lo..hi', () => {
    render(<LineChart title="t" xLabel="x (s)" yLabel="y (streams)" series={series} />);
    const p = screen.getByTestId('line-chart-point-ssd-1');
    expect(p.getAttribute('data-x')).toBe('1');
    expect(p.getAttribute('data-y')).toBe('80');
    expect(p.getAttribute('data-lo')).toBe('77');
    expect(p.getAttribute('fill')).toBe(seriesColor(1));
    expect(screen.getAllByTestId(/^line-chart-point-/)).toHaveLength(6);
  });

  it('moves focus with the arrow keys and shows the exact value and CI', () => {
    render(<LineChart title="t" xLabel="λ (1/s)" yLabel="streams" series={series} />);
    const first = screen.getByTestId('line-chart-point-dram-0');
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(screen.getByTestId('line-chart-point-dram-1').getAttribute('tabindex')).toBe('-1');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('line-chart-point-dram-1'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('line-chart-point-ssd-1'));
    const tip = screen.getByTestId('line-chart-tooltip');
    expect(tip.textContent).toContain('SSD LFU cache');
    expect(tip.textContent).toContain('streams: 80');
    expect(tip.textContent).toContain('95 % CI: 77 – 83');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('line-chart-tooltip')).toBeNull();
  });

  it('keeps a tooltip no wider than the room on its side of the point', () => {
    const { rerender } = render(<Tooltip tip={{ x: 100, y: 10, lines: ['a'] }} width={400} height={300} testId="t" />);
    // A quarter of the way across: 75 % of the chart to its right.
    expect(screen.getByTestId('t-tooltip').getAttribute('style')).toContain('max-width: min(340px, calc(75.00% - 14px))');
    // Past the middle it flips to the left, with 80 % of the chart there.
    rerender(<Tooltip tip={{ x: 320, y: 10, lines: ['a'] }} width={400} height={300} testId="t" />);
    expect(screen.getByTestId('t-tooltip').getAttribute('style')).toContain('max-width: min(340px, calc(80.00% - 14px))');
  });

  it('draws a log axis with decade ticks and keeps zero values on its floor', () => {
    const { container } = render(
      <LineChart
        title="lifetime"
        xLabel="x"
        yLabel="lifetime (days)"
        yScale="log"
        series={[{ id: 'a', label: 'a', points: [{ x: 1, y: 3 }, { x: 2, y: 3000 }, { x: 3, y: 0 }] }]}
      />,
    );
    const ticks = Array.from(container.querySelectorAll('.ck-axis-y .ck-tick')).map((t) => t.textContent);
    expect(ticks).toEqual(['1', '10', '100', '1000', '10,000'].map((v) => v.replace(',', ',')));
    const floor = screen.getByTestId('line-chart-point-a-2').getAttribute('cy');
    expect(Number(floor)).toBeGreaterThan(Number(screen.getByTestId('line-chart-point-a-0').getAttribute('cy')));
  });
});

describe('ScatterChart', () => {
  const pts = [
    { id: 'a', x: 1000, y: 100, group: 'HDD only' },
    { id: 'b', x: 1500, y: 300, group: 'DRAM + HDD' },
    { id: 'c', x: 2000, y: 250, group: 'DRAM + HDD' },
    { id: 'd', x: 2500, y: 600, group: 'SSD + HDD' },
    { id: 'e', x: 3000, y: 500, group: 'SSD + HDD' },
  ];
  it('highlights the Pareto front (snapshot)', () => {
    const { container } = render(<ScatterChart title="cost vs streams" xLabel="cost (US$)" yLabel="streams" points={pts} />);
    const front = Array.from(container.querySelectorAll('[data-pareto="true"]')).map((e) => e.getAttribute('data-testid'));
    expect(front).toEqual(['scatter-chart-point-a', 'scatter-chart-point-b', 'scatter-chart-point-d']);
    expect(container.querySelector('[data-testid="scatter-chart-pareto"]')).not.toBeNull();
    expect(svgOf(container)).toMatchSnapshot();
  });
  it('puts point texts beside their points, or pointTextDy below them', () => {
    const labelled = [{ id: 'a', x: 1000, y: 100, group: 'g', pointText: 'A' }, { id: 'b', x: 2000, y: 100, group: 'g' }];
    const yOf = (dy?: number) => {
      const { container, unmount } = render(<ScatterChart title="t" xLabel="x" yLabel="y" points={labelled} pointTextDy={dy} width={400} height={300} />);
      const cy = Number(container.querySelector('[data-testid="scatter-chart-point-a"]')!.getAttribute('cy'));
      const texts = Array.from(container.querySelectorAll('[data-testid="scatter-chart-text"]'));
      const ty = Number(texts[0].getAttribute('y'));
      unmount();
      return { n: texts.length, offset: ty - cy };
    };
    expect(yOf()).toEqual({ n: 1, offset: 0 });
    expect(yOf(15)).toEqual({ n: 1, offset: 15 });
  });
  it('gives one point distinct ticks around it', () => {
    const { container } = render(<ScatterChart title="t" xLabel="streams" yLabel="$" points={[{ id: 'a', x: 60000, y: 58640, group: 'g' }]} width={600} height={300} />);
    const ticks = Array.from(container.querySelectorAll('.ck-axis-x text.ck-tick')).map((e) => e.textContent);
    expect(ticks.length).toBeGreaterThan(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    const cx = Number(container.querySelector('[data-testid="scatter-chart-point-a"]')!.getAttribute('cx'));
    expect(cx).toBeGreaterThan(100);
    expect(cx).toBeLessThan(500);
  });
  it('computes the front for other senses', () => {
    expect(paretoFront(pts, { x: 'max', y: 'min' }).map((p) => p.id)).toEqual(['a', 'c', 'e']);
    expect(paretoFront([{ id: 'x', x: 1, y: 1 }, { id: 'y', x: 1, y: 2 }]).map((p) => p.id)).toEqual(['y']);
  });
});

describe('Heatmap', () => {
  it('renders a grid with a colour legend (snapshot)', () => {
    const cells = [0.2, 0.5, 0.8].flatMap((u, i) => [1, 2].map((r, j) => ({ x: u, y: r, value: 10 * i + j * 3 })));
    const { container } = render(
      <Heatmap title="streams over (u, r)" xLabel="u" yLabel="r (MB/s)" valueLabel="streams" cells={cells} />,
    );
    expect(container.querySelectorAll('.ck-cell')).toHaveLength(6);
    expect(screen.getByTestId('heatmap-cell-2-1').getAttribute('data-value')).toBe('23');
    // Lowest value gets viridis' dark end, highest its yellow end.
    expect(screen.getByTestId('heatmap-cell-0-0').getAttribute('fill')).toBe('rgb(68, 1, 84)');
    expect(screen.getByTestId('heatmap-cell-2-1').getAttribute('fill')).toBe('rgb(253, 231, 37)');
    expect(svgOf(container)).toMatchSnapshot();
  });
  it('places a marker between cells by interpolating their centres', () => {
    const cells = [0.2, 0.5, 0.8].flatMap((u) => [1, 2].map((r) => ({ x: u, y: r, value: u + r })));
    render(
      <Heatmap title="t" xLabel="u" yLabel="r" valueLabel="v" cells={cells} width={400} height={300} marker={{ x: 0.65, y: 1.5, label: 'best' }} />,
    );
    const centre = (id: string) => {
      const c = screen.getByTestId(id);
      const n = (a: string) => Number(c.getAttribute(a));
      return [n('x') + n('width') / 2, n('y') + n('height') / 2];
    };
    const [ax, ay] = centre('heatmap-cell-1-0'); // u = 0.5, r = 1
    const [bx, by] = centre('heatmap-cell-2-1'); // u = 0.8, r = 2
    const ring = screen.getByTestId('heatmap-marker').querySelector('circle')!;
    expect(Number(ring.getAttribute('cx'))).toBeCloseTo((ax + bx) / 2, 1);
    expect(Number(ring.getAttribute('cy'))).toBeCloseTo((ay + by) / 2, 1);
    expect(screen.getByTestId('heatmap-marker').textContent).toBe('best');
  });
});

describe('exports', () => {
  const meta = { link: 'https://example.test/#s=abc', seed: 42, title: 'Fig. 11' };
  it('writes CSV with a header naming link, seed and version, then the rows', () => {
    const text = toCsv([{ x: 1, y: 2.5 }, { x: 2, y: 3 }], ['x', 'y'], meta);
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['# Fig. 11', '# scenario: https://example.test/#s=abc', '# seed: 42', `# tierplan ${APP_VERSION}`]);
    expect(Array.from(csvParse(csvBody(text)))).toEqual([{ x: '1', y: '2.5' }, { x: '2', y: '3' }]);
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
  it('writes a standalone SVG with the header comment', () => {
    const { container } = render(<LineChart title="t" xLabel="x (s)" yLabel="y" series={series} />);
    const text = svgText(container.querySelector('svg')!, meta);
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain('scenario: https://example.test/#s=abc');
    expect(text).toContain('seed: 42');
    expect(text).not.toContain('tabindex');
    expect(new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });
});

describe('nextPoint', () => {
  it('skips empty series and clamps at the ends', () => {
    expect(nextPoint('ArrowDown', { s: 0, i: 5 }, [6, 0, 3])).toEqual({ s: 2, i: 2 });
    expect(nextPoint('ArrowLeft', { s: 0, i: 0 }, [6])).toEqual({ s: 0, i: 0 });
    expect(nextPoint('End', { s: 0, i: 0 }, [6])).toEqual({ s: 0, i: 5 });
    expect(nextPoint('a', { s: 0, i: 0 }, [6])).toBeNull();
  });
});
