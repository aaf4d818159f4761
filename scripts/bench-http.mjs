#!/usr/bin/env node
/* global process, console, performance, window, document, navigator, setInterval, clearInterval -- Node script; the page.evaluate bodies run in the browser */
// Benchmark (not a test): the whole NOSSDAV'12 miss-ratio figure — 5
// policies × 25 rates × 3 replications of 1 h (warm ring: 1 h warm-up),
// drawn progressively (the core's passes of single replications) — three ways:
//   1. in headless Chromium, through the UI (one click on "Run the figure")
//      against a `vite preview` build; each repeat in a fresh browser context
//      (new workers, nothing stored from the repeat before): the time to the
//      first complete picture (every policy at ≥ 6 rates: the figure card's
//      `data-first-picture-ms`), the time to the full-precision figure (the
//      status says done), and the time left the page showed (the status's
//      `data-left-ms`, sampled every 250 ms) against the true finish at 5, 10,
//      20 s and halfway; where the workers' time went (the farm's measures)
//      and, on Linux, Chromium's CPU by process and thread over the figure
//      (on two cores the page's share is CPU the workers lose); best of
//      BENCH_REPEATS (default 3);
//   2. natively, `tierplan http-figure` (the same schedule) on as many
//      threads as the browser had workers, and on one thread with each
//      policy's CPU time;
//   3. per policy, wasm in Node against native on the same points (every
//      fifth rate), for the wasm/native ratio — in CPU time on both sides
//      (this process's, after a warm-up point; the CLI process's user +
//      system time from bash's `time`), since wall time on a shared machine
//      measures the load rather than the engine (at load 10 on 2 CPUs a wall
//      clock ratio came out 0.6–0.8 where the CPU ratio was 1.5). The jobs
//      step 200 000 events at a time, as the app's workers do: one long
//      step keeps the first call of the event loop in V8's baseline tier.
//
//   npm run bench:http                            (builds first)
//   BENCH_HOURS=0.1 BENCH_REPEATS=1 node scripts/bench-http.mjs   (shorter, existing dist/)
//   BENCH_REPLICATIONS=1 …                         (fewer replications per point than the study's 3:
//                                                   what a figure of fewer runs would take)
//   BENCH_RATIO_ONLY=1 node scripts/bench-http.mjs   (part 3 only: wasm package + release CLI)
//   BENCH_DETAIL=0 …                               (parts 1 and 2 on as many threads only)
//   BENCH_SAMPLES=/tmp/s.json …                    (also write the time-left samples of the last repeat)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, previewAndChromium } from './preview-server.mjs';
import { nativeCliPath } from './native-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const HOURS = Number(process.env.BENCH_HOURS ?? 1);
const DETAIL = process.env.BENCH_DETAIL !== '0';
const RATES = 25;
// The figure's replications per point (the app's default, 3, unless set).
const REPS = Number(process.env.BENCH_REPLICATIONS ?? 3);
if (!Number.isInteger(REPS) || REPS < 1 || REPS > 30) throw new Error(`BENCH_REPLICATIONS must be a whole number from 1 to 30 (the figure's own range), not ${process.env.BENCH_REPLICATIONS}`);
const POINTS = RATES * 5;
const SERIES = ['hdd', 'block', 'ring-cold', 'ring-warm', 'object'];
const PRESET = 'nossdav12-hdd-only';
const cli = nativeCliPath;

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

const RATIO_ONLY = Boolean(process.env.BENCH_RATIO_ONLY);
if (!RATIO_ONLY && !existsSync(join(root, 'dist/index.html'))) throw new Error('no dist/: run `npm run build` first (npm run bench:http does)');
if (!existsSync(cli)) throw new Error('no release CLI: cargo build --release -p tierplan-cli --manifest-path wasm/Cargo.toml');
console.log(`miss-ratio figure: 5 policies × ${RATES} rates × ${REPS} replications × ${HOURS} h = ${POINTS} points`);
console.log(`machine: ${cpus().length} CPUs, load average ${load()}`);
const scenarioFile = join(mkdtempSync(join(tmpdir(), 'tierplan-bench-http-')), 'scenario.json');
writeFileSync(scenarioFile, execFileSync(cli, ['preset', PRESET], { encoding: 'utf8' }));
if (!RATIO_ONLY) await browserAndNative();

/**
 * Where the figure's wall time went, from the farm's measures: the workers'
 * busy share (runs' time over workers × wall), the time with each number of
 * runs on the workers, the study's calls (the studies' worker's answers and
 * the page's bookkeeping after each report, as the driver waited for them)
 * and the tail (from the last moment every worker had a run to the end).
 */
function workerTime(trace, wallMs, workers) {
  const runs = trace.filter((m) => m.kind === 'run');
  if (runs.length === 0) return '    (no farm measures: a build older than the trace)';
  const sum = (kind) => trace.filter((m) => m.kind === kind).reduce((a, m) => a + m.ms, 0);
  const busy = runs.reduce((a, m) => a + m.ms, 0);
  // Time with k runs going, from the click to the end.
  const edges = runs.flatMap((m) => [
    [m.start, 1],
    [m.start + m.ms, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const at = new Array(workers + 2).fill(0);
  let going = 0;
  let last = 0;
  let lastFull = 0;
  for (const [t, d] of edges) {
    at[Math.min(going, workers + 1)] += t - last;
    if (going >= workers) lastFull = t;
    going += d;
    last = t;
  }
  at[0] += Math.max(0, wallMs - last);
  const share = at.map((ms, k) => `${k}: ${fmt(ms)}`).slice(0, workers + 1);
  const calls = ['next', 'report', 'change'].map((k) => `${k} ${fmt(sum(k))} (${trace.filter((m) => m.kind === k).length})`);
  return [
    `    workers busy ${((busy / (workers * wallMs)) * 100).toFixed(0)} % (${fmt(busy)} of runs over ${workers} × ${fmt(wallMs)}); time with k runs going ${share.join(', ')}`,
    `    the driver waited on the study: ${calls.join(', ')}; tail after the last moment every worker had a run ${fmt(wallMs - lastFull)}`,
  ].join('\n');
}

/**
 * CPU seconds of every thread of every Chromium process, summed by process role and thread
 * name (Linux's /proc; null elsewhere): the workers are the renderer's
 * `DedicatedWorker` threads, the page's main thread is the renderer's
 * `chromium` thread (its process's name: Chrome calls it CrRendererMain
 * only in its traces), and what else runs beside them on the same cores
 * (thread pool, compositors, the browser process) shows up under its own
 * name.
 */
function chromiumThreadCpu() {
  if (!existsSync('/proc/self/task')) return null;
  const tick = 100; // USER_HZ, 100 on Linux
  const byName = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let argv = [];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!/chrom/.test(argv[0])) continue;
    // The process's role: browser, renderer, gpu-process, utility (a child
    // process rewrites its command line as one string, hence the search).
    const type = /--type=([\w-]+)/.exec(argv.join(' '))?.[1] ?? 'browser';
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // Fields 14 and 15 of stat (utime, stime), here from field 3 on.
        const s = (Number(f[11]) + Number(f[12])) / tick;
        const key = `${type} ${name}`;
        byName.set(key, (byName.get(key) ?? 0) + s);
      } catch {
        // a thread that ended meanwhile
      }
    }
  }
  return byName;
}

/** Per thread name, the CPU seconds between two `chromiumThreadCpu` snapshots, largest first. */
function threadCpuLine(before, after) {
  if (!before || !after) return '    (per-thread CPU: no /proc here)';
  const rows = [...after].map(([k, v]) => [k, v - (before.get(k) ?? 0)]).filter(([, v]) => v >= 0.05);
  rows.sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((a, [, v]) => a + v, 0);
  return `    Chromium's CPU by thread (${total.toFixed(1)} s): ${rows.map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ')}`;
}

/** Parts 1 and 2: the figure in Chromium, then natively. */
async function browserAndNative() {
  // 1. Chromium.
  const port = await freePort();
  const { preview, browser } = await previewAndChromium(root, port);
  const times = [];
  const firsts = [];
  let workers = 1;
  /** The displayed time left against the truth at `t` ms after the click. */
  const etaAt = (samples, wallMs, t) => {
    const at = samples.find((x) => x.t >= t);
    if (!at) return `${fmt(t)}: finished before`;
    const truth = wallMs - at.t;
    if (at.leftMs === null) return `${fmt(at.t)}: none shown (true ${fmt(truth)})`;
    // The share of the work the bar showed done: the cost model's side of the estimate (the speed is the other).
    const share = at.work === null ? '' : `; bar ${(at.work * 100).toFixed(0)} % done`;
    return `${fmt(at.t)}: said ${fmt(at.leftMs)}, true ${fmt(truth)} (${(((at.leftMs - truth) / truth) * 100).toFixed(0)} %)${share}`;
  };
  try {
    for (let i = 0; i < REPEATS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByTestId('tab-http').click();
      await page.getByTestId('http-preset').selectOption(PRESET);
      await page.getByTestId('http-preset-load').click();
      await page.getByTestId('http-editor').waitFor();
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      workers = Math.min(4, Math.max(1, cores));
      const settings = { fromRate: 1, toRate: 25, points: RATES, replications: REPS, durationH: HOURS, warmupH: HOURS };
      for (const [k, v] of Object.entries(settings)) await page.getByTestId(`http-figure-${k}`).fill(String(v));
      await page.evaluate(() => {
        window.__benchStart = performance.now();
        // The time left as shown, every 250 ms (in the page: no round trip skews the clock).
        window.__benchLeft = [];
        window.__benchTimer = setInterval(() => {
          const el = document.querySelector('[data-testid=http-figure-status]');
          const left = el?.getAttribute('data-left-ms');
          const work = document.querySelector('[data-testid=http-figure-progress]')?.value;
          window.__benchLeft.push({ t: performance.now() - window.__benchStart, leftMs: left == null ? null : Number(left), work: work ?? null });
        }, 250);
      });
      const cpuBefore = chromiumThreadCpu();
      await page.getByTestId('http-figure-run').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=http-figure]')?.hasAttribute('data-first-picture-ms'), null, {
        timeout: 3_600_000,
        polling: 100,
      });
      const first = await page.evaluate((series) => {
        const card = document.querySelector('[data-testid=http-figure]');
        const byPolicy = series.map((s) => card.querySelectorAll(`circle[data-series="${s}"]`).length);
        return { ms: Number(card.getAttribute('data-first-picture-ms')), byPolicy };
      }, SERIES);
      if (first.byPolicy.some((n) => n < 6)) throw new Error(`first picture incomplete: points per policy ${first.byPolicy.join(', ')}`);
      await page.waitForFunction(() => /^Done:/.test(document.querySelector('[data-testid=http-figure-status]')?.textContent ?? ''), null, {
        timeout: 3_600_000,
        polling: 200,
      });
      const r = await page.evaluate(() => {
        clearInterval(window.__benchTimer);
        return {
          wallMs: performance.now() - window.__benchStart,
          status: document.querySelector('[data-testid=http-figure-status]')?.textContent ?? '',
          points: document.querySelectorAll('[data-testid=http-figure] circle[data-series]').length,
          provisional: document.querySelectorAll('[data-testid=http-figure] circle[data-open]').length,
          saturated: document.querySelectorAll('[data-testid=http-figure] circle[data-at-least]').length,
          samples: window.__benchLeft,
          // The farm's User Timing measures (engine/farm.ts, trace 'figure'), on the click's clock.
          trace: performance
            .getEntriesByType('measure')
            .filter((m) => m.name.startsWith('figure:'))
            .map((m) => ({ kind: m.name.slice('figure:'.length), start: m.startTime - window.__benchStart, ms: m.duration })),
        };
      });
      if (r.points !== POINTS) throw new Error(`expected ${POINTS} points, got ${r.points}`);
      if (r.provisional !== 0) throw new Error(`${r.provisional} points still provisional when done`);
      times.push(r.wallMs);
      firsts.push(first.ms);
      console.log(`  Chromium run ${i + 1}: first complete picture ${fmt(first.ms)} (points per policy ${first.byPolicy.join(', ')}), full figure ${fmt(r.wallMs)} (load average ${load()})`);
      console.log(`    ${r.status}`);
      console.log(`    ${r.saturated} saturated points (lower bounds)`);
      for (const t of [5_000, 10_000, 20_000, r.wallMs / 2]) console.log(`    time left at ${etaAt(r.samples, r.wallMs, t)}`);
      console.log(workerTime(r.trace, r.wallMs, workers));
      console.log(threadCpuLine(cpuBefore, chromiumThreadCpu()));
      // BENCH_SAMPLES=file: every sample (time, time left shown, work share shown) as JSON, to study the estimate.
      if (process.env.BENCH_SAMPLES) writeFileSync(process.env.BENCH_SAMPLES, JSON.stringify({ wallMs: r.wallMs, samples: r.samples }));
      await context.close();
    }
  } finally {
    await browser.close();
    preview.kill();
  }
  const best = Math.min(...times);
  console.log(`browser (wasm, ${workers} workers): first complete picture best ${fmt(Math.min(...firsts))} (goal < 5 s); full figure best of ${times.length} ${fmt(best)} (goal < 15 s)`);

  // 2. Native, the same figure.
  const figureArgs = ['http-figure', scenarioFile, '--points', String(RATES), '--replications', String(REPS), '--hours', String(HOURS), '--warmup-hours', String(HOURS), '--time'];
  const timed = (threads) => {
    const t0 = performance.now();
    const out = execFileSync(cli, [...figureArgs, '--threads', String(threads)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ms: performance.now() - t0, out };
  };
  const nativeN = timed(workers);
  console.log(`native (tierplan http-figure, ${workers} threads): ${fmt(nativeN.ms)}; Chromium/native ${(best / nativeN.ms).toFixed(2)} (goal ≤ 1.3; load average ${load()})`);
  if (!DETAIL) {
    console.log(`load average after: ${load()}`);
    return;
  }
  // --time reports on standard error: wall time and each policy's CPU time.
  const one = spawnSync(cli, [...figureArgs, '--threads', '1'], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (one.status !== 0) throw new Error(`tierplan http-figure failed: ${one.stderr}`);
  const perPolicy = one.stderr;
  console.log('native, one thread, CPU per policy:');
  console.log(perPolicy.trimEnd().replace(/^/gm, '  '));
}

// 3. Per policy, wasm in Node against native on every fifth rate (not with BENCH_DETAIL=0).
if (!DETAIL && !RATIO_ONLY) process.exit(0);
const wasm = await import(resolve(root, 'src/wasm-pkg/tierplan_studies.js'));
wasm.initSync({ module: readFileSync(resolve(root, 'src/wasm-pkg/tierplan_studies_bg.wasm')) });
const base = wasm.requestPreset(PRESET);
const sample = { from_rate: 1, to_rate: 25, points: 5, replications: 1, duration_h: HOURS, warmup_h: HOURS };
console.log('per policy, rates 1, 7, 13, 19, 25, one replication (Node wasm vs native, one thread, CPU time):');
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const runWasm = (plan) => {
  let events = 0;
  for (const p of plan) {
    const job = new wasm.RequestSimJob(p.scenario);
    let pr;
    do pr = job.step(200_000);
    while (!pr.done);
    events += pr.events;
    job.free();
  }
  return events;
};
// Warm-up: V8 compiles the hot functions with its optimising tier.
runWasm(wasm.figurePlan(base, { ...sample, points: 1, duration_h: 0.05, warmup_h: 0.05 }, ['block']));
for (const series of ['hdd', 'block', 'ring-cold', 'ring-warm', 'object']) {
  const plan = wasm.figurePlan(base, sample, [series]);
  const c0 = cpuMs();
  const events = runWasm(plan);
  const wasmMs = cpuMs() - c0;
  // Native: the CLI process's CPU time (it includes reading the scenario
  // and laying out its tables, as the wasm side's does).
  const args = ['http-figure', scenarioFile, '--series', series, '--points', '5', '--replications', '1', '--hours', String(HOURS), '--warmup-hours', String(HOURS), '--threads', '1'];
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="cpu %U %S"; time "$@" > /dev/null', 'bench', cli, ...args], { encoding: 'utf8' });
  const t = /cpu ([0-9.]+) ([0-9.]+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !t) throw new Error(`tierplan http-figure failed: ${r.stderr}`);
  const nativeMs = (Number(t[1]) + Number(t[2])) * 1000;
  const rate = (ms) => `${(events / ms / 1000).toFixed(2)} M events/s`;
  console.log(
    `  ${series.padEnd(10)} wasm ${fmt(wasmMs).padStart(8)} (${rate(wasmMs)})  native ${fmt(nativeMs).padStart(8)} (${rate(nativeMs)})  wasm/native ${(wasmMs / nativeMs).toFixed(2)}`,
  );
}
console.log(`load average after: ${load()}`);
