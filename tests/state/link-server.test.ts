// The server section (model §10b) through the share link: a chassis from
// the core's catalog, the headroom and the fleet come back exactly, the
// core accepts what comes back, and a scenario without a server gains none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import type { Routing, Scenario } from '../../src/engine/types';
import { decodeLink, encodeLink } from '../../src/state/link';
import { canonicalJson } from '../../src/state/canonical';

const api = simApi();
const chassis = api.chassisPresets();
const catalog = Object.assign(api.devicePresets(), { chassis });

function withServer(base: Scenario, i: number, servers: number, routing: Routing, headroom: number, hot: number): Scenario {
  const s = structuredClone(base);
  s.server = {
    chassis: structuredClone(chassis[i % chassis.length]),
    egress_headroom: headroom,
    fleet: { servers, routing, replicas: Math.min(2, servers), hot_titles: hot, hash_seed: 3 },
  };
  return s;
}

describe('the server section in a link', () => {
  it('lists the catalog chassis with their sources', () => {
    expect(chassis.length).toBeGreaterThanOrEqual(4);
    for (const c of chassis) expect(c.assumptions.length).toBeGreaterThan(0);
  });

  it('round-trips chassis, headroom and fleet exactly, and the core accepts them', () => {
    const base = api.preset('today-plan');
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom<Routing>('any_server', 'by_title'),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        (i, servers, routing, headroom, hot) => {
          const s = withServer(base, i, servers, routing, headroom, hot);
          const d = decodeLink(encodeLink(s, catalog), catalog);
          expect(d.kind).toBe('scenario');
          if (d.kind !== 'scenario') return;
          expect(canonicalJson(d.value)).toBe(canonicalJson(s));
          expect((d.value as unknown as Scenario).server).toEqual(s.server);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('carries a built-in chassis as its id, an edited one whole, and names a chassis it does not know', () => {
    const base = withServer(api.preset('today-plan'), 1, 3, 'any_server', 0.9, 0);
    const short = encodeLink(base, catalog);
    const edited = structuredClone(base);
    edited.server!.chassis.nic_gbps = 40;
    const long = encodeLink(edited, catalog);
    expect(short.length).toBeLessThan(long.length);
    const back = decodeLink(long, catalog);
    expect(back.kind === 'scenario' && (back.value as unknown as Scenario).server?.chassis.nic_gbps).toBe(40);
    // An app without this chassis in its catalog says which one is missing.
    const other = Object.assign(api.devicePresets(), { chassis: chassis.filter((c) => c.id !== base.server!.chassis.id) });
    const d = decodeLink(short, other);
    expect(d).toEqual({ kind: 'error', message: `the link refers to a built-in chassis "${base.server!.chassis.id}" that this version of tierplan does not have` });
  });

  it('keeps a scenario without a server without one', () => {
    const s = api.preset('today-plan');
    expect(s.server ?? null).toBeNull();
    const d = decodeLink(encodeLink(s, catalog), catalog);
    expect(d.kind === 'scenario' && 'server' in d.value && d.value.server != null).toBe(false);
  });

  it('carries the published all-NVMe preset (an SSD bulk tier) and the core accepts it', () => {
    const s = api.preset('published-nvme-2021');
    expect(s.server?.chassis.id).toBe('oca_2021_nvme');
    const d = decodeLink(encodeLink(s, catalog), catalog);
    expect(d.kind).toBe('scenario');
    if (d.kind !== 'scenario') return;
    expect(api.validate(d.value as unknown as Scenario)).toEqual([]);
  });
});
