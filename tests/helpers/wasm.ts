// Load the wasm package in Node (tests): initSync with the .wasm bytes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as wasm from '../../src/wasm-pkg/tierplan_wasm';
import { createSimApi, type SimApi } from '../../src/engine/api';

let api: SimApi | null = null;

export function loadWasm(): typeof wasm {
  // Relative to the repository root (vitest's working directory); jsdom
  // gives import.meta.url an http: scheme.
  const file = resolve(process.cwd(), 'src/wasm-pkg/tierplan_wasm_bg.wasm');
  wasm.initSync({ module: readFileSync(file) });
  return wasm;
}

/** The worker API over the wasm module, instantiated once per test file. */
export function simApi(): SimApi {
  api ??= createSimApi(loadWasm());
  return api;
}
