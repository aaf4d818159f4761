/* global process, console -- Node script */
// Block-cache engine speed (model §13): the Exchange preset (at its scaled
// 0.5 GB cache) with SLC, MLC, TLC and HySSC in lockstep, 300 000 host
// I/Os, natively (`tierplan bench-block`) and as WebAssembly in V8 (Node):
// host I/Os per second and wasm/native. WebAssembly runs on one thread, so
// the ratio is taken against the native run pinned to one core (taskset);
// the native run on every core is printed too. Best of BENCH_ROUNDS (3).
// Run: npm run bench:block   (builds the wasm package and the release CLI)
//   BENCH_IOS=20000 BENCH_TRACE=20000 BENCH_ROUNDS=1 node scripts/bench-block.mjs   (a quick check)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nativeCliPath } from './native-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const IOS = Number(process.env.BENCH_IOS ?? 300_000);
// Requests of the native trace replay (its own size: the replay is the
// CLI's, not the wasm run's).
const TRACE = Number(process.env.BENCH_TRACE ?? 1_000_000);

const wasm = await import(resolve(root, 'src/wasm-pkg/tierplan_studies.js'));
wasm.initSync({ module: readFileSync(resolve(root, 'src/wasm-pkg/tierplan_studies_bg.wasm')) });
// The stream-level default scenario comes from the planner's module (the
// studies module does not export it); the block section is the studies'.
const planner = await import(resolve(root, 'src/wasm-pkg/tierplan_planner.js'));
planner.initSync({ module: readFileSync(resolve(root, 'src/wasm-pkg/tierplan_planner_bg.wasm')) });

// The scenario `tierplan bench-block` runs: the preset with its own cache.
const preset = wasm.blockPreset('exchange');
const block = wasm.defaultBlockSpec();
block.cache_gb = preset.cache_gb;
block.replications = 1;
block.workload = { kind: 'synthetic', ...preset.workload, duration_s: IOS / preset.workload.iops };
const scenario = { ...planner.defaultScenario(), block };

let best = Infinity;
let ios = 0;
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  const job = new wasm.BlockSimJob(scenario);
  let p;
  do p = job.step(200_000); // the worker's chunk
  while (!p.done);
  best = Math.min(best, (performance.now() - t0) / 1000);
  ios = p.events;
  job.free();
}

const cli = nativeCliPath;
const line = /synthetic exchange: (\d+) host I\/Os × 4 caches in ([\d.]+) s/;
function native(pin) {
  const args = ['bench-block', '--rounds', String(rounds), '--ios', String(IOS), '--trace-requests', String(TRACE)];
  const out = pin ? execFileSync('taskset', ['-c', '0', cli, ...args], { encoding: 'utf8' }) : execFileSync(cli, args, { encoding: 'utf8' });
  const m = line.exec(out);
  if (!m) throw new Error(`unexpected output of tierplan bench-block:\n${out}`);
  return { ios: Number(m[1]), s: Number(m[2]), out };
}
const canPin = existsSync('/usr/bin/taskset');
const one = canPin ? native(true) : null;
const all = native(false);
const rate = (n, s) => `${(n / s / 1e3).toFixed(0)} k host I/Os/s`;

console.log(`block-cache benchmark: Exchange preset, SLC + MLC + TLC + HySSC in lockstep, ${IOS} I/Os, best of ${rounds}`);
console.log(`wasm (Node, one thread):  ${ios} I/Os in ${best.toFixed(3)} s = ${rate(ios, best)}`);
if (one) console.log(`native, one core:         ${one.ios} I/Os in ${one.s.toFixed(3)} s = ${rate(one.ios, one.s)}`);
console.log(`native, every core:       ${all.ios} I/Os in ${all.s.toFixed(3)} s = ${rate(all.ios, all.s)}`);
if (one) console.log(`wasm/native (one core): ${(one.s / best).toFixed(2)}`);
else console.log('taskset is missing: no one-core native run, so no wasm/native ratio');
console.log(all.out.trim().split('\n').filter((l) => l.startsWith('trace replay')).map((l) => `native ${l}`).join('\n'));
