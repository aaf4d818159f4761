#!/usr/bin/env node
/* global process, console, Worker, window -- Node script; the page.evaluate bodies run in the browser */
// Core speed (a benchmark, not a test): events per second of the study's
// λ = 1/s, 10 h workload for HDD only, DRAM-IC + HDD and SSD-LFU + HDD,
//   - natively (`tierplan bench`),
//   - as WebAssembly in Node (V8, the planner's module in src/wasm-pkg/),
//   - as WebAssembly in headless Chromium, inside the app's own simulation
//     worker (dist/assets/sim.worker-*.js of the production build, served by
//     `vite preview`), once stepped to the end in one call like the other two
//     and once in the app's chunks of 200 000 events with a yield between,
// and the size of both modules raw and gzipped (the planner's is what a
// visit downloads first; the studies module comes when a view needs it).
//
// The machine may be shared: the three are interleaved round by round, each
// figure is the best of BENCH_ROUNDS (3) rounds, every wasm engine gets one
// untimed warm-up run per scenario (so V8 has tiered the code up), and the
// load average is printed before and after.
//
//   npm run bench                  (builds the app, the wasm package and the release CLI first)
//   node scripts/bench-core.mjs    (uses what is built)
//   BENCH_REPLICATIONS=20 BENCH_ROUNDS=3 BENCH_PORT=4115 CHROMIUM_PATH=/usr/bin/chromium
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { freePort, previewAndChromium } from './preview-server.mjs';
import { nativeCliPath } from './native-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const reps = Number(process.env.BENCH_REPLICATIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const presets = ['mmsys11-cost-hdd', 'mmsys11-cost-dram', 'mmsys11-cost-ssd'];
/** The worker pool's chunk (src/engine/api.ts DEFAULT_CHUNK). */
const APP_CHUNK = 200_000;
/** Large enough that one step call runs a whole benchmark run. */
const WHOLE = 1_000_000_000;

const pkgWasm = resolve(root, 'src/wasm-pkg/tierplan_planner_bg.wasm');
const studiesWasm = resolve(root, 'src/wasm-pkg/tierplan_studies_bg.wasm');
const wasm = await import(resolve(root, 'src/wasm-pkg/tierplan_planner.js'));
wasm.initSync({ module: readFileSync(pkgWasm) });

const scenarios = Object.fromEntries(
  presets.map((id) => {
    const s = wasm.preset(id);
    s.run.replications = reps;
    return [id, s];
  }),
);

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const best = new Map(); // `${engine} ${preset}` → best events/s
const note = (key, rate) => best.set(key, Math.max(best.get(key) ?? 0, rate));

/** One run in Node: create the job, step to the end, read the result. */
function nodeRun(id) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const job = new wasm.SimJob(scenarios[id]);
  while (!job.step(WHOLE).done);
  const r = job.result();
  const secs = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  job.free();
  note(`node-cpu ${id}`, r.events / ((c.user + c.system) / 1e6));
  return r.events / secs;
}

function nativeRound() {
  const cli = nativeCliPath;
  const out = execFileSync(cli, ['bench', '--replications', String(reps)], { encoding: 'utf8' });
  const lines = out.split('\n').slice(1).filter(Boolean);
  presets.forEach((id, k) => {
    note(`native ${id}`, Number(/([\d.]+) M events\/s/.exec(lines[k])?.[1]) * 1e6);
    const cpu = /on-CPU ([\d.]+) M events\/s/.exec(lines[k]);
    if (cpu) note(`native-cpu ${id}`, Number(cpu[1]) * 1e6);
  });
}

/** The production build's simulation worker, checked to carry the same module as src/wasm-pkg. */
function builtWorker() {
  const dir = join(root, 'dist/assets');
  if (!existsSync(dir)) throw new Error('no dist/: run `npm run build` first (npm run bench does)');
  const files = readdirSync(dir);
  const worker = files.find((f) => /^sim\.worker-.*\.js$/.test(f));
  const mod = files.find((f) => /^tierplan_planner_bg-.*\.wasm$/.test(f));
  if (!worker || !mod) throw new Error('dist/assets has no sim.worker-*.js or wasm module: rebuild with `npm run build`');
  if (!readFileSync(join(dir, mod)).equals(readFileSync(pkgWasm))) {
    throw new Error('dist/ holds an older wasm module than src/wasm-pkg: rebuild with `npm run build`');
  }
  return `/assets/${worker}`;
}

/**
 * Start Chromium on the built app and one extra instance of its simulation
 * worker, driven through comlink's wire protocol (what the pool does through
 * comlink itself): `ready()`, then `run(id, scenario, undefined, chunk)`.
 */
async function openChromium() {
  const workerUrl = builtWorker();
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const { preview, browser } = await previewAndChromium(root, port);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(async (url) => {
      const w = new Worker(url, { type: 'module' });
      let next = 0;
      const pending = new Map();
      w.addEventListener('message', (ev) => {
        const { id, type, value } = ev.data;
        const p = pending.get(id);
        if (!p) return;
        pending.delete(id);
        if (type === 'HANDLER') p.reject(new Error(String(value?.value?.message ?? value?.value ?? 'worker error')));
        else p.resolve(value);
      });
      const call = (name, ...args) =>
        new Promise((resolve, reject) => {
          const id = `bench-${next++}`;
          pending.set(id, { resolve, reject });
          w.postMessage({ id, type: 'APPLY', path: [name], argumentList: args.map((value) => ({ type: 'RAW', value })) });
        });
      await call('ready');
      // Timed in the worker's page: from the request to the RunResult back.
      window.__benchRun = async (scenario, chunk) => {
        const t0 = performance.now();
        const r = await call('run', next, scenario, undefined, chunk);
        return r.events / ((performance.now() - t0) / 1000);
      };
    }, workerUrl);
    return {
      run: (id, chunk) => page.evaluate(([s, c]) => window.__benchRun(s, c), [scenarios[id], chunk]),
      version: browser.version(),
      close: async () => {
        await browser.close();
        preview.kill();
      },
    };
  } catch (e) {
    await browser.close();
    preview.kill();
    throw e;
  }
}

const bytes = readFileSync(pkgWasm);
console.log(`core benchmark: λ = 1/s, 10 h, ${reps} replications per run, best of ${rounds} interleaved rounds, one core each`);
console.log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average before: ${load()}`);
const size = (b) => `${b.length} B raw, ${gzipSync(b, { level: 9 }).length} B gzip -9`;
const studiesBytes = readFileSync(studiesWasm);
console.log(`wasm modules: planner ${size(bytes)}; studies ${size(studiesBytes)}`);

const browser = await openChromium();
try {
  for (const id of presets) {
    nodeRun(id); // warm-up: let V8 tier the module up
    await browser.run(id, WHOLE);
  }
  for (let round = 0; round < rounds; round++) {
    nativeRound();
    for (const id of presets) note(`node ${id}`, nodeRun(id));
    for (const id of presets) note(`chromium ${id}`, await browser.run(id, WHOLE));
    for (const id of presets) note(`chunked ${id}`, await browser.run(id, APP_CHUNK));
  }
  console.log(`Node ${process.version}, Chromium ${browser.version}\n`);
} finally {
  await browser.close();
}

const M = (x) => (x / 1e6).toFixed(2);
const cols = ['native', 'node wasm', 'chromium wasm', 'chromium 200k', 'node/nat', 'chromium/nat', '200k/nat'];
console.log(`${'M events/s'.padEnd(20)}${cols.map((c) => c.padStart(14)).join('')}`);
for (const id of presets) {
  const n = best.get(`native ${id}`);
  const [w, c, k] = ['node', 'chromium', 'chunked'].map((e) => best.get(`${e} ${id}`));
  const cells = [M(n), M(w), M(c), M(k), (w / n).toFixed(2), (c / n).toFixed(2), (k / n).toFixed(2)];
  console.log(`${id.padEnd(20)}${cells.map((x) => x.padStart(14)).join('')}`);
}
console.log(`\n"chromium 200k": the app's own chunking (SimJob.step(200 000) with a yield between), no progress callback.`);
if (best.has(`native-cpu ${presets[0]}`)) {
  // Time on a CPU rather than on the clock: steadier when other work shares
  // the cores (native: the thread's schedstat; Node: process.cpuUsage).
  console.log(`\non-CPU M events/s         native     node wasm      node/nat`);
  for (const id of presets) {
    const [n, w] = ['native-cpu', 'node-cpu'].map((e) => best.get(`${e} ${id}`));
    console.log(`${id.padEnd(20)}${[M(n), M(w), (w / n).toFixed(2)].map((x) => x.padStart(14)).join('')}`);
  }
}
console.log(`load average after: ${load()}`);
