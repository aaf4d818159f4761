// The fleet search (model §10b) as the app drives it: the search in one
// wasm instance, its candidate servers simulated concurrently and reported
// in scrambled order, the answer equal to the core's one-call search in the
// same module (its candidates run one at a time, in issue order); the
// words the results lead with; the fleet request in a link.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeCli } from '../../scripts/native-cli.mjs';
import { loadStudies, simApi } from '../helpers/wasm';
import { createStudiesApi } from '../../src/worker/studies-api';
import { atLoad, fleetCurvePoints, fleetHeadline, fleetProgressText, fleetSpaceText, limitColors, runFleet, type FleetRunProgress } from '../../src/optimiser/fleet';
import { encodeLink } from '../../src/state/link';
import { loadLink, type Core } from '../../src/state/load';
import type { FleetPlan, FleetRequest, FleetResult, OptimizeSpec, RunResult, Scenario } from '../../src/engine/types';

const api = simApi();
const search = createStudiesApi(loadStudies());
const catalog = api.devicePresets();

/** today-plan at 6 000 streams of 2 000 titles on a 2U server with 2 × 10 GbE: a fleet of several. */
function small(): Scenario {
  const s = api.preset('today-plan');
  s.workload.videos = 2000;
  s.workload.arrival_rate = 6000 / 3600;
  delete s.workload.churn;
  s.run.duration_h = 2;
  return s;
}

const spec: OptimizeSpec = {
  architectures: ['ssd_lfu_hdd', 'hdd_only'],
  target: 0,
  criterion: 'simulated',
  max_counts: { disk: null, interval_cache: null, file_cache: null },
  tco: null,
};


describe('the fleet search in the app', () => {
  it('farmed out of order, gives the sequential answer', async () => {
    const s = small();
    const request: FleetRequest = { every_chassis: true, extra_servers: 2 };
    let id = 1;
    const scrambled = {
      async run(x: Scenario): Promise<RunResult> {
        const my = id++;
        await new Promise((r) => setTimeout(r, (7 * my) % 11));
        return api.run(my, x);
      },
    };
    const seen: FleetRunProgress[] = [];
    const { result } = await runFleet({ search, runner: scrambled, parallel: 3, scenario: s, spec, request, onProgress: (p) => seen.push(p) });
    const { result: one } = await runFleet({ search, runner: { run: async (x: Scenario) => api.run(id++, x) }, parallel: 1, scenario: s, spec, request });
    expect(result.plans.length).toBeGreaterThan(0);
    expect(result.plans).toEqual(one.plans);
    expect(seen.some((p) => p.running.length > 1)).toBe(true);
    expect(seen.at(-1)?.search.done).toBe(true);
    // The plan is a fleet that carries the egress.
    for (const p of result.plans) expect(p.servers * p.egress_gbps).toBeGreaterThanOrEqual(result.egress_needed_gbps);
  }, 600_000);

  it('plans what `tierplan optimize --fleet` plans from the same file', async () => {
    // The app's path (each server a SimJob) and the CLI's (the core's own
    // loop) must size the same server: one of N at 1/N of the arrivals.
    const s = small();
    const ch = api.chassisPresets().find((c) => c.id === 'storage_2u_12lff')!;
    s.server = { chassis: { ...ch, nic_gbps: 10 }, egress_headroom: 0.9, fleet: { servers: 1, routing: 'any_server', replicas: 1, hot_titles: 0, hash_seed: 0 } };
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(s));
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
    const cli = JSON.parse(
      execFileSync(nativeCli(), ['optimize', join(dir, 'scenario.json'), '--spec', join(dir, 'spec.json'), '--fleet'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    ) as FleetResult;
    const { result } = await runFleet({ search, runner: { run: async (x: Scenario) => api.run(0, x) }, parallel: 2, scenario: s, spec, request: { every_chassis: false, extra_servers: null } });
    expect(cli.plans.length).toBeGreaterThan(0);
    expect(result.plans).toEqual(cli.plans);
  }, 600_000);

  it('names the field of a bad request', () => {
    const r = search.startFleet(small(), spec, { every_chassis: true, extra_servers: 99 });
    expect(r).toEqual({ errors: [{ path: 'fleet.extra_servers', message: 'must be 0 to 12, not 99' }] });
  });
});

describe('the words of a fleet', () => {
  const plan = {
    servers: 2,
    chassis_name: '4U high-density storage server (60 × 3.5" + 4 × U.2, 2 × 100 GbE)',
    binding_label: 'drive bays',
  } as FleetPlan;
  it('lead with the servers, the chassis and the binding limit', () => {
    expect(fleetHeadline(plan)).toBe('2 servers of 4U high-density storage server, limited by drive bays');
    expect(fleetHeadline({ ...plan, servers: 1 })).toBe('1 server of 4U high-density storage server, limited by drive bays');
    expect(fleetSpaceText({ every_chassis: false, extra_servers: null }, '2U box')).toBe('the scenario’s chassis (2U box)');
    expect(fleetSpaceText({ every_chassis: true, extra_servers: null }, '2U box')).toBe('every preset chassis');
    expect(fleetSpaceText({ every_chassis: false, extra_servers: null }, null)).toBe('every preset chassis');
    // Routed by title, the headline says so and that the hottest server was simulated.
    expect(fleetHeadline({ ...plan, routing: 'by_title' })).toBe(
      '2 servers of 4U high-density storage server, routed by title, the hottest server simulated, limited by drive bays',
    );
    expect(fleetHeadline({ ...plan, routing: 'any_server' })).toBe('2 servers of 4U high-density storage server, limited by drive bays');
    expect(fleetSpaceText({ every_chassis: false, extra_servers: null, routing: 'by_title' }, '2U box')).toBe('the scenario’s chassis (2U box), routed by title');
    expect(
      fleetProgressText({ tries: 10, tries_done: 3, tries_pruned: 2, simulated: 7, shared: 1, in_flight: 2, best_capital: 58640, done: false }, 2),
    ).toBe('5 of 10 chassis × servers × architecture tries settled (2 skipped: they cannot beat a fleet found), 7 servers simulated, 2 running on 2 workers — cheapest fleet so far $58,640');
  });
});

describe('the cost chart of fleets', () => {
  const at = (gbps: number, servers: number, limit: string, capital: number, streams: number) =>
    ({ egress_needed_gbps: gbps, plans: [{ servers, binding_label: limit, capital, avg_streams: streams, chassis: 'storage_4u_60lff', chassis_name: '4U box', label: 'SSD LFU' }] }) as unknown as FleetResult;
  it('draws each load’s cheapest fleet, coloured by the limit that binds it', () => {
    const results = [at(75, 1, 'drive bays', 20000, 15000), at(150, 1, 'NIC', 30000, 30000), at(300, 2, 'drive bays', 58640, 60000)];
    const pts = fleetCurvePoints(results);
    expect(pts.map((p) => [p.x, p.y, p.group, p.pointText])).toEqual([
      [15000, 20000, 'drive bays', '1 server'],
      [30000, 30000, 'NIC', '1 server'],
      [60000, 58640, 'drive bays', '2 servers'],
    ]);
    expect(Object.keys(limitColors(results))).toEqual(['drive bays', 'NIC']);
    // A load with no plan draws nothing.
    expect(fleetCurvePoints([{ egress_needed_gbps: 1, plans: [] } as unknown as FleetResult])).toEqual([]);
    const s = small();
    expect(atLoad(s, 0.5).workload.arrival_rate).toBe(s.workload.arrival_rate * 0.5);
    expect(atLoad(s, 0.5).workload.videos).toBe(s.workload.videos);
  });
});

describe('the fleet request in a link', () => {
  const core: Core = api;
  it('travels under the checksum, and only when set', async () => {
    const s = api.defaultScenario();
    const plain = encodeLink(s, catalog, null, null, null, null);
    expect(encodeLink(s, catalog, null, null, null, null, null)).toBe(plain);
    const f: FleetRequest = { every_chassis: true, extra_servers: null };
    const link = encodeLink(s, catalog, null, null, null, null, f);
    expect(link).not.toBe(plain);
    expect(await loadLink(link, catalog, core)).toMatchObject({ kind: 'ok', fleet: f });
    expect(await loadLink(plain, catalog, core)).toMatchObject({ kind: 'ok', fleet: null });
    const bad = await loadLink(encodeLink(s, catalog, null, null, null, null, { every_chassis: 'yes' } as unknown as FleetRequest), catalog, core);
    expect(bad.kind === 'error' && bad.message).toMatch(/fleet request in the link \(f = /);
    // The routing travels too; one the core does not know is refused.
    const byTitle: FleetRequest = { every_chassis: false, extra_servers: 3, routing: 'by_title' };
    expect(await loadLink(encodeLink(s, catalog, null, null, null, null, byTitle), catalog, core)).toMatchObject({ kind: 'ok', fleet: byTitle });
    const odd = await loadLink(encodeLink(s, catalog, null, null, null, null, { every_chassis: false, routing: 'round_robin' } as unknown as FleetRequest), catalog, core);
    expect(odd.kind === 'error' && odd.message).toMatch(/"routing": "any_server", "by_title" or null/);
  });
});
