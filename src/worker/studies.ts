// The browser's backend of the core's farmed studies: the studies' worker
// (studies.worker.ts), started by the first call made on it — not when a
// tab opens, so a visit that only looks at a tab fetches the planner's
// module alone (the studies module is some 2 MB).
import * as Comlink from 'comlink';
import type { StudiesApi, StudiesBackend } from './studies-api';

type Remote = Comlink.Remote<StudiesApi & { ready(): Promise<void> }>;
let remote: Remote | null = null;

function studiesWorker(): Remote {
  if (!remote) {
    const w = new Worker(new URL('./studies.worker.ts', import.meta.url), { type: 'module', name: 'tierplan-studies' });
    remote = Comlink.wrap<StudiesApi & { ready(): Promise<void> }>(w);
  }
  return remote;
}

/**
 * Every method forwards to the worker, starting it on first use. `then` is
 * not a method: the backend is not a promise (an `await` on it gives it
 * back as it is).
 */
const backend = new Proxy({} as StudiesBackend, {
  get(_target, name) {
    if (typeof name !== 'string' || name === 'then') return undefined;
    return (...args: unknown[]) => (studiesWorker() as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args);
  },
});

export function getStudiesBackend(): StudiesBackend {
  return backend;
}
