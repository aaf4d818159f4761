// @vitest-environment jsdom
// Device characterisation in the catalog (model §11) with the real core
// behind it: the rows of a run, the real drive's published figures beside the
// rows they name, the preconditioning chart's points, Cancel, and the core's
// field-named refusals.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import type { Device, Scenario } from '../../src/engine/types';
import type { Engine } from '../../src/worker/contract';
import { FormContext } from '../../src/shared/form';
import { DeviceCatalog } from '../../src/planner/DeviceCatalog';
import { CharacterisationTable, PreconditionCharts, QueueDepthChart } from '../../src/planner/CharacterisationPanel';
import {
  figuresForRow,
  iopsByQueueDepth,
  parseQueueDepths,
  preconditionSeries,
  splitFieldMessages,
  timeUnit,
  type CharacterizeSpec,
} from '../../src/planner/characterise';
import { simApi } from '../helpers/wasm';
import { testEngine } from '../helpers/engine';

/** The X25-M preset shrunk to 128 MB (same timings), so a characterisation takes a moment. */
function smallX25m(): Device {
  const d = simApi().requestDevicePresets().find((x) => x.id === 'x25m')!;
  return { ...d, capacity_gb: 0.125 };
}

const QUICK: CharacterizeSpec = { queue_depths: [1, 32], seconds: 0.2, precondition_passes: 2, seed: 1, model: 'scalable' };

function Catalog({ engine, initial }: { engine: Engine; initial: Scenario }) {
  const [scenario, setScenario] = useState(initial);
  return (
    <FormContext.Provider value={{ errors: [], setLocalInvalid: () => undefined }}>
      <DeviceCatalog
        devices={scenario.devices}
        presets={simApi().devicePresets()}
        inUse={[]}
        engine={engine}
        edit={(f) => {
          const next = structuredClone(scenario);
          f(next);
          setScenario(next);
        }}
      />
    </FormContext.Provider>
  );
}

describe('characterisation shaping', () => {
  it('joins a row with the figures that name its pattern, state and queue depth', () => {
    const figures = simApi().deviceFigures();
    const row = (pattern: 'rand_write4k' | 'seq_read128k', state: 'fresh' | 'steady', queue_depth: number) => ({
      pattern,
      state,
      queue_depth,
      mbps: 1,
      iops: 1,
      mean_ms: 1,
      p99_ms: 1,
      p999_ms: 1,
      max_ms: 1,
      wa: 1,
    });
    expect(figuresForRow('x25m', row('rand_write4k', 'steady', 1), figures).map((f) => f.mbps)).toEqual([3.25]);
    expect(figuresForRow('x25m', row('rand_write4k', 'fresh', 1), figures)).toEqual([]);
    expect(figuresForRow('x25m', row('rand_write4k', 'steady', 32), figures)).toEqual([]);
    // A datasheet rates a drive as it ships (fresh); its "up to" holds at any queue depth unless it names one.
    expect(figuresForRow('x25m', row('seq_read128k', 'fresh', 32), figures).map((f) => f.mbps)).toEqual([250]);
    expect(figuresForRow('ocz_core_v2', row('rand_write4k', 'steady', 1), figures).map((f) => f.mbps)).toEqual([0.02]);
    expect(figuresForRow('hdd7200', row('rand_write4k', 'steady', 1), figures)).toEqual([]);
  });

  it('shapes IOPS against queue depth per test, and counts simulated preconditioning only for a per-page model', () => {
    const r = (pattern: 'rand_read4k' | 'rand_write4k', state: 'fresh' | 'steady', queue_depth: number, iops: number) => ({
      pattern,
      state,
      queue_depth,
      mbps: 1,
      iops,
      mean_ms: 1,
      p99_ms: 1,
      p999_ms: 1,
      max_ms: 1,
      wa: 1,
    });
    const series = iopsByQueueDepth([r('rand_read4k', 'fresh', 32, 30), r('rand_read4k', 'fresh', 1, 4), r('rand_write4k', 'steady', 1, 2)]);
    expect(series.map((s) => s.id)).toEqual(['rand_read4k-fresh', 'rand_write4k-steady']);
    expect(series[0].points).toEqual([
      { x: 1, y: 4 },
      { x: 32, y: 30 },
    ]);
    expect(series[0].label).toBe('4 KB random read');
    const x25m = simApi()
      .requestDevicePresets()
      .find((d) => d.id === 'x25m')!;
    const spec = { ...QUICK, precondition_passes: 2 };
    // The core's one rule of which model runs: the scalable model samples the preconditioning, the reference writes the
    // X25-M's 80 GB twice in 4 KB pages, and a drive without a controller is the per-page model whatever is asked.
    const plan = (d: typeof x25m, sp: typeof spec) => simApi().characterizePlan(d, sp);
    expect(plan(x25m, spec)).toEqual({ model: 'scalable', precondition_writes: 0 });
    const ref = plan(x25m, { ...spec, model: 'reference' });
    expect(ref.model).toBe('reference');
    expect(ref.precondition_writes / 1e6).toBeCloseTo(41.94, 2);
    const plain = { ...x25m, flash: { ...x25m.flash!, controller: null } };
    expect(plan(plain, spec)).toEqual(ref);
  });

  it('reads queue depths, picks a readable time unit and splits the core’s field messages', () => {
    expect(parseQueueDepths('1, 32')).toEqual([1, 32]);
    expect(parseQueueDepths('1 4,8')).toEqual([1, 4, 8]);
    expect(parseQueueDepths('0.5')).toBeNull();
    expect(parseQueueDepths('')).toBeNull();
    expect(timeUnit(90).unit).toBe('s');
    expect(timeUnit(900).unit).toBe('min');
    expect(timeUnit(20_000).unit).toBe('h');
    const s = preconditionSeries({ t_s: [600, 1200], mbps: [5, 1], wa: [1, 3] });
    expect(s.unit).toBe('min');
    expect(s.mbps[0].points).toEqual([
      { x: 10, y: 5 },
      { x: 20, y: 1 },
    ]);
    expect(splitFieldMessages('characterize.seconds: -1 is out of range: must be 0 < value ≤ 3600 s; device.flash: x: impossible geometry')).toEqual([
      { path: 'characterize.seconds', message: '-1 is out of range: must be 0 < value ≤ 3600 s' },
      { path: 'device.flash', message: 'x: impossible geometry' },
    ]);
  });
});

/** The core's characterisation of `d`, stepped to the end on this thread. */
let oneShotId = 800_000;
function characterizeNow(d: Device, spec: CharacterizeSpec) {
  return simApi().characterize(oneShotId++, d, spec);
}

const result = await characterizeNow(smallX25m(), QUICK);

describe('CharacterisationTable and PreconditionCharts', () => {

  it('renders every row of the core with the published figure beside the rows it names', () => {
    render(<CharacterisationTable deviceId="x25m" rows={result.rows} figures={simApi().deviceFigures()} />);
    const rows = screen.getAllByTestId('char-row');
    expect(rows).toHaveLength(result.rows.length);
    expect(rows).toHaveLength(5 * 2 * 2); // patterns × queue depths × fresh/steady
    const at = (pattern: string, state: string, qd: number) => rows.find((r) => r.dataset.pattern === pattern && r.dataset.state === state && r.dataset.qd === String(qd))!;
    const steadyWrite = at('rand_write4k', 'steady', 1);
    expect(Number(steadyWrite.dataset.mbps)).toBe(result.rows.find((r) => r.pattern === 'rand_write4k' && r.state === 'steady' && r.queue_depth === 1)!.mbps);
    expect(within(steadyWrite).getByTestId('char-published').textContent).toMatch(/^3\.25 MB\/s measured \(NOSSDAV'12 Table 1\); model ÷ published /);
    expect(within(at('rand_read4k', 'steady', 1)).getByTestId('char-published').textContent).toMatch(/^15\.5 MB\/s measured/);
    expect(within(at('seq_write128k', 'fresh', 32)).getByTestId('char-published').textContent).toMatch(/^70 MB\/s datasheet \(Intel X25-M datasheet\)/);
    expect(within(at('rand_write4k', 'fresh', 1)).getByTestId('char-published').textContent).toBe('—');
    expect(within(at('mixed4k', 'steady', 1)).getByTestId('char-published').textContent).toBe('—');
  });

  it('draws IOPS against queue depth, a point per row', () => {
    render(<QueueDepthChart deviceId="x25m" rows={result.rows} />);
    const points = screen.getAllByTestId(/^char-qd-(fresh|steady)-point-/);
    expect(points).toHaveLength(result.rows.length);
    expect(screen.getByTestId('char-qd-steady').textContent).toMatch(/queue depth/);
  });

  it('draws every bucket of the preconditioning, with the measured random-write rate across it', () => {
    const p = result.precondition!;
    render(<PreconditionCharts deviceId="x25m" series={p} figures={simApi().deviceFigures()} />);
    const points = screen.getAllByTestId(/^char-mbps-point-mbps-/);
    expect(points).toHaveLength(p.t_s.length);
    expect(Number(points[0].getAttribute('data-y'))).toBe(p.mbps[0]);
    expect(Number(points[points.length - 1].getAttribute('data-y'))).toBe(p.mbps[p.mbps.length - 1]);
    // The cliff: fresh writes outrun the steady state's.
    expect(p.mbps[0]).toBeGreaterThan(p.mbps[p.mbps.length - 1]);
    expect(screen.getByTestId('char-mbps-reference-published-0')).toBeTruthy();
    expect(screen.getAllByTestId(/^char-wa-point-wa-/)).toHaveLength(p.wa.length);
    // Labelled with units.
    expect(screen.getByTestId('char-mbps').textContent).toMatch(/throughput \(MB\/s\)/);
  });
});

describe('Characterise in the device catalog', () => {
  function scenarioWith(devices: Device[]): Scenario {
    return { ...simApi().defaultScenario(), devices };
  }

  it('offers Characterise on SSDs and disks only, runs it and shows the table and the chart', async () => {
    const dram = simApi()
      .devicePresets()
      .find((d) => d.kind === 'dram')!;
    render(<Catalog engine={testEngine()} initial={scenarioWith([smallX25m(), dram])} />);
    expect(screen.queryByTestId('characterise-device-1')).toBeNull();
    fireEvent.click(screen.getByTestId('characterise-device-0'));
    const panel = await screen.findByTestId('char-panel');
    expect(panel.dataset.device).toBe('x25m');
    // The first run uses the core's default spec; shorten it and run again.
    await screen.findByTestId('char-result', {}, { timeout: 60_000 });
    fireEvent.change(screen.getByTestId('char-queue_depths'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('char-seconds'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByTestId('char-run'));
    await waitFor(() => expect(screen.getAllByTestId('char-row')).toHaveLength(5 * 2), { timeout: 60_000 });
    const expected = await characterizeNow(smallX25m(), { ...QUICK, queue_depths: [1] });
    expect(screen.getAllByTestId('char-row').map((r) => Number(r.dataset.mbps))).toEqual(expected.rows.map((r) => r.mbps));
    expect(screen.getAllByTestId(/^char-mbps-point-mbps-/)).toHaveLength(expected.precondition!.t_s.length);
  });

  it('shows the core’s refusal beside the field it names, and Cancel stops a run', async () => {
    let release: (() => void) | null = null;
    const base = testEngine();
    const engine: Engine = {
      ...base,
      characterize: (d, s, req) =>
        s.seconds === 7 ? new Promise((_, reject) => {
          release = () => reject(new DOMException('the run was cancelled', 'AbortError'));
          req?.signal?.addEventListener('abort', () => release?.());
        }) : base.characterize(d, s, req),
    };
    render(<Catalog engine={engine} initial={scenarioWith([smallX25m()])} />);
    fireEvent.click(screen.getByTestId('characterise-device-0'));
    await screen.findByTestId('char-result', {}, { timeout: 60_000 });
    fireEvent.change(screen.getByTestId('char-queue_depths'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('char-seconds'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('char-run'));
    await waitFor(() => expect(screen.getByTestId('char-panel').textContent).toMatch(/-1 is out of range/));
    expect(screen.getByTestId('char-seconds').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('char-seconds'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('char-run'));
    await waitFor(() => expect(screen.getByTestId('char-cancel')).toHaveProperty('disabled', false));
    expect(screen.getByTestId('characterise-device-0')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('char-cancel'));
    await waitFor(() => expect(screen.getByTestId('char-status').textContent).toBe('Cancelled.'));
    expect(screen.getByTestId('characterise-device-0')).toHaveProperty('disabled', false);
  });
});
