#!/usr/bin/env node
/* global process, console, performance, window, document, navigator -- Node script; the page.evaluate bodies run in the browser */
// Benchmark (not a test): the whole NOSSDAV'12 miss-ratio figure — 5
// policies × 25 rates × 3 replications of 1 h (warm ring: 1 h warm-up) =
// 125 runs — through the app's worker pool in headless Chromium against a
// `vite preview` build, driven through the UI (one click on "Run the figure").
//
//   npm run bench:http                       (builds first)
//   BENCH_HOURS=0.1 node scripts/bench-http.mjs   (shorter runs, existing dist/)
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { withPreviewPage } from './preview-server.mjs';

const root = resolve(import.meta.dirname, '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const HOURS = Number(process.env.BENCH_HOURS ?? 1);
const RATES = 25;
const REPS = 3;
const RUNS = RATES * 5;

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

if (!existsSync(join(root, 'dist/index.html'))) throw new Error('no dist/: run `npm run build` first (npm run bench:http does)');
console.log(`miss-ratio figure: 5 policies × ${RATES} rates × ${REPS} replications × ${HOURS} h = ${RUNS} runs`);
console.log(`machine: ${cpus().length} CPUs, load average ${load()}`);
await withPreviewPage(root, async (page) => {
  await page.getByTestId('tab-http').click();
  await page.getByTestId('http-preset').selectOption('nossdav12-hdd-only');
  await page.getByTestId('http-preset-load').click();
  await page.getByTestId('http-editor').waitFor();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const settings = { fromRate: 1, toRate: 25, points: RATES, replications: REPS, durationH: HOURS, warmupH: HOURS };
  for (const [k, v] of Object.entries(settings)) await page.getByTestId(`http-figure-${k}`).fill(String(v));
  const times = [];
  for (let i = 0; i < REPEATS; i++) {
    await page.evaluate(() => {
      window.__benchStart = performance.now();
    });
    await page.getByTestId('http-figure-run').click();
    await page.waitForFunction(() => /runs done in/.test(document.querySelector('[data-testid=http-figure-status]')?.textContent ?? ''), null, {
      timeout: 3_600_000,
      polling: 1000,
    });
    const r = await page.evaluate(() => ({
      wallMs: performance.now() - window.__benchStart,
      points: document.querySelectorAll('[data-testid=http-figure] circle[data-series]').length,
    }));
    if (r.points !== RUNS) throw new Error(`expected ${RUNS} points, got ${r.points}`);
    times.push(r.wallMs);
    console.log(`  run ${i + 1}: ${fmt(r.wallMs)} click→last point (load average ${load()})`);
  }
  const best = Math.min(...times);
  console.log(`\nbrowser (wasm, worker pool of ${Math.min(4, Math.max(1, cores))} for hardwareConcurrency ${cores}): best ${fmt(best)} (target < 5 s for 1 h runs on 2 cores)`);
  console.log(`load average after: ${load()}`);
});
