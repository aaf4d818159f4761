// Drafts in links and the autosave, with the real core (wasm via initSync):
// texts typed in fields that the scenario cannot hold ("abc", -3 in a count)
// come back exactly as typed, with the rest of the plan.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { decodeLink, encodeLink, packPayload } from '../../src/state/link';
import { AUTOSAVE_KEY, loadLink, readAutosave, writeAutosave, type Core } from '../../src/state/load';
import { numberTextProblem } from '../../src/shared/form';

const api = simApi();
const core: Core = api;
const catalog = api.devicePresets();

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

/** A plan with a file cache, edited away from its preset. */
function plan() {
  const s = api.preset('today-plan');
  s.name = 'my plan';
  s.workload.videos = 4321;
  return s;
}

describe('drafts in a link', () => {
  it('carry the typed texts beside the scenario, and read back exactly', async () => {
    const s = plan();
    const texts = { 'tiers.disk.count': '-3', 'workload.videos': 'abc' };
    const hash = encodeLink(s, catalog, 'today-plan', null, null, texts);
    const d = decodeLink(hash, catalog);
    expect(d).toMatchObject({ kind: 'scenario', texts });
    const l = await loadLink(hash, catalog, core);
    expect(l.kind).toBe('ok');
    if (l.kind !== 'ok') return;
    expect(l.texts).toEqual(texts);
    expect(l.scenario).toEqual(s);
    expect(l.preset).toBe('today-plan');
  });

  it('leave a link without drafts as it was (older links still open)', () => {
    const s = plan();
    expect(encodeLink(s, catalog, null, null, null, {})).toBe(encodeLink(s, catalog));
    expect(decodeLink(encodeLink(s, catalog), catalog)).toMatchObject({ kind: 'scenario', texts: {} });
  });

  it('are covered by the checksum, and must be short texts by field path', () => {
    const s = plan();
    const good = { 'workload.videos': 'abc' };
    const hash = encodeLink(s, catalog, null, null, null, good);
    const [sum] = hash.slice('#v1.'.length).split('.');
    // The same checksum over other drafts: refused.
    const swapped = `#v1.${sum}.${packPayload({ s: { ...s, devices: s.devices }, d: { 'workload.videos': 'xyz' } }, { s, d: good }).split('.')[1]}`;
    expect(decodeLink(swapped, catalog)).toMatchObject({ kind: 'error', message: expect.stringContaining('checksum mismatch') as string });
    const notPaths = `#v1.${packPayload({ s, d: { 'not a path!': 'x' } }, { s, d: { 'not a path!': 'x' } })}`;
    expect(decodeLink(notPaths, catalog)).toMatchObject({ kind: 'error', message: expect.stringContaining('texts typed in its fields') as string });
  });

  it('rescue a value the parser refuses in an older link (-3 for a count): kept as typed, the rest of the plan too', async () => {
    const s = plan();
    const raw = structuredClone(s) as unknown as { tiers: { disk: { count: number } }; workload: { videos: number } };
    raw.tiers.disk.count = -3;
    raw.workload.videos = -5;
    const hash = `#v1.${packPayload({ s: raw }, { s: raw })}`;
    const l = await loadLink(hash, catalog, core);
    expect(l.kind).toBe('ok');
    if (l.kind !== 'ok') return;
    expect(l.texts).toEqual({ 'tiers.disk.count': '-3', 'workload.videos': '-5' });
    expect(l.scenario.name).toBe('my plan');
    expect(l.scenario.workload.arrival_rate).toBe(s.workload.arrival_rate);
  });
});

describe('drafts in the autosave', () => {
  it('come back with the scenario', async () => {
    const store = memoryStorage();
    const s = plan();
    writeAutosave(store, s, 'today-plan', { 'tiers.disk.count': 'abc' });
    const r = await readAutosave(store, core);
    expect(r).toMatchObject({ kind: 'ok', preset: 'today-plan', texts: { 'tiers.disk.count': 'abc' } });
    expect(r.kind === 'ok' && r.scenario).toEqual(s);
  });

  it('rescue a count of -3 an older autosave holds, instead of dropping the plan', async () => {
    const store = memoryStorage();
    const s = plan();
    const raw = structuredClone(s) as unknown as { tiers: { disk: { count: number } } };
    raw.tiers.disk.count = -3;
    store.setItem(AUTOSAVE_KEY, JSON.stringify({ saved: 0, preset: null, scenario: raw }));
    const r = await readAutosave(store, core);
    expect(r).toMatchObject({ kind: 'ok', texts: { 'tiers.disk.count': '-3' } });
    expect(r.kind === 'ok' && r.scenario.workload.videos).toBe(4321);
  });

  it('drop drafts that do not read as such, never the scenario', async () => {
    const store = memoryStorage();
    const s = plan();
    store.setItem(AUTOSAVE_KEY, JSON.stringify({ saved: 0, preset: null, scenario: s, texts: { 'workload.videos': 5 } }));
    const r = await readAutosave(store, core);
    expect(r).toMatchObject({ kind: 'ok', texts: {} });
  });
});

describe("a field's own message, in the form's words", () => {
  it('names the field and the values it takes', () => {
    expect(numberTextProblem('-3', 'SSD count', 'devices', true)).toBe('SSD count: a whole number ≥ 0');
    expect(numberTextProblem('abc', 'SSD count', 'devices', true)).toBe('SSD count: a whole number ≥ 0');
    expect(numberTextProblem('2.5', 'Videos in the library', 'titles', true)).toBe('Videos in the library: a whole number ≥ 0');
    expect(numberTextProblem('4294967296', 'Seed', undefined, true)).toBe('Seed: a whole number from 0 to 4294967295');
    expect(numberTextProblem('abc', 'Duration', 'h', false)).toBe('Duration: a number (h)');
    expect(numberTextProblem('', 'Duration', 'h', false)).toBe('Duration: a number (h)');
    // What the parser takes is the core's to check (its message names its own range).
    expect(numberTextProblem('0', 'SSD count', 'devices', true)).toBeNull();
    expect(numberTextProblem('-2.5', 'Duration', 'h', false)).toBeNull();
  });
});
