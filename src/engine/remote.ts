// What a worker's API looks like from the main thread, and what a worker
// that holds the core's study objects needs: a table of them by handle.
// Infrastructure only (no feature): the simulation worker's calls, the
// studies' worker and the tests' in-process backends share these shapes.
import type { FieldError } from './types';

/** An API as comlink returns it: every method's result may be a promise. */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> | Awaited<R> : never;
};

/** The core throws a scenario's or a spec's field errors as an array; anything else is a bug. */
export function isFieldErrors(x: unknown): x is FieldError[] {
  return Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && 'path' in e && 'message' in e);
}

/**
 * Wasm objects by handle. A handle is what crosses the worker boundary (a
 * wasm object cannot); `free` releases the object's memory in the module,
 * which a garbage-collected JavaScript wrapper would otherwise keep until the
 * worker ends. `what` names the kind in the error of a handle not held (a
 * study already freed after its end or a cancel).
 */
export class HandleTable<T extends { free(): void }> {
  private readonly held = new Map<number, T>();
  private next = 1;
  constructor(private readonly what: string) {}

  add(value: T): number {
    const h = this.next++;
    this.held.set(h, value);
    return h;
  }

  /** Build the object and hold it; field errors the core throws come back as a value, so they survive comlink. */
  open(make: () => T): { handle: number } | { errors: FieldError[] } {
    let value: T;
    try {
      value = make();
    } catch (e) {
      if (isFieldErrors(e)) return { errors: e };
      throw e;
    }
    return { handle: this.add(value) };
  }

  get(h: number): T {
    const v = this.held.get(h);
    if (!v) throw new Error(`no ${this.what} ${h} (finished or cancelled)`);
    return v;
  }

  /** Release the object (freeing twice, or a handle never given, does nothing). */
  free(h: number): void {
    this.held.get(h)?.free();
    this.held.delete(h);
  }
}

/**
 * A worker's API that waits for its module: every method awaits `ready`
 * first, so calls made while the wasm module is still instantiating queue
 * rather than fail; `ready()` itself resolves once it is.
 */
export function afterReady<T extends object>(api: T, ready: Promise<unknown>): Async<T> & { ready(): Promise<void> } {
  const out: Record<string, unknown> = {
    ready: async () => {
      await ready;
    },
  };
  for (const [name, f] of Object.entries(api)) {
    if (typeof f !== 'function') continue;
    out[name] = async (...args: unknown[]) => {
      await ready;
      return (f as (...a: unknown[]) => unknown)(...args);
    };
  }
  return out as Async<T> & { ready(): Promise<void> };
}
