// Load the wasm package in Node (tests): initSync with the .wasm bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as wasm from '../wasm-pkg/tierplan_wasm';
import { createSimApi, type SimApi } from '../engine/api';

let api: SimApi | null = null;

export function loadWasm(): typeof wasm {
  const file = fileURLToPath(new URL('../wasm-pkg/tierplan_wasm_bg.wasm', import.meta.url));
  wasm.initSync({ module: readFileSync(file) });
  return wasm;
}

/** The worker API over the wasm module, instantiated once per test file. */
export function simApi(): SimApi {
  api ??= createSimApi(loadWasm());
  return api;
}
