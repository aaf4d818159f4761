// Load the wasm modules in Node (tests): initSync with the .wasm bytes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as planner from '../../src/wasm-pkg/tierplan_planner';
import * as studies from '../../src/wasm-pkg/tierplan_studies';
import { createSimApi, type SimApi } from '../../src/worker/api';

let api: SimApi | null = null;

/** Relative to the repository root (vitest's working directory); jsdom gives import.meta.url an http: scheme. */
const bytes = (name: string) => readFileSync(resolve(process.cwd(), `src/wasm-pkg/${name}_bg.wasm`));

/** The planner's module: scenarios and the stream-level engine. */
export function loadPlanner(): typeof planner {
  planner.initSync({ module: bytes('tierplan_planner') });
  return planner;
}

/** The studies module: everything else (it reads and runs scenarios too). */
export function loadStudies(): typeof studies {
  studies.initSync({ module: bytes('tierplan_studies') });
  return studies;
}

/** The worker API over both modules, instantiated once per test file. */
export function simApi(): SimApi {
  if (api === null) {
    const p = loadPlanner();
    const s = loadStudies();
    api = createSimApi(p, () => s);
  }
  return api;
}

/** A fresh worker API over the (shared) instances of both modules. */
export function newSimApi(): SimApi {
  const s = loadStudies();
  return createSimApi(loadPlanner(), () => s);
}

/** The worker's loader, for a workerApi over `newSimApi()` (both modules are already there). */
export const studiesLoaded = (): Promise<void> => Promise.resolve();
