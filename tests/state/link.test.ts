// Links with the real core (wasm via initSync): every valid scenario survives
// encode → decode exactly; every damaged link gives a message, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import type { Scenario } from '../../src/engine/types';
import { decodeLink, encodeLink, LINK_VERSION, presetLink } from '../../src/state/link';
import { loadLink, type Core } from '../../src/state/load';
import { migrateScenario, SCHEMA_VERSION } from '../../src/state/migrate';

const api = simApi();
const core: Core = api;
// The built-in devices and chassis, as the app passes them (a link carries either as "@<id>").
const catalog = Object.assign(api.devicePresets(), { chassis: api.chassisPresets() });
const presetIds = api.listPresets().map((p) => p.id);

/** A valid scenario: a core preset with its numbers moved within their allowed ranges. */
const validScenario: fc.Arbitrary<Scenario> = fc
  .record({
    id: fc.constantFrom(...presetIds),
    name: fc.string({ unit: 'grapheme', maxLength: 40 }),
    videos: fc.integer({ min: 20, max: 3000 }),
    rate: fc.double({ min: 0.001, max: 5, noNaN: true }),
    zipf: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.double({ min: 1, max: 180, noNaN: true }),
    bitrate: fc.double({ min: 16, max: 2000, noNaN: true }),
    duration: fc.double({ min: 0.01, max: 48, noNaN: true }),
    warmupShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    reps: fc.integer({ min: 1, max: 20 }),
    timeseries: fc.boolean(),
    device: fc.nat(),
    price: fc.double({ min: 0, max: 1e6, noNaN: true }),
    power: fc.double({ min: 0, max: 1000, noNaN: true }),
    diskExtra: fc.integer({ min: 0, max: 40 }),
    // A cost model of the scenario's own (model §9), or none.
    cost: fc.option(
      fc.record({
        ioW: fc.double({ min: 0, max: 1, noNaN: true }),
        cacheGb: fc.double({ min: 0.01, max: 4096, noNaN: true }),
        readExponent: fc.double({ min: 0, max: 5, noNaN: true }),
        uSteps: fc.integer({ min: 2, max: 400 }),
        fixedWriteHit: fc.option(fc.double({ min: 0, max: 1e4, noNaN: true }), { nil: null }),
      }),
      { nil: null },
    ),
  })
  .map((m) => {
    const s = api.preset(m.id);
    s.name = m.name;
    s.workload.videos = m.videos;
    s.workload.arrival_rate = m.rate;
    s.workload.popularity.value = m.zipf;
    s.workload.classes[0].length_min = m.length;
    s.workload.classes[0].bitrate_kbps = m.bitrate;
    s.run.duration_h = m.duration;
    s.run.warmup_h = m.duration * m.warmupShare;
    s.run.seed = m.seed;
    s.run.replications = m.reps;
    s.run.timeseries = m.timeseries;
    const d = s.devices[m.device % s.devices.length];
    d.price = m.price;
    d.power_w = m.power;
    // More disks so that a longer or higher-bitrate library still fits.
    s.tiers.disk.count += m.diskExtra;
    if (m.cost) {
      const spec = structuredClone(api.costModelDefaults().spec);
      spec.params.io_w = m.cost.ioW;
      spec.params.io_r = 1 - m.cost.ioW;
      spec.params.c_wh_us = m.cost.fixedWriteHit;
      spec.cache_gb = m.cost.cacheGb;
      spec.workload.read_exponent = m.cost.readExponent;
      spec.u_steps = m.cost.uSteps;
      s.cost_model = spec;
    }
    return s;
  })
  .filter((s) => api.validate(s).length === 0);

describe('scenario links', () => {
  it('schema version agrees with the core', () => {
    expect(SCHEMA_VERSION).toBe(api.defaultScenario().version);
  });

  it('round-trip: encode → decode → core gives the same scenario (property, real wasm validate)', async () => {
    await fc.assert(
      fc.asyncProperty(validScenario, fc.option(fc.constantFrom(...presetIds), { nil: null }), async (s, preset) => {
        const link = encodeLink(s, catalog, preset);
        expect(link).toMatch(/^#v1\.[0-9a-f]{8}\.[A-Za-z0-9+$-]+$/);
        const r = await loadLink(link, catalog, core);
        if (r.kind !== 'ok') throw new Error(`not ok: ${JSON.stringify(r)}`);
        expect(r.scenario).toEqual(s);
        expect(r.preset).toBe(preset);
        expect(r.source).toBe('link v1');
      }),
      { numRuns: 300 },
    );
  });

  it('≥ 1000 damaged links each give a message, never a throw and never another scenario', async () => {
    const base = [...presetIds.map((id) => encodeLink(api.preset(id), catalog, id))];
    const damage = fc.oneof(
      // Byte (character) flips anywhere in the link.
      fc.record({ kind: fc.constant('flip'), at: fc.nat(), ch: fc.integer({ min: 32, max: 0x2fff }) }),
      fc.record({ kind: fc.constant('truncate'), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert'), at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ kind: fc.constant('delete'), at: fc.nat(), n: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('foreign'), text: fc.string({ maxLength: 200 }) }),
      fc.record({ kind: fc.constant('version'), v: fc.integer({ min: 0, max: 99_999 }) }),
    );
    let damaged = 0;
    let messages = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: base.length - 1 }), damage, async (i, d) => {
        const link = base[i];
        let bad: string;
        switch (d.kind) {
          case 'flip': {
            const at = 1 + (d.at % (link.length - 1));
            bad = link.slice(0, at) + String.fromCharCode(d.ch) + link.slice(at + 1);
            break;
          }
          case 'truncate':
            bad = link.slice(0, 1 + (d.at % (link.length - 1)));
            break;
          case 'insert': {
            const at = 1 + (d.at % (link.length - 1));
            bad = link.slice(0, at) + d.text + link.slice(at);
            break;
          }
          case 'delete': {
            const at = 1 + (d.at % (link.length - 1));
            bad = link.slice(0, at) + link.slice(at + d.n);
            break;
          }
          case 'foreign':
            bad = '#' + d.text;
            break;
          default:
            bad = link.replace(/^#v1\./, `#v${d.v}.`);
        }
        let sync: ReturnType<typeof decodeLink> | undefined;
        expect(() => (sync = decodeLink(bad, catalog))).not.toThrow();
        const r = await loadLink(bad, catalog, core);
        expect(sync).toBeDefined();
        if (bad === link || (d.kind === 'version' && d.v === LINK_VERSION)) {
          expect(r.kind).toBe('ok');
          return;
        }
        damaged++;
        if (r.kind === 'none') {
          expect(bad).toBe('#');
          return;
        }
        // Damage either fails with a message or, where lz-string ignores it
        // (a changed last character, trailing bits), opens exactly the
        // original scenario: the checksum lets nothing else through.
        if (r.kind === 'error') {
          expect(r.message.length).toBeGreaterThan(10);
          messages++;
        } else if (r.source === 'preset link') {
          expect(r.scenario).toEqual(api.preset(r.preset ?? ''));
        } else {
          expect(r.scenario).toEqual(api.preset(presetIds[i]));
        }
      }),
      { numRuns: 1600 },
    );
    expect(damaged).toBeGreaterThanOrEqual(1000);
    expect(messages).toBeGreaterThanOrEqual(1000);
    console.log(`damaged links: ${damaged}, refused with a message: ${messages}, harmless (same scenario): ${damaged - messages}`);
  });

  it('names what is wrong', async () => {
    const s = api.defaultScenario();
    const good = encodeLink(s, catalog, 'mmsys11-cost-ssd');
    const msg = async (h: string) => {
      const r = await loadLink(h, catalog, core);
      return r.kind === 'error' ? r.message : `(${r.kind})`;
    };
    expect(await msg(good.slice(0, good.length - 30))).toMatch(/truncated or corrupted/);
    expect(await msg(good.replace(/^#v1\.[0-9a-f]{8}/, '#v1.00000000'))).toMatch(/checksum mismatch/);
    expect(await msg(good.replace('#v1.', '#v7.'))).toBe('the link was made by a newer version of tierplan (link format v7; this app reads up to v1)');
    expect(await msg('#results')).toBe('the link\'s fragment "#results" is not a tierplan scenario link');
    expect(await msg('#preset=no-such-study')).toBe('the link names a preset "no-such-study" that this version of tierplan does not have');
    // A link whose scenario passes the transport checks but not the core is
    // a draft: opened as it was, with the core's field-named problems.
    const bad = structuredClone(s);
    bad.workload.arrival_rate = -1;
    const draft = await loadLink(encodeLink(bad, catalog), catalog, core);
    expect(draft).toMatchObject({
      kind: 'ok',
      problems: [{ path: 'workload.arrival_rate', message: '-1 is out of range: must be 0 < value ≤ 1000 requests/s' }],
    });
    expect(draft.kind === 'ok' && draft.scenario).toEqual(bad);
    // A newer schema inside a well-formed link.
    const future = { ...structuredClone(s), version: 7 };
    expect(await msg(encodeLink(future, catalog))).toBe(
      'the scenario in the link is not readable: it was made by a newer version of tierplan (schema v7; this app reads up to v1)',
    );
  });

  it("carries the optimiser's target, and only when one is set", async () => {
    const s = api.defaultScenario();
    const plain = encodeLink(s, catalog, 'mmsys11-cost-ssd');
    // A link without a target is the one older versions wrote (and still opens as the default, null).
    expect(encodeLink(s, catalog, 'mmsys11-cost-ssd', null)).toBe(plain);
    const withTarget = encodeLink(s, catalog, 'mmsys11-cost-ssd', 0.025);
    expect(withTarget).not.toBe(plain);
    expect(await loadLink(plain, catalog, core)).toMatchObject({ kind: 'ok', target: null, preset: 'mmsys11-cost-ssd' });
    const r = await loadLink(withTarget, catalog, core);
    expect(r).toMatchObject({ kind: 'ok', target: 0.025, preset: 'mmsys11-cost-ssd' });
    expect(r.kind === 'ok' && r.scenario).toEqual(s);
    expect(await loadLink(encodeLink(s, catalog, null, 0), catalog, core)).toMatchObject({ kind: 'ok', target: 0 });
    // The checksum covers the target: another one under the same sum is refused.
    const sum = withTarget.slice(4, 12);
    const forged = `#v1.${sum}.${encodeLink(s, catalog, 'mmsys11-cost-ssd', 0.5).slice(13)}`;
    const refused = await loadLink(forged, catalog, core);
    expect(refused.kind === 'error' && refused.message).toMatch(/checksum mismatch/);
    // A target that is not a probability is named, not used.
    expect(await loadLink(encodeLink(s, catalog, null, 1.5), catalog, core)).toEqual({
      kind: 'error',
      message: "the optimiser's target in the link (t = 1.5) must be a probability from 0 to 1",
      errors: [],
    });
  });

  it('carries the request-level section (HTTP streaming) exactly', async () => {
    for (const p of api.listRequestPresets()) {
      const s = api.requestPreset(p.id);
      s.request!.cache.index.bytes_per_entry = 17;
      s.request!.run.warmup_rate = 3.5;
      s.request!.workload.arrivals = 'poisson';
      const r = await loadLink(encodeLink(s, catalog), catalog, core);
      if (r.kind !== 'ok') throw new Error(`${p.id}: ${JSON.stringify(r)}`);
      expect(r.scenario, p.id).toEqual(s);
    }
  });

  it('opens a preset by name', async () => {
    const r = await loadLink(presetLink('nossdav12-object-cache'), catalog, core);
    expect(r.kind === 'ok' && r.scenario).toEqual(api.preset('nossdav12-object-cache'));
    expect(r.kind === 'ok' && r.preset).toBe('nossdav12-object-cache');
  });

  it('opens a request-level (HTTP) study preset by name too', async () => {
    const r = await loadLink(presetLink('nossdav12-l2arc-warm'), catalog, core);
    if (r.kind !== 'ok') throw new Error(JSON.stringify(r));
    expect(r.scenario.request?.cache.policy).toBe('ring');
    expect(r.scenario.request?.cache.start).toBe('warm');
  });

  it('migrates a link v0 (#s= base64url JSON, the first app) to the current format', async () => {
    const s = api.preset('hyssc-slc-tlc');
    s.workload.arrival_rate = 0.8125;
    const v0 = '#s=' + Buffer.from(JSON.stringify(s)).toString('base64url');
    const r = await loadLink(v0, catalog, core);
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    expect(r.source).toBe('link v0');
    expect(r.scenario).toEqual(s);
    // Re-encoded as v1 it is the same scenario.
    const again = await loadLink(encodeLink(r.scenario, catalog), catalog, core);
    expect(again.kind === 'ok' && again.scenario).toEqual(s);
    expect(await loadLink('#s=garbage!', catalog, core)).toMatchObject({ kind: 'error', message: expect.stringMatching(/truncated or corrupted/) as unknown });
    expect(await loadLink(`#s=${Buffer.from('{"version":1}').toString('base64url')}`, catalog, core)).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/could not be read: \(scenario\): missing field/) as unknown,
    });
  });

  it('a future schema v2 slots into the migration table', () => {
    const v1 = { version: 1, workload: { arrival_rate: 2 } };
    const table = { 1: (s: Record<string, unknown>) => ({ ...s, version: 2, renamed: true }) };
    expect(migrateScenario(v1, table, 2)).toEqual({ ok: true, from: 1, value: { version: 2, workload: { arrival_rate: 2 }, renamed: true } });
    expect(migrateScenario(v1, {}, 2)).toEqual({ ok: false, message: 'schema v1 is no longer supported (no migration to v2)' });
    expect(migrateScenario({ version: 3 }, table, 2)).toMatchObject({ ok: false, message: expect.stringContaining('schema v3') as unknown });
    expect(migrateScenario({ version: 'x' })).toMatchObject({ ok: false });
    expect(migrateScenario([])).toMatchObject({ ok: false });
  });
});

describe('link length', () => {
  it('every preset link stays under 2 000 characters', () => {
    const rows: string[] = [];
    for (const id of presetIds) {
      const url = `https://tierplan.example/${encodeLink(api.preset(id), catalog, id)}`;
      rows.push(`${id.padEnd(24)} ${String(url.length).padStart(5)} chars (JSON ${JSON.stringify(api.preset(id)).length})`);
      expect(url.length, id).toBeLessThan(2000);
    }
    console.log(`preset link sizes (full URL incl. a 25-char origin):\n${rows.join('\n')}`);
  });
});
