/* global process, console -- Node script */
// Request-level engine speed (model §11): one hour of HDD only at 20
// requests/s with 128 KB chunks, natively (`tierplan bench-request`) and as
// WebAssembly in V8 (Node), events (I/O completions + arrivals) per second
// and the wasm/native ratio. Best of BENCH_ROUNDS (default 3).
// Run: npm run bench:request   (builds the wasm package and the release CLI)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nativeCliPath } from './native-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// Simulated hours: 1 for the figures, a sliver for the suite's smoke run.
const hours = Number(process.env.BENCH_HOURS ?? 1);

const wasm = await import(resolve(root, 'src/wasm-pkg/tierplan_studies.js'));
wasm.initSync({ module: readFileSync(resolve(root, 'src/wasm-pkg/tierplan_studies_bg.wasm')) });

const s = wasm.requestPreset('nossdav12-hdd-only');
s.request.workload.rate = 20;
s.request.chunk_kb = 128;
s.request.run.replications = 1;
s.request.run.duration_h = hours;

let best = Infinity;
let events = 0;
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  const job = new wasm.RequestSimJob(s);
  let p;
  do p = job.step(4_000_000);
  while (!p.done);
  best = Math.min(best, (performance.now() - t0) / 1000);
  events = p.events;
  job.free();
}

const cli = nativeCliPath;
const native = JSON.parse(
  execFileSync(cli, ['bench-request', '--rounds', String(rounds), `--hours=${hours}`], { encoding: 'utf8' }),
);
const wasmRate = events / best;
console.log(`request-level benchmark: HDD only, ${hours} h at 20 req/s, 128 KB chunks, best of ${rounds}`);
console.log(`native: ${native.events} events in ${native.best_s.toFixed(3)} s = ${(native.events_per_s / 1e6).toFixed(2)} M events/s`);
console.log(`wasm:   ${events} events in ${best.toFixed(3)} s = ${(wasmRate / 1e6).toFixed(2)} M events/s`);
console.log(`wasm/native: ${(wasmRate / native.events_per_s).toFixed(2)}`);
