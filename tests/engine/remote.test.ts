// The studies' worker's plumbing: wasm objects held by handle, calls that
// wait for the module, and a backend that starts its worker only when a
// study is started.
import { describe, expect, it } from 'vitest';
import { afterReady, HandleTable } from '../../src/engine/remote';
import { getStudiesBackend } from '../../src/worker/studies';

class Obj {
  freed = 0;
  free() {
    this.freed++;
  }
}

describe('HandleTable', () => {
  it('holds what it opens, names the kind of a handle it does not hold, and frees once', () => {
    const t = new HandleTable<Obj>('figure');
    const o = new Obj();
    const opened = t.open(() => o);
    if (!('handle' in opened)) throw new Error('expected a handle');
    expect(t.get(opened.handle)).toBe(o);
    t.free(opened.handle);
    t.free(opened.handle);
    expect(o.freed).toBe(1);
    expect(() => t.get(opened.handle)).toThrow(`no figure ${opened.handle} (finished or cancelled)`);
  });

  it("returns the core's field errors as a value and lets any other error through", () => {
    const t = new HandleTable<Obj>('search');
    const errors = [{ path: 'optimize.max_cost', message: 'must be > 0' }];
    expect(
      t.open(() => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- as the core throws them: an array
        throw errors;
      }),
    ).toEqual({ errors });
    expect(() =>
      t.open(() => {
        throw new Error('a bug');
      }),
    ).toThrow('a bug');
  });
});

describe('afterReady', () => {
  it('holds every call until the module is ready, then answers it', async () => {
    let release!: () => void;
    const ready = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const api = afterReady({ twice: (x: number) => (calls.push('twice'), 2 * x) }, ready);
    const answer = api.twice(21);
    await Promise.resolve();
    expect(calls).toEqual([]);
    release();
    expect(await answer).toBe(42);
    await api.ready();
  });
});

describe('the studies backend', () => {
  it('is not a promise and starts no worker until a method is called', async () => {
    // Node has no Worker: constructing one here would throw.
    const b = getStudiesBackend();
    expect(await Promise.resolve(b)).toBe(b);
    expect(typeof b.startFigure).toBe('function');
  });
});
