#!/usr/bin/env node
/* global process, console, performance, setInterval, clearInterval */
// Times reading and fitting a 10 M-line request log: in headless Chromium
// through the Logs tab (the file read in slices by the logs worker, as a
// user's file is) against a `vite preview` build, and natively with
// `tierplan log fit`. Reports the peak memory of both: the browser's as the
// peak resident size of its largest renderer process (the page and its
// workers), sampled every 100 ms; the CLI's as its maximum RSS.
// Usage: npm run bench:logs (builds the app and the release CLI first).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startPreview } from './preview-server.mjs';
import { nativeCliPath } from './native-cli.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4180);
const LINES = Number(process.env.LINES ?? 10_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_S = 10;
const CLI = nativeCliPath;

for (const f of ['dist/index.html', CLI]) {
  if (!existsSync(f)) {
    console.error(`bench-logs: ${f} is missing; run \`npm run build\` and the release CLI build first`);
    process.exit(2);
  }
}

// The log: 30 days, 10 000 titles (Zipf s = 0.271), the evening-peak
// profile, epoch seconds, generated once and kept in the temp directory.
const dir = join(tmpdir(), 'tierplan-bench-logs');
mkdirSync(dir, { recursive: true });
const file = join(dir, `log-${LINES}.csv`);
if (!existsSync(file)) {
  const rate = LINES / (30 * 86400);
  const fd = openSync(file, 'w');
  execFileSync(CLI, ['log', 'generate', '--days', '30', '--rate', String(rate), '--videos', '10000', '--time', 'epoch-s', '--seed', '7'], {
    stdio: ['ignore', fd, 'inherit'],
  });
  closeSync(fd);
}
const bytes = statSync(file).size;
console.log(`bench-logs: ${file}, ${(bytes / 1048576).toFixed(0)} MB`);

// Native, best of RUNS, with the maximum RSS from GNU time when present.
let nativeBest = Infinity;
let nativeRss = null;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const timed = existsSync('/usr/bin/time');
  const r = timed
    ? spawnSync('/usr/bin/time', ['-f', '%M', CLI, 'log', 'fit', file], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(CLI, ['log', 'fit', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  nativeBest = Math.min(nativeBest, (performance.now() - t0) / 1000);
  if (r.status !== 0) throw new Error(r.stderr);
  if (timed) nativeRss = Number(r.stderr.trim().split('\n').at(-1)) / 1024;
}

const stop = await startPreview(PORT);

/** Parent pid of a process (0 when it is gone). */
function parentOf(pid) {
  try {
    // The command name may hold spaces; the fields after its ')' do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * Resident size (MB) of the largest renderer process of OUR browser (other
 * sessions on the machine may run Chromium too): the page and its workers.
 */
function rendererRssMb(rootPid) {
  let best = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer')) continue;
      let up = Number(pid);
      for (let i = 0; i < 10 && up > 1 && up !== rootPid; i++) up = parentOf(up);
      if (up !== rootPid) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) best = Math.max(best, Number(m[1]) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return best;
}

// A fresh browser per run, so that each run's memory is its own.
// Launched as a server so its process id is known (for the memory figures).
const launch = async () => {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  return { browser, pid: server.process().pid, close: () => browser.close().then(() => server.close()) };
};
const times = [];
const peaks = [];
const bases = [];
let records = '';
try {
  for (let i = 0; i < RUNS; i++) {
    const { browser, pid: root, close } = await launch();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${PORT}/`);
      await page.getByTestId('tab-logs').click();
      await page.getByTestId('log-file').setInputFiles(file);
      await page.getByTestId('log-preview').waitFor();
      const base = rendererRssMb(root);
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, rendererRssMb(root))), 100);
      const t0 = performance.now();
      await page.getByTestId('log-read').click();
      await page.getByTestId('log-zipf').waitFor({ timeout: 300_000 });
      times.push((performance.now() - t0) / 1000);
      clearInterval(sampler);
      peaks.push(peak);
      bases.push(base);
      records = await page.getByTestId('log-status').innerText();
    } finally {
      await close();
    }
  }
} finally {
  stop();
}
const peak = Math.max(...peaks);
const base = bases[peaks.indexOf(peak)];
const best = Math.min(...times);
console.log(`browser: ${records.split('\n')[0]}`);
console.log(`browser (headless Chromium, Logs tab, read in 4 MB slices + fit): best of ${RUNS} ${best.toFixed(2)} s [${times.map((t) => t.toFixed(2)).join(', ')}] (target < ${TARGET_S} s: ${best < TARGET_S ? 'met' : 'MISSED'})`);
console.log(`browser peak renderer RSS ${peak.toFixed(0)} MB (${base.toFixed(0)} MB before reading)`);
console.log(`native (tierplan log fit): best of ${RUNS} ${nativeBest.toFixed(2)} s, max RSS ${nativeRss === null ? 'n/a' : `${nativeRss.toFixed(0)} MB`}; wasm/native ${(best / nativeBest).toFixed(2)}`);
