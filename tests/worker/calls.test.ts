// The short-call registry (src/worker/calls.ts): every listed call exists on
// the worker API over the real core, and forwarding passes arguments and
// answers through unchanged.
import { describe, expect, it } from 'vitest';
import { SHORT_CALLS, everyCallListed, forwardShortCalls } from '../../src/worker/calls';
import type { SimApi } from '../../src/worker/api';
import { simApi } from '../helpers/wasm';

describe('short calls', () => {
  it('name only functions of the worker API, each once', () => {
    const api = simApi() as unknown as Record<string, unknown>;
    for (const name of SHORT_CALLS) expect(typeof api[name], name).toBe('function');
    expect(new Set(SHORT_CALLS).size).toBe(SHORT_CALLS.length);
    expect(everyCallListed).toBe(true);
  });

  it('are forwarded with their arguments, and a throw becomes a rejection', async () => {
    const api = simApi();
    const seen: string[] = [];
    const engine = forwardShortCalls<SimApi>((f) => {
      seen.push('call');
      return new Promise((resolve) => resolve(f(api)));
    });
    expect(await engine.erlangB(2, 1)).toBeCloseTo(0.2, 12);
    expect(await engine.streamsPerBandwidth(155, 245)).toBe(647);
    await expect(engine.preset('no-such-preset')).rejects.toThrow(/no-such-preset/);
    expect(seen).toHaveLength(3);
  });
});
