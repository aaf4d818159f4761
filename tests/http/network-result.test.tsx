// @vitest-environment jsdom
// The HTTP tab's network line (issue 47, the request engine's NIC as a
// queue): over a real run of the core behind a chassis whose NIC is cut
// down, it names the NIC as the binding limit and shows the core's egress,
// busy share and wait; without a server section it shows nothing.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import type { Scenario } from '../../src/engine/types';
import { NetworkResult } from '../../src/http/NetworkResult';
import { num } from '../../src/shared/format';

/** The study's HDD-only preset for a short run, behind `nicGbps` of NIC. */
function behindNic(nicGbps: number | null): Scenario {
  const api = simApi();
  const s = api.requestPreset('nossdav12-hdd-only');
  s.request!.run.duration_h = 0.02;
  s.request!.run.replications = 1;
  if (nicGbps !== null) {
    const chassis = api.chassisPresets().find((c) => c.id === 'storage_2u_12lff')!;
    s.server = { chassis: { ...chassis, nic_ports: 1, nic_gbps: nicGbps }, egress_headroom: 0.9, fleet: { servers: 1, routing: 'any_server', replicas: 1, hot_titles: 0, hash_seed: 1 } };
  }
  return s;
}

describe('the network line of a request run', () => {
  it('names the NIC as the binding limit when the NIC is what runs out, with the core’s numbers', async () => {
    const api = simApi();
    const s = behindNic(0.01);
    expect(api.validate(s)).toEqual([]);
    const r = await api.runRequest(997, s);
    expect(r.server?.binding).toBe('nic');
    render(<NetworkResult result={r} server={s.server} />);
    const line = screen.getByTestId('http-single-network');
    expect(screen.getByTestId('http-single-binding').textContent).toBe('network (NIC)');
    // 0.01 Gb/s × 0.9 headroom: the core's egress, and the chassis named as the scenario names it.
    expect(r.server!.egress_gbps).toBeCloseTo(0.009, 12);
    expect(line.textContent).toContain(`Network: ${s.server!.chassis.name} may send ${num(r.server!.egress_gbps)} Gb/s (the NIC ceiling × 0.9 headroom)`);
    // A NIC that binds is offered more than it can send: whole percent, no false digits.
    expect(r.server!.nic_offered_load.mean).toBeGreaterThan(0.9);
    expect(line.textContent).toMatch(/offered the NIC [\d,]+ % of what it can send \(busy 100 % of the time\)/);
    expect(line.textContent).toMatch(/\([\d,]+ % used\)\.$/);
  });

  it('shows nothing without a server section', async () => {
    const r = await simApi().runRequest(996, behindNic(null));
    expect(r.server ?? null).toBeNull();
    const { container } = render(<NetworkResult result={r} />);
    expect(container.textContent).toBe('');
  });
});
