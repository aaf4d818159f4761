// Autosave and file import with the real core (wasm via initSync).
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { AUTOSAVE_KEY, loadJson, readAutosave, writeAutosave } from '../../src/state/load';

const api = simApi();

/** A Map-backed Storage; `broken` makes every call throw like a refused localStorage. */
function memoryStorage(broken = false): Storage {
  const m = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException('denied', 'SecurityError');
  };
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => (guard(), m.get(k) ?? null),
    setItem: (k, v) => (guard(), void m.set(k, v)),
    removeItem: (k) => void m.delete(k),
  };
}

describe('autosave', () => {
  it('restores what it saved, with the preset it came from', async () => {
    const store = memoryStorage();
    const s = api.preset('mmsys11-fig9-dram');
    s.workload.arrival_rate = 0.3125;
    writeAutosave(store, s, 'mmsys11-fig9-dram');
    const r = await readAutosave(store, api);
    expect(r).toMatchObject({ kind: 'ok', preset: 'mmsys11-fig9-dram' });
    expect(r.kind === 'ok' && r.scenario).toEqual(s);
  });

  it('reports and removes a corrupted entry', async () => {
    const store = memoryStorage();
    for (const [text, msg] of [
      ['{"scenario": {"vers', 'the entry is corrupted (not JSON)'],
      ['[1,2]', 'the entry holds no scenario'],
      ['{"scenario": {"version": 9}}', 'it was made by a newer version of tierplan (schema v9; this app reads up to v1)'],
      ['{"scenario": {"version": 1, "name": "x"}}', '(scenario): missing field `workload`'],
    ] as const) {
      store.setItem(AUTOSAVE_KEY, text);
      expect(await readAutosave(store, api)).toEqual({ kind: 'error', message: msg });
      expect(store.getItem(AUTOSAVE_KEY)).toBeNull();
    }
  });

  it('restores a draft the core does not accept yet, as it was, with its problems', async () => {
    const store = memoryStorage();
    const bad = api.defaultScenario();
    bad.run.replications = 0;
    writeAutosave(store, bad, 'mmsys11-cost-ssd');
    const r = await readAutosave(store, api);
    expect(r).toMatchObject({
      kind: 'ok',
      preset: 'mmsys11-cost-ssd',
      problems: [{ path: 'run.replications', message: '0 is out of range: must be an integer from 1 to 100' }],
    });
    expect(r.kind === 'ok' && r.scenario).toEqual(bad);
    // Kept, not removed: the next reload finds it again.
    expect(store.getItem(AUTOSAVE_KEY)).not.toBeNull();
  });

  it('is silent where the browser refuses storage', async () => {
    const store = memoryStorage(true);
    expect(() => writeAutosave(store, api.defaultScenario(), null)).not.toThrow();
    expect(await readAutosave(store, api)).toEqual({ kind: 'none' });
    expect(await readAutosave(null, api)).toEqual({ kind: 'none' });
  });
});

describe('scenario files', () => {
  it('reads what the CLI reads, and names the fields the core refuses', async () => {
    const s = api.preset('hyssc-slc-tlc');
    expect(await loadJson(JSON.stringify(s, null, 2), api)).toEqual({ ok: true, scenario: s });
    s.workload.videos = 0;
    const r = await loadJson(JSON.stringify(s), api);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.path)).toContain('workload.videos');
    expect(await loadJson('{"version": 1,', api)).toMatchObject({ ok: false, message: expect.stringMatching(/^it is not JSON/) as unknown });
  });
});
