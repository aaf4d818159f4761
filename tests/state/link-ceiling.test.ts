// The optimiser's peak-utilisation ceiling in a link (payload `u`): carried
// only when the user typed one, under the checksum, and refused with its
// name when it is not a fraction in (0, 1].
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { encodeLink } from '../../src/state/link';
import { loadLink, type Core } from '../../src/state/load';

const api = simApi();
const core: Core = api;
const catalog = api.devicePresets();

describe("the optimiser's ceiling in a link", () => {
  it('travels beside the target, and only when set', async () => {
    const s = api.defaultScenario();
    const plain = encodeLink(s, catalog, 'today-plan', 0.02);
    // No ceiling: the link older versions wrote, opening with the default (null).
    expect(encodeLink(s, catalog, 'today-plan', 0.02, null)).toBe(plain);
    expect(await loadLink(plain, catalog, core)).toMatchObject({ kind: 'ok', target: 0.02, ceiling: null });
    const withCeiling = encodeLink(s, catalog, 'today-plan', 0.02, 0.8);
    expect(withCeiling).not.toBe(plain);
    const r = await loadLink(withCeiling, catalog, core);
    expect(r).toMatchObject({ kind: 'ok', target: 0.02, ceiling: 0.8, preset: 'today-plan' });
    expect(r.kind === 'ok' && r.scenario).toEqual(s);
    // A ceiling alone, without a target.
    expect(await loadLink(encodeLink(s, catalog, null, null, 1), catalog, core)).toMatchObject({ kind: 'ok', target: null, ceiling: 1 });
    // The checksum covers it: another ceiling under the same sum is refused.
    const forged = `#v1.${withCeiling.slice(4, 12)}.${encodeLink(s, catalog, 'today-plan', 0.02, 0.5).slice(13)}`;
    const refused = await loadLink(forged, catalog, core);
    expect(refused.kind === 'error' && refused.message).toMatch(/checksum mismatch/);
    // Out of range: named, not used.
    for (const bad of [0, 1.5]) {
      expect(await loadLink(encodeLink(s, catalog, null, null, bad), catalog, core)).toEqual({
        kind: 'error',
        message: `the optimiser's peak-utilisation ceiling in the link (u = ${bad}) must be a fraction above 0, at most 1`,
        errors: [],
      });
    }
  });
});
