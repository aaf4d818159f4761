// @vitest-environment jsdom
// The printed worksheet leaves out what is empty (an authored lesson's blank
// notes, a tier the step has 0 devices of), and the lesson chart's legend
// names what is drawn, in the colours drawn, with or without a sketch.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Worksheet } from '../../src/class/Worksheet';
import { OutcomeChart } from '../../src/class/OutcomeChart';
import { AUTHOR_FIELDS, LESSONS } from '../../src/class/lessons';
import { setField, type Lesson, type Outcome } from '../../src/class/model';
import { simApi } from '../helpers/wasm';

const api = simApi();

describe('Worksheet', () => {
  it('prints no empty notes and no 0-device tier, but a 0-device tier the student may change', () => {
    const field = (p: string) => AUTHOR_FIELDS.find((f) => f.path === p)!;
    let s = api.preset('mmsys11-cost-hdd');
    s = setField(setField(s, 'tiers.interval_cache.count', 0), 'tiers.file_cache.count', 0);
    const lesson: Lesson = {
      id: 't-ws',
      title: 'An authored lesson',
      summary: '',
      notes: { goal: '', misconceptions: [], leavesOut: ' ' },
      steps: [
        {
          title: 'One',
          text: 'Look at the disks.',
          scenario: { scenario: s },
          shown: [field('workload.arrival_rate'), field('tiers.interval_cache.count'), field('tiers.file_cache.count')],
          free: ['tiers.file_cache.count'],
          measure: { kind: 'run', metric: 'rejection' },
          question: { kind: 'number', prompt: 'How many are rejected?', unit: '%', min: 0, max: 100, step: 1 },
          answer: { expected: 50, tolerance: 5, unit: '%', label: 'rejected' },
          explanation: '',
        },
      ],
    };
    const outcome: Outcome = { key: 50, points: [{ x: 0, y: 50 }] };
    const { container, queryByTestId } = render(<Worksheet lesson={lesson} outcomes={{ 0: outcome }} scenarios={{ 0: s }} errors={{}} answers />);
    const text = container.textContent ?? '';
    expect(queryByTestId('ws-notes')).toBeNull();
    for (const gone of ['Teacher notes', 'Goal', 'Misconceptions', 'What the model leaves out', 'DRAM interval cache']) expect(text).not.toContain(gone);
    expect(container.querySelector('.ws-inputs')?.textContent).toBe('Arrival rate λ: 1 requests/s · SSDs (file-level LFU): 0 devices (you may change it)');
    // A built-in lesson keeps its notes.
    const built = LESSONS[0];
    const b = render(<Worksheet lesson={built} outcomes={{}} scenarios={{}} errors={{}} answers />);
    expect(b.getByTestId('ws-notes').textContent).toContain('What the model leaves out:');
  });
});

describe('OutcomeChart', () => {
  it('draws the analytic curve over the simulated line, in the legend\'s colour, with or without a sketch', () => {
    const step = LESSONS.find((l) => l.id === 'disk-bandwidth')!.steps[1];
    if (step.measure.kind !== 'sweep') throw new Error('step 2 is a sweep');
    const pts = step.measure.values.map((x, i) => ({ x, y: 80 - 6 * i }));
    const outcome: Outcome = { key: 13, points: pts, overlay: { label: 'Erlang B (analytic)', points: pts } };
    const colours = (prediction?: { kind: 'sketch'; ys: number[] }) => {
      const { container, unmount } = render(<OutcomeChart step={step} outcome={outcome} prediction={prediction} width={640} height={360} />);
      const overlay = container.querySelector('[data-testid="outcome-chart-overlay-analytic"]')!;
      const line = container.querySelector('.ck-line')!;
      const legendLine = container.querySelector('[data-testid="legend-analytic"] line, [data-testid="legend-analytic"] path')!;
      // The overlay comes after (over) the lines in the drawing order.
      const above = (line.compareDocumentPosition(overlay) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      const r = { overlay: overlay.getAttribute('stroke'), legend: legendLine.getAttribute('stroke'), model: line.getAttribute('stroke'), above };
      unmount();
      return r;
    };
    const plain = colours();
    const sketched = colours({ kind: 'sketch', ys: pts.map((p) => p.y + 5) });
    expect(plain).toEqual({ overlay: '#009E73', legend: '#009E73', model: '#0072B2', above: true });
    expect(sketched).toEqual(plain);
  });

  it('keeps the bar chart\'s y-axis title clear of its tick labels at the presenter\'s size (issue 51: "600" read "500")', () => {
    const step = LESSONS.find((l) => l.id === 'flash-capacity-bandwidth')!.steps[0];
    expect(step.measure.kind).toBe('variants');
    const outcome: Outcome = { key: 3, points: [596, 617, 623, 1036].map((y, x) => ({ x, y })), labels: ['as is', 'twice the bandwidth', 'twice the capacity', 'a second SSD'] };
    // The presenter draws charts at half size: a short plot wraps the title to three lines.
    for (const [width, height] of [[560, 190], [640, 360]]) {
      const { container, unmount } = render(<OutcomeChart step={step} outcome={outcome} width={width} height={height} />);
      const titles = [...container.querySelectorAll('.ck-axis-y .ck-axis-label')];
      expect(titles.length).toBeGreaterThan(0);
      // A rotated line is about 13 px tall, centred on its x.
      const titleRight = Math.max(...titles.map((t) => Number(/translate\(([\d.]+),/.exec(t.getAttribute('transform') ?? '')![1]) + 7));
      const ticks = [...container.querySelectorAll('.ck-axis-y .ck-tick')];
      // Tick labels are right-aligned at x, about 6.6 px a character.
      const tickLeft = Math.min(...ticks.map((t) => Number(t.getAttribute('x')) - 6.6 * (t.textContent ?? '').length));
      expect(titleRight, `${width}×${height}: ${titles.length} title lines`).toBeLessThan(tickLeft);
      unmount();
    }
  });
});
