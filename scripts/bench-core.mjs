/* global process, console -- Node script */
// Core speed: events per second of the study's λ = 1/s, 10 h workload for
// HDD only, DRAM-IC + HDD and SSD-LFU + HDD, natively (`tierplan bench`) and
// as WebAssembly in V8 (Node, the engine Chromium uses), and their ratio.
// Run: npm run bench   (builds the wasm package and the release CLI first)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '..');
const reps = Number(process.env.BENCH_REPLICATIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const presets = ['mmsys11-cost-hdd', 'mmsys11-cost-dram', 'mmsys11-cost-ssd'];

const wasm = await import(resolve(root, 'src/wasm-pkg/tierplan_wasm.js'));
wasm.initSync({ module: readFileSync(resolve(root, 'src/wasm-pkg/tierplan_wasm_bg.wasm')) });

function wasmRate(id) {
  const s = wasm.preset(id);
  s.run.replications = reps;
  let best = 0;
  let events = 0;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const job = new wasm.SimJob(s);
    // Chunks as large as the worker's would be irrelevant here: step to the end.
    while (!job.step(4_000_000).done);
    const r = job.result();
    const secs = (performance.now() - t0) / 1000;
    job.free();
    events = r.events;
    best = Math.max(best, events / secs);
  }
  return { events, rate: best };
}

function nativeRates() {
  const cli = resolve(root, 'wasm/target/release/tierplan');
  const best = new Map();
  for (let i = 0; i < rounds; i++) {
    const out = execFileSync(cli, ['bench', '--replications', String(reps)], { encoding: 'utf8' });
    out
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .forEach((line, k) => {
        const m = /([\d.]+) M events\/s/.exec(line);
        if (m) best.set(presets[k], Math.max(best.get(presets[k]) ?? 0, Number(m[1]) * 1e6));
      });
  }
  return best;
}

const native = nativeRates();
console.log(`core benchmark: λ = 1/s, 10 h, ${reps} replications, best of ${rounds} rounds, one core`);
console.log('scenario              native M events/s   wasm M events/s   wasm/native');
for (const id of presets) {
  const w = wasmRate(id);
  const n = native.get(id);
  console.log(
    `${id.padEnd(22)}${(n / 1e6).toFixed(2).padStart(10)}${(w.rate / 1e6).toFixed(2).padStart(18)}${(w.rate / n).toFixed(2).padStart(14)}`,
  );
}
