// @vitest-environment jsdom
// The optimiser's results table, fed a real OptimizeResult (the search and
// its simulations through the wasm core, loaded by initSync).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadStudies, simApi } from '../helpers/wasm';
import { createStudiesApi } from '../../src/worker/studies-api';
import { runOptimiser } from '../../src/optimiser/client';
import type { OptimizeSpec, Scenario } from '../../src/engine/types';
import { dollars, estimate, num, percent } from '../../src/shared/format';
import { OptimiserTable } from '../../src/optimiser/OptimiserTable';
import { configured } from '../../src/optimiser/apply';
import { fireEvent } from '@testing-library/react';
import type { ArchitectureResult } from '../../src/engine/types';

const api = simApi();
const search = createStudiesApi(loadStudies());
let id = 5000;
const runner = { run: (s: Scenario) => api.run(id++, s) };

function small(): Scenario {
  const s = api.preset('mmsys11-cost-hdd');
  s.workload.arrival_rate = 0.25;
  s.run.duration_h = 1;
  s.run.replications = 3;
  return s;
}

async function optimise(spec: OptimizeSpec) {
  return (await runOptimiser({ search, runner, parallel: 2, scenario: small(), spec })).result;
}

describe('OptimiserTable', () => {
  it('shows each optimum with its cost, streams per dollar, TCO, rejection and lifetime', async () => {
    const result = await optimise({
      architectures: ['hdd_only', 'ssd_lfu_hdd'],
      target: 0,
      criterion: 'simulated',
      max_counts: { disk: 5, interval_cache: null, file_cache: 3 },
      tco: { years: 5, usd_per_kwh: 0.12 },
    });
    const devices = small().devices;
    render(<OptimiserTable result={result} devices={devices} />);
    const table = screen.getByTestId('opt-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    for (const a of result.architectures) {
      const b = a.best!;
      const m = b.measurement!;
      const row = within(screen.getByTestId(`opt-row-${a.architecture}`));
      expect(row.getByRole('rowheader').textContent).toBe(a.label);
      expect(row.getByTestId('opt-cost').textContent).toBe(dollars(b.capital_cost));
      expect(row.getByTestId('opt-spd').textContent).toBe(estimate(m.streams_per_dollar));
      // What a stream costs: capital over the time-average streams served.
      expect(row.getByTestId('opt-dps').textContent).toBe(dollars(b.capital_cost / m.avg_streams.mean));
      expect(row.getByTestId('opt-tco').textContent).toContain(`${dollars(m.tco!.total / m.tco!.years)} per year`);
      expect(row.getByTestId('opt-tco-spd').textContent).toBe(num(m.tco!.streams_per_dollar));
      expect(row.getByTestId('opt-tco').textContent).toContain(dollars(m.tco!.total));
      expect(row.getByTestId('opt-rejection').textContent).toContain(`(max ${percent(m.max_rejection_probability)})`);
    }
    // Devices by name, their ids in a tooltip.
    const nameOf = (id: string) => devices.find((d) => d.id === id)!.name;
    const hdd = within(screen.getByTestId('opt-row-hdd_only'));
    expect(nameOf('hdd15k')).not.toBe('hdd15k');
    expect(hdd.getByTestId('opt-counts').textContent).toContain(`× ${nameOf('hdd15k')}`);
    expect(hdd.getByTitle('hdd15k').textContent).toMatch(/^\d+ × /);
    expect(hdd.getByTestId('opt-lifetime').textContent).toBe('no SSD');
    const ssd = within(screen.getByTestId('opt-row-ssd_lfu_hdd'));
    expect(ssd.getByTestId('opt-counts').textContent).toMatch(/^\d+ × .+ \+ [1-3] × .+/);
    // Each device with its tier's peak utilisation (the ceiling's measure).
    const sm0 = result.architectures[1].best!.measurement!;
    const peak = (role: string) => percent(sm0.peak_utilisation.find((t) => t.role === role)!.worst);
    expect(ssd.getByTestId('opt-counts').textContent).toContain(`× ${nameOf('hdd15k')} · peak ${peak('disk')} + `);
    expect(ssd.getByTestId('opt-counts').textContent).toContain(`× ${nameOf('ssd_a')} · peak ${peak('file_cache')} · study capacity`);
    expect(ssd.getByTestId('opt-counts').textContent).not.toContain('ssd_a');
    // Static LFU never writes the flash: the SSD named (not its id), no replacements.
    const name = api.preset('mmsys11-cost-hdd').devices.find((d) => d.id === 'ssd_a')!.name;
    // The lifetime column reads the TCO's own count of replacements: both say none.
    expect(sm0.tco!.replacement_cost).toBe(0);
    expect(ssd.getByTestId('opt-tco').textContent).toContain(`replacements ${dollars(0)}`);
    expect(ssd.getByTestId('opt-lifetime').textContent).toBe(`${name}: no writes · no replacement within 5 years`);
    // The disks are the library's only copy, said once under the table.
    expect(screen.getByTestId('opt-redundancy').textContent).toContain('the disks hold the only copy of the library — the SSDs only cache part of it');
    expect(screen.getByTestId('opt-redundancy').textContent).toContain('RAID');
    // TCO exceeds capital, so TCO streams per dollar are lower.
    const sm = result.architectures[1].best!.measurement!;
    expect(sm.tco!.streams_per_dollar).toBeLessThan(sm.streams_per_dollar.mean);
  });

  it('without TCO drops the TCO columns; an architecture without an optimum names the bound to raise', async () => {
    const result = await optimise({
      architectures: ['hdd_only'],
      target: 0,
      criterion: 'simulated',
      max_counts: { disk: 2, interval_cache: null, file_cache: null },
      tco: null,
    });
    render(<OptimiserTable result={result} />);
    expect(screen.queryByText(/^TCO/)).toBeNull();
    const row = within(screen.getByTestId('opt-row-hdd_only'));
    expect(row.getByTestId('opt-none').textContent).toMatch(/raise optimize\.max_counts\.disk \(now 2\)/);
    expect(row.getByTestId('opt-search-counts').textContent).toMatch(/of 1 configuration$/);
  });

  it('"Use this configuration" hands over the row; the scenario it gives is the core\'s configuration', async () => {
    const result = await optimise({
      architectures: ['hdd_only', 'ssd_lfu_hdd'],
      target: 0,
      criterion: 'simulated',
      max_counts: { disk: 5, interval_cache: null, file_cache: 3 },
      tco: null,
    });
    const used: ArchitectureResult[] = [];
    render(<OptimiserTable result={result} onUse={(a) => used.push(a)} />);
    fireEvent.click(screen.getByTestId('opt-use-ssd_lfu_hdd'));
    expect(used.map((a) => a.architecture)).toEqual(['ssd_lfu_hdd']);
    const base = small();
    base.tiers.disk.count = 0; // invalid: the optimiser's counts replace it
    const s = configured(base, used[0]);
    const b = used[0].best!;
    expect(s.architecture).toBe('ssd_lfu_hdd');
    expect(s.tiers.disk.count).toBe(b.counts.disk);
    expect(s.tiers.file_cache!.count).toBe(b.counts.file_cache);
    // The tiers this architecture does not vary keep their counts.
    expect(s.tiers.interval_cache!.count).toBe(base.tiers.interval_cache!.count);
    // Simulated, it gives the optimiser's own measurement.
    const r = await runner.run(s);
    expect(r.capital_cost).toBe(b.capital_cost);
    expect(r.summary.avg_streams).toEqual(b.measurement!.avg_streams);
  });

  it('a target above 0: each row shows N, the interval and the verdict; the applied run repeats them', async () => {
    const result = await optimise({
      architectures: ['hdd_only', 'ssd_lfu_hdd'],
      target: 0.01,
      criterion: 'simulated',
      max_counts: { disk: 5, interval_cache: null, file_cache: 3 },
      tco: null,
    });
    expect(result.max_replications).toBe(10);
    expect(result.run.target_rejection).toBe(0.01);
    expect(result.run.replications).toBe(10);
    const used: ArchitectureResult[] = [];
    render(<OptimiserTable result={result} onUse={(a) => used.push(a)} />);
    expect(screen.getByTestId('opt-caption').textContent).toBe(
      'Cheapest configuration per architecture meeting rejection < 1%, decided by the 95 % interval with replications added up to 10 (“cannot decide” is a fail) and every tier’s peak utilisation ≤ 90%',
    );
    for (const a of result.architectures) {
      const m = a.best!.measurement!;
      const row = within(screen.getByTestId(`opt-row-${a.architecture}`));
      expect(m.verdict).toBe('meets');
      expect(row.getByTestId('opt-n').textContent).toBe(`N = ${m.replications}`);
      expect(row.getByTestId('opt-verdict').textContent).toBe(`meets < 1% (decided after ${m.replications} replications)`);
      expect(row.getByTestId('opt-rejection').textContent).toContain(estimate(m.rejection_probability, 'percent'));
      expect(row.getByTestId('opt-peak-disk').textContent).toContain(percent(m.peak_utilisation.find((t) => t.role === 'disk')!.worst));
    }
    fireEvent.click(screen.getByTestId('opt-use-ssd_lfu_hdd'));
    const s = configured(small(), used[0], result.run);
    const r = await runner.run(s);
    const m = used[0].best!.measurement!;
    expect(r.decision?.verdict).toBe('meets');
    expect(r.replications).toHaveLength(m.replications);
    expect(r.summary.rejection_probability).toEqual(m.rejection_probability);
  });

  it('a search stopped part-way (as Cancel leaves it): a finished row keeps its result and its "Use this configuration"; the others say they were cancelled', async () => {
    const spec: OptimizeSpec = {
      architectures: ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'],
      target: 0,
      criterion: 'simulated',
      max_counts: { disk: 5, interval_cache: null, file_cache: 3 },
      tco: null,
    };
    const started = search.start(small(), spec);
    if ('errors' in started) throw new Error(JSON.stringify(started.errors));
    const h = started.handle;
    // One candidate at a time, cheapest first, until some architecture has concluded and another has not.
    const partial = () => search.result(h);
    while (!partial().architectures.some((a) => a.done && a.best) || partial().done) {
      const [c] = search.nextBatch(h, 1);
      if (!c) throw new Error('the search concluded before any architecture was left unfinished');
      search.report(h, c.id, await runner.run(c.scenario));
    }
    const result = partial();
    search.free(h);
    const finished = result.architectures.filter((a) => a.done);
    const open = result.architectures.filter((a) => !a.done);
    expect(finished.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    const used: ArchitectureResult[] = [];
    render(<OptimiserTable result={result} onUse={(a) => used.push(a)} cancelled />);
    for (const a of finished) {
      const row = within(screen.getByTestId(`opt-row-${a.architecture}`));
      expect(row.getByTestId('opt-cost').textContent).toBe(dollars(a.best!.capital_cost));
      fireEvent.click(row.getByTestId(`opt-use-${a.architecture}`));
    }
    expect(used.map((a) => a.architecture)).toEqual(finished.map((a) => a.architecture));
    for (const a of open) {
      const row = screen.getByTestId(`opt-row-${a.architecture}`);
      expect(row.getAttribute('data-cancelled')).toBe('true');
      expect(within(row).queryByTestId(`opt-use-${a.architecture}`)).toBeNull();
      expect(within(row).getByTestId('opt-none').textContent).toMatch(/^Cancelled before it finished: \d+ simulated, \d+ pruned, [\d,]+ not examined — of [\d,]+ configurations$/);
    }
  });
});
