#!/usr/bin/env node
/* global process, console */
// Times reading a 1 M-line MSR Cambridge block trace natively with
// `tierplan block-trace check --time` (the streamed TraceReader the engine
// replays from, plus the checker's tallies), best of RUNS, and reports
// lines per second and the maximum RSS. The trace is generated once from
// the exchange preset and kept in the temp directory.
// Usage: npm run bench:block-trace (builds the release CLI first).
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeCliPath } from './native-cli.mjs';

const LINES = Number(process.env.LINES ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_S = 0.5;
const CLI = nativeCliPath;
if (!existsSync(CLI)) {
  console.error(`bench-block-trace: ${CLI} is missing; build the release CLI first`);
  process.exit(2);
}

const dir = join(tmpdir(), 'tierplan-bench-block');
mkdirSync(dir, { recursive: true });
const file = join(dir, `exchange-${LINES}.msr.csv`);
if (!existsSync(file)) {
  const fd = openSync(file, 'w');
  execFileSync(CLI, ['block-trace', 'generate', '--preset', 'exchange', '--format', 'msr', '--ios', String(LINES), '--seed', '7', '-o', '-'], {
    stdio: ['ignore', fd, 'inherit'],
  });
  closeSync(fd);
}
console.log(`bench-block-trace: ${file}, ${(statSync(file).size / 1048576).toFixed(1)} MB`);

let best = Infinity;
let rss = null;
let lines = 0;
for (let i = 0; i < RUNS; i++) {
  const timed = existsSync('/usr/bin/time');
  const args = ['block-trace', 'check', file, '--time'];
  const r = timed
    ? spawnSync('/usr/bin/time', ['-f', '%M', CLI, ...args], { encoding: 'utf8' })
    : spawnSync(CLI, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stdout + r.stderr);
  const m = /read (\d+) lines in ([\d.]+) s/.exec(r.stderr);
  if (!m) throw new Error(`no timing in: ${r.stderr}`);
  lines = Number(m[1]);
  best = Math.min(best, Number(m[2]));
  if (timed) rss = Number(r.stderr.trim().split('\n').at(-1)) / 1024;
}
const rate = lines / best;
console.log(
  `native: ${lines} MSR lines in ${best.toFixed(3)} s (best of ${RUNS}), ` +
    `${(rate / 1e6).toFixed(2)} M lines/s` +
    (rss ? `, max RSS ${rss.toFixed(1)} MB` : '') +
    ` — target < ${TARGET_S} s: ${best < TARGET_S ? 'met' : 'NOT met'}`,
);
