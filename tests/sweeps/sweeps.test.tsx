// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loadStudies, simApi } from '../helpers/wasm';
import { chartData } from '../../src/sweeps/chartData';
import { FIGURES } from '../../src/sweeps/figures';
import { METRICS, getNumber, setNumber, sweepFields, sweepValues, type SweepSpec } from '../../src/sweeps/model';
import { analyticsFor, runSweep, sweepTasks, validateSweep, type SweepPoint } from '../../src/sweeps/runner';
import { SweepsPage } from '../../src/sweeps/SweepsView';
import { createStudiesApi } from '../../src/worker/studies-api';
import { testEngine } from '../helpers/engine';

// The sweeps' studies in this process (the browser holds them in a worker).
const studies = createStudiesApi(loadStudies());


const short = (id: string) => {
  const s = simApi().preset(id);
  return { ...s, run: { ...s.run, duration_h: 0.5, replications: 2 } };
};

describe('sweep model', () => {
  it('lists numeric fields with units and sets them by path', () => {
    const s = simApi().preset('mmsys11-fig11-ssd');
    const fields = sweepFields(s);
    const paths = fields.map((f) => f.path);
    expect(paths).toContain('workload.arrival_rate');
    expect(paths).toContain('workload.classes[0].length_min');
    expect(paths).toContain('tiers.file_cache.count');
    const i = s.devices.findIndex((d) => d.id === 'ssd_a');
    expect(paths).toContain(`devices[${i}].read_mbps`);
    expect(fields.find((f) => f.path === 'tiers.disk.count')!.integer).toBe(true);
    const t = setNumber(s, `devices[${i}].capacity_gb`, 128);
    expect(t.devices[i].capacity_gb).toBe(128);
    expect(s.devices[i].capacity_gb).toBe(64);
    expect(getNumber(t, 'workload.classes[0].length_min')).toBe(60);
    expect(() => setNumber(s, 'workload.name', 1)).toThrow(/workload.name: is not a numeric field/);
    expect(simApi().validate(t)).toEqual([]);
  });

  it('builds ranges and lists, and names the field of every input problem', () => {
    const rate = sweepFields(simApi().defaultScenario())[0];
    expect(sweepValues({ mode: 'range', from: '0.1', to: '0.5', steps: '5', log: false }, rate).values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(sweepValues({ mode: 'range', from: '1', to: '100', steps: '3', log: true }, rate).values).toEqual([1, 10, 100]);
    expect(sweepValues({ mode: 'list', list: '0.5, 1;2 1' }, rate).values).toEqual([0.5, 1, 2]);
    const bad = sweepValues({ mode: 'range', from: 'x', to: '-1', steps: '0', log: false }, rate).errors.map((e) => e.path);
    expect(bad).toEqual(['sweep.from', 'sweep.to', 'sweep.steps']);
    const count = sweepFields(simApi().defaultScenario()).find((f) => f.path === 'tiers.disk.count')!;
    const r = sweepValues({ mode: 'list', list: '1, 2.5' }, count);
    expect(r.values).toEqual([]);
    expect(r.errors[0]).toMatchObject({ path: 'sweep.list', message: expect.stringContaining('whole numbers') as unknown });
  });

  it("plots the core's estimates: buffered streams are the buffer's and the file cache's, with a Student-t 95 % interval", async () => {
    const s = short('mmsys11-fig11-ssd');
    const r = await simApi().run(1, { ...s, run: { ...s.run, duration_h: 0.2, replications: 4 } });
    const [{ est }] = METRICS.cache_streams.values(r);
    // By hand from the replications: the buffer's streams plus the file cache's, mean ± t(3) × s / √4.
    const xs = r.replications.map((x) => x.buffered_streams + (x.tiers.find((t) => t.role === 'file_cache')?.avg_streams ?? 0));
    const mean = xs.reduce((a, b) => a + b, 0) / 4;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / 3);
    expect(xs.some((x) => x !== xs[0])).toBe(true);
    expect(est.y).toBeCloseTo(mean, 9);
    expect(est.hi - est.y).toBeCloseTo(3.182 * (sd / 2), 3);
    expect(est.n).toBe(4);
  });
});

describe('sweep runner', () => {
  it('validates every point and reports the variant and value with the core message', async () => {
    const s = short('mmsys11-fig11-dram');
    const spec: SweepSpec = {
      id: 'a',
      field: sweepFields(s)[0],
      values: [0.1, 2000],
      variants: [{ id: 'dram', label: 'DRAM', scenario: s }],
    };
    const errs = await validateSweep(testEngine({ chunk: 1_000 }), [spec]);
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('workload.arrival_rate');
    expect(errs[0].message).toContain('DRAM, workload.arrival_rate = 2000');
  });

  it('Erlang B overlay matches the HDD-only simulation and the Zipf estimate is near static LFU', async () => {
    const engine = testEngine({ chunk: 1_000 });
    const hdd = { ...short('mmsys11-cost-hdd'), run: { ...short('mmsys11-cost-hdd').run, duration_h: 4, warmup_h: 1, replications: 3 } };
    const spec: SweepSpec = {
      id: 'r',
      field: sweepFields(hdd)[0],
      values: [1.6],
      variants: [{ id: 'hdd', label: 'HDD', scenario: hdd }],
    };
    const got: SweepPoint[] = [];
    const ctl = new AbortController();
    const r = await runSweep(engine, [spec], { signal: ctl.signal, studies, onPoint: (p) => got.push(p), onFailure: () => undefined, onProgress: () => undefined });
    expect(r).toEqual({ done: 1, total: 1, cancelled: false });
    const p = got[0];
    // 13 × 70 MB/s → 3802 streams; A = 1.6 × 3600 = 5760: B ≈ 0.34.
    expect(p.analytic.erlangB).toBeGreaterThan(0.3);
    expect(Math.abs(p.result.summary.rejection_probability.mean - p.analytic.erlangB!)).toBeLessThan(0.03);

    const ssd = simApi().preset('mmsys11-fig11-ssd');
    const a = await analyticsFor(engine, ssd);
    // 64 GB holds 76 videos of 861 MB; they draw 44 % of requests at s = 0.271.
    expect(a.zipfStreams).toBeGreaterThan(200);
    expect(a.zipfStreams).toBeLessThan(647);
    expect(a.zipfHitRatio).toBeGreaterThan(0.3);
    expect(a.zipfHitRatio).toBeLessThan(0.5);
    expect(await analyticsFor(engine, short('mmsys11-fig11-dram'))).toEqual({});
  });

  it('runs every point of every variant, builds the chart data, and keeps finished points on cancel', async () => {
    const engine = testEngine({ chunk: 1_000 });
    const dram = short('mmsys11-fig11-dram');
    const ssd = short('mmsys11-fig11-ssd');
    const spec: SweepSpec = {
      id: 'arrival',
      field: sweepFields(dram)[0],
      values: [0.1, 0.2, 0.3],
      variants: [
        { id: 'dram', label: 'DRAM', scenario: dram },
        { id: 'ssd', label: 'SSD', scenario: ssd },
      ],
    };
    expect(sweepTasks([spec])).toHaveLength(6);
    const got: SweepPoint[] = [];
    const progress: number[] = [];
    const r = await runSweep(engine, [spec], {
      signal: new AbortController().signal,
      studies,
      onPoint: (p) => got.push(p),
      onFailure: () => undefined,
      onProgress: (p) => progress.push(p.done),
      progressEveryMs: 0,
    });
    expect(r.done).toBe(6);
    expect(progress.at(-1)).toBe(6);
    expect(got.map((p) => p.scenario.workload.arrival_rate).sort()).toEqual([0.1, 0.1, 0.2, 0.2, 0.3, 0.3]);
    const d = chartData(spec, 'cache_streams', got);
    expect(d.series.map((s) => s.points.length)).toEqual([3, 3]);
    expect(d.references.map((x) => x.label)).toEqual(['SSD: flash file cache bandwidth ceiling (647 streams)']);
    expect(d.overlays.map((o) => o.id)).toEqual(['ssd-zipf']);
    expect(d.rows.filter((x) => x.kind === 'simulated')).toHaveLength(6);
    const rej = chartData(spec, 'rejection_probability', got);
    for (const s of rej.series) for (const q of s.points) expect(q.lo).toBeGreaterThanOrEqual(0);

    // Cancel after the first point: it is kept, the rest are dropped. Longer
    // runs, so that the λ = 0.3 points are several chunks from done then.
    const long = (x: typeof dram) => ({ ...x, run: { ...x.run, duration_h: 4 } });
    const longSpec = { ...spec, variants: spec.variants.map((v) => ({ ...v, scenario: long(v.scenario) })) };
    const ctl = new AbortController();
    const kept: SweepPoint[] = [];
    const rc = await runSweep(engine, [longSpec], {
      signal: ctl.signal,
      studies,
      onPoint: (p) => {
        kept.push(p);
        ctl.abort();
      },
      onFailure: () => undefined,
      onProgress: () => undefined,
    });
    expect(rc.cancelled).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(6);
    expect(rc.done).toBe(kept.length);
  });

  it("a point merged from its replications run apart is the point's scenario run whole, out of order on a pool of three", async () => {
    // A pool of three that finishes its runs last first: the replications come back out of order.
    const base = testEngine({ chunk: 1_000 });
    const engine = { ...base, size: 3, run: async (...a: Parameters<typeof base.run>) => {
      const r = await base.run(...a);
      await new Promise((resolve) => setTimeout(resolve, 10 * (3 - a[0].run.seed % 3)));
      return r;
    } };
    const s = { ...short('mmsys11-cost-ssd'), run: { ...short('mmsys11-cost-ssd').run, duration_h: 0.3, replications: 3, seed: 77 } };
    const spec: SweepSpec = { id: 'x', field: sweepFields(s)[0], values: [0.2, 0.5], variants: [{ id: 'ssd', label: 'SSD', scenario: s }] };
    const got: SweepPoint[] = [];
    const r = await runSweep(engine, [spec], { signal: new AbortController().signal, studies, onPoint: (p) => got.push(p), onFailure: () => undefined, onProgress: () => undefined });
    expect(r).toEqual({ done: 2, total: 2, cancelled: false });
    for (const p of got) {
      // The reference: the point's whole run on the engine (one job, every replication in turn).
      const whole = await base.run(setNumber(s, 'workload.arrival_rate', p.value));
      expect(JSON.stringify(p.result.summary)).toBe(JSON.stringify(whole.summary));
      expect(p.result.replications.map((x) => x.seed)).toEqual([77, 78, 79]);
    }
  });

  it('every figure builds valid sweeps from the presets', async () => {
    const engine = testEngine({ chunk: 1_000 });
    for (const f of FIGURES) {
      const fig = await f.build(engine, { points: 4, replications: 2, durationH: 0.5 });
      expect(fig.charts.length).toBeGreaterThan(0);
      expect(await validateSweep(engine, fig.specs)).toEqual([]);
      for (const c of fig.charts) expect(fig.specs.some((s) => s.id === c.specId)).toBe(true);
    }
  });
});

describe('SweepsView', () => {
  it('runs a custom sweep for two architectures and draws one point per value per architecture', async () => {
    const s = short('mmsys11-cost-ssd');
    render(<SweepsPage studies={studies} engine={testEngine({ chunk: 1_000 })} scenario={s} valid setScenario={() => undefined} edit={() => undefined} loadPreset={() => undefined} />);
    fireEvent.change(screen.getByTestId('sweep-points'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('sweep-from'), { target: { value: '0.2' } });
    fireEvent.change(screen.getByTestId('sweep-to'), { target: { value: '0.6' } });
    fireEvent.click(screen.getByTestId('sweep-arch-hdd_only'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('sweep-run'));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('sweep-status').textContent).toMatch(/Done: 6 runs/), { timeout: 120_000 });
    await waitFor(() => expect(screen.getAllByTestId(/^sweep-chart-0-point-/)).toHaveLength(6));
    expect(screen.getAllByTestId(/^sweep-chart-0-point-hdd_only-/).map((e) => e.getAttribute('data-x'))).toEqual(['0.2', '0.4', '0.6']);
    // The rejection chart carries the Erlang B overlay of the HDD-only line.
    expect(screen.getByTestId('sweep-chart-2-overlay-hdd_only-erlang')).toBeTruthy();
  });

  it('names the field of bad sweep input', () => {
    render(<SweepsPage studies={studies} engine={testEngine({ chunk: 1_000 })} scenario={simApi().defaultScenario()} valid setScenario={() => undefined} edit={() => undefined} loadPreset={() => undefined} />);
    fireEvent.change(screen.getByTestId('sweep-from'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('sweep-run'));
    expect(screen.getByTestId('sweep-errors').textContent).toContain('sweep.from');
    expect(screen.getByTestId('sweep-errors').textContent).toContain('"abc" is not a number');
  });
});
