#!/usr/bin/env node
/* global process, console, performance, window, document, navigator -- Node script; the page.evaluate bodies run in the browser */
// Benchmark (not a test): the whole MMSys'11 Fig. 11 set — 3 parameters ×
// 2 architectures × 25 points × 5 replications of 10 h = 150 runs — through
// the app's worker pool in headless Chromium against a `vite preview` build,
// driven through the UI exactly as a user would (one click on "Fig. 11").
// Then the same 150 runs natively with `tierplan sweep`, and the ratio.
//
//   npm run bench:sweeps            (builds first)
//   node scripts/bench-sweeps.mjs   (uses the existing dist/ and CLI)
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withPreviewPage } from './preview-server.mjs';
import { nativeCli } from './native-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const POINTS = 25;
// The figure's own run length and replications; smaller values only check
// that the benchmark still runs (scripts/bench-smoke.sh).
const HOURS = Number(process.env.BENCH_HOURS ?? 10);
const REPS = Number(process.env.BENCH_REPLICATIONS ?? 5);

/** The values figures.ts sweeps (same rounding), for the native runs. */
const linspace = (a, b, n) => Array.from({ length: n }, (_, i) => Number((a + ((b - a) * i) / (n - 1)).toPrecision(10)));
const PARAMS = [
  ['workload.arrival_rate', linspace(0.02, 0.5, POINTS)],
  ['workload.popularity.value', linspace(0, 1, POINTS)],
  ['workload.classes[0].length_min', linspace(10, 120, POINTS)],
];
const PRESETS = ['mmsys11-fig11-dram', 'mmsys11-fig11-ssd'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function browserBench() {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('no dist/: run `npm run build` first (npm run bench:sweeps does)');
  return withPreviewPage(root, async (page) => {
    await page.getByTestId('tab-sweeps').click();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await page.getByTestId('sweep-points').fill(String(POINTS));
    await page.getByTestId('sweep-replications').fill(String(REPS));
    await page.getByTestId('sweep-durationH').fill(String(HOURS));
    const out = [];
    for (let i = 0; i < REPEATS; i++) {
      // Timed in the page: from the click to the last point drawn.
      await page.evaluate(() => {
        window.__benchStart = performance.now();
      });
      await page.getByTestId('figure-fig11').click();
      await page.waitForFunction(() => /^Done: /.test(document.querySelector('[data-testid=sweep-status]')?.textContent ?? ''), null, { timeout: 600_000, polling: 'raf' });
      const r = await page.evaluate(() => {
        const st = document.querySelector('[data-testid=sweep-status]');
        return {
          wallMs: performance.now() - window.__benchStart,
          runMs: Number(st.getAttribute('data-ms')),
          runs: Number(st.getAttribute('data-total')),
          points: document.querySelectorAll('[data-metric="cache_streams"] circle[data-series]').length,
        };
      });
      if (r.runs !== 150 || r.points !== 150) throw new Error(`expected 150 runs and points, got ${JSON.stringify(r)}`);
      out.push(r);
      console.log(`  browser run ${i + 1}: ${fmt(r.wallMs)} click→done (runs alone ${fmt(r.runMs)})`);
    }
    return { cores, out };
  });
}

function nativeBench() {
  const bin = nativeCli();
  const dir = mkdtempSync(join(tmpdir(), 'tierplan-bench-'));
  const files = PRESETS.map((p) => {
    const f = join(dir, `${p}.json`);
    const sc = JSON.parse(execFileSync(bin, ['preset', p], { encoding: 'utf8' }));
    sc.run.duration_h = HOURS;
    sc.run.replications = REPS;
    writeFileSync(f, JSON.stringify(sc));
    return f;
  });
  const args = (f, [param, values]) => ['sweep', f, '--param', param, '--values', values.join(',')];
  // One core: every sweep in turn.
  const serial = [];
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    for (const f of files) for (const p of PARAMS) execFileSync(bin, args(f, p));
    serial.push(performance.now() - t);
  }
  // Two cores: one process per architecture, as the pool's two workers.
  const parallel = [];
  const runProc = (a) => new Promise((res, rej) => spawn(bin, a, { stdio: 'ignore' }).on('exit', (c) => (c === 0 ? res() : rej(new Error(`tierplan exited ${c}`)))));
  return (async () => {
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      await Promise.all(files.map(async (f) => {
        for (const p of PARAMS) await runProc(args(f, p));
      }));
      parallel.push(performance.now() - t);
    }
    return { serial, parallel };
  })();
}

console.log(`Fig. 11 set: ${PARAMS.length} parameters × ${PRESETS.length} architectures × ${POINTS} points × ${REPS} replications × ${HOURS} h = 150 runs`);
console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const b = await browserBench();
const n = await nativeBench();
const wasmMs = median(b.out.map((r) => r.wallMs));
const nat2 = median(n.parallel);
const nat1 = median(n.serial);
console.log(`\nbrowser (wasm, worker pool of ${Math.min(4, Math.max(1, b.cores))} for hardwareConcurrency ${b.cores}): median ${fmt(wasmMs)} click→done (target < 3 s on 2 cores)`);
console.log(`native tierplan sweep: median ${fmt(nat1)} on 1 core, ${fmt(nat2)} as 2 processes`);
console.log(`wasm/native ratio: ${(wasmMs / nat2).toFixed(2)} (2 workers vs 2 processes), ${(wasmMs / nat1).toFixed(2)} vs 1 native core`);
console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
