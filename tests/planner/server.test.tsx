// @vitest-environment jsdom
// The server section of the planner (model §10b) with the real core: each
// misfit the core refuses shows its message at the field it names, and a
// run of a fleet leads its results with "N servers of …, limited by …".
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Chassis, Scenario } from '../../src/engine/types';
import { FormContext } from '../../src/shared/form';
import { ArchitectureSection, WorkloadSection } from '../../src/planner/ScenarioEditor';
import { lanesText, ServerSection } from '../../src/planner/ServerSection';
import { LIMIT_LABELS } from '../../src/shared/labels';
import { num } from '../../src/shared/format';
import { Results } from '../../src/planner/Results';
import { simApi } from '../helpers/wasm';

const api = simApi();
const chassis = api.chassisPresets();
const byId = (id: string): Chassis => structuredClone(chassis.find((c) => c.id === id)!);

function inChassis(id: string): Scenario {
  const s = api.preset('today-plan');
  s.server = { chassis: byId(id), egress_headroom: 0.9, fleet: { servers: 1, routing: 'any_server', replicas: 1, hot_titles: 0, hash_seed: 0 } };
  return s;
}

/** The form's sections over `s` with the core's messages for it. */
function showForm(s: Scenario) {
  const errors = api.validate(s);
  const engine = { workloadFigures: () => Promise.resolve(undefined), rateForStreams: () => Promise.resolve(undefined) };
  render(
    <FormContext.Provider value={{ errors, setLocalInvalid: () => undefined }}>
      <WorkloadSection engine={engine} scenario={s} edit={() => undefined} />
      <ArchitectureSection scenario={s} edit={() => undefined} />
      <ServerSection scenario={s} edit={() => undefined} chassis={chassis} />
    </FormContext.Provider>,
  );
  return errors;
}

describe('the server section', () => {
  it('lists no chassis and the catalog, with the picked one described', () => {
    showForm(inChassis('oca_2021_nvme'));
    const select = screen.getByTestId<HTMLSelectElement>('field-server.chassis.id');
    expect(select.value).toBe('oca_2021_nvme');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['', ...chassis.map((c) => c.id)]);
    const facts = screen.getByTestId('chassis-facts');
    expect(facts.textContent).toContain('18 × U.2 NVMe');
    expect(facts.textContent).toContain('4 × 100 Gb/s');
    expect(facts.textContent).toContain('240 Gb/s');
    // The 2021 box: 128 lanes (EPYC 7502P), 32 for its two NIC cards.
    expect(facts.textContent).toContain('PCIe lanes128, of which the NICs take 32; an NVMe drive takes 4');
    expect(screen.getByLabelText(/Servers/)).toBeTruthy();
  });

  it.each([
    ['a disk in an all-NVMe chassis', 'edge_1u_nvme', (s: Scenario) => s, 'tiers.disk.device', 'has no bay for it'],
    ['more disks than bays', 'storage_2u_12lff', (s: Scenario) => void (s.tiers.disk.count = 13), 'tiers.disk.count', 'at most 12'],
    ['more NVMe drives than PCIe lanes', 'storage_2u_12lff', (s: Scenario) => void (s.server!.chassis.pcie_lanes = 19), 'tiers.file_cache.count', 'PCIe lanes but'],
    ['a NIC of 0 Gb/s', 'storage_2u_12lff', (s: Scenario) => void (s.server!.chassis.nic_gbps = 0), 'server.chassis.nic_gbps', '0 <'],
    ['a bitrate above the egress', 'storage_2u_12lff', (s: Scenario) => void ((s.server!.chassis.nic_gbps = 0.001), (s.server!.chassis.nic_ports = 1)), 'workload.classes[0].bitrate_kbps', 'above what one server may send'],
  ])('shows %s at its field', (_what, id, change, path, text) => {
    const s = inChassis(id);
    change(s);
    const errors = showForm(s);
    expect(errors.map((e) => e.path)).toContain(path);
    const shown = screen.getAllByTestId(`error-${path}`);
    expect(shown.some((e) => e.textContent?.includes(text))).toBe(true);
  });
});

describe('the limits in words', () => {
  it('names PCIe lanes as the core does', () => {
    expect(LIMIT_LABELS.pcie_lanes).toBe('PCIe lanes');
    expect(lanesText({ ...byId('storage_2u_12lff'), pcie_lanes: null })).toBe('not stated (no lane limit)');
  });
});

describe('a fleet run in the results', () => {
  it('leads with the servers, the chassis and the binding limit as the core named it', async () => {
    const s = inChassis('storage_2u_12lff');
    s.server!.fleet.servers = 3;
    s.run = { ...s.run, duration_h: 1.2, warmup_h: 1, replications: 1 };
    const result = await api.run(1, s);
    expect(result.server).toBeTruthy();
    render(<Results result={result} server={s.server} />);
    const head = screen.getByTestId('server-headline').textContent ?? '';
    expect(head).toMatch(/^3 servers of 2U storage server .*, limited by .+ \(\d+ %\)$/);
    expect(head).toContain(`(${Math.round(result.server!.binding_utilisation * 100)} %)`);
    const sim = screen.getByTestId('fleet-simulated').textContent ?? '';
    expect(sim).toContain('server 1 of 3');
    expect(sim).toContain('rack units');
    expect(within(screen.getByTestId('server-limits')).getAllByRole('row')).toHaveLength(result.server!.limits.length + 1);
    // The result echoes the load its server was offered: a third of the scenario's λ × mean length.
    const whole = api.workloadFigures(s)!;
    expect(result.workload.offered_load).toBeCloseTo(whole.offered_load / 3, 9);
    expect(result.workload.mean_length_s).toBe(whole.mean_length_s);
    expect(screen.getByTestId('result-offered_load').textContent).toBe(num(result.workload.offered_load));
  });
});
