#!/usr/bin/env node
/* global process, console -- Node script */
// No test and no benchmark smoke run passes or fails on a time
// (docs/testing.md): a machine slower or busier than the author's must get
// the same verdicts. This check reads the test code of every language and
// the benchmark scripts and fails, naming the file and line, on:
//   - a clock read in test code (Date.now, performance.now, Instant::now,
//     SystemTime::now, time.monotonic/perf_counter/time) that does not say,
//     on its line or the line above, `timing: printed only` — a measured time
//     belongs in a benchmark, and a test may only print one;
//   - a time the app prints, read back and compared (`expect(seconds)
//     .toBeLessThan(30)` on a "Done in 12 s"): the same verdict by a detour;
//   - an explicit timeout under 60 s in a TypeScript test (`timeout: 10_000`,
//     `setTimeout(5000)`): a timeout is a bound against a hang, and a short one
//     fails a correct program on a loaded machine;
//   - a benchmark script that exits with a computed status (process.exit(x),
//     process.exitCode =, sys.exit(x)) or throws, asserts or exits on a line
//     that names a timing target: its targets are printed (met / NOT met).
// Part of `npm run lint` (scripts/test.sh); tests/tooling/timed-verdicts.test.ts
// shows it failing on tests/fixtures/timed-verdicts/.
// Usage: node scripts/check-timed-verdicts.mjs [root]   (default: the project)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? join(import.meta.dirname, '..');
const MARKER = /timing: printed only/;
const CLOCK = /\b(?:Date\.now|performance\.now|Instant::now|SystemTime::now|time\.(?:monotonic|perf_counter|time|process_time))\s*\(/;
const MIN_TIMEOUT_MS = 60_000;
// A comparison whose subject names a duration (seconds, elapsed, wall time, took).
const TIME_JUDGED = /expect\(\s*[\w.]*\b(?:seconds|secs|elapsed\w*|wall\w*|took)\b[^)]*\)\s*\.\s*(?:not\.)?toBe(?:LessThan|GreaterThan)(?:OrEqual)?\(/i;
const TIMEOUT = /\b(?:timeout\s*:\s*|setTimeout\(\s*)([\d_]+)\b/g;

function* walk(dir, keep) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'target' || name === '.venv' || name === 'fixtures' || name === 'wasm-pkg') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p, keep);
    else if (keep(p)) yield p;
  }
}

const problems = [];
const report = (file, i, what) => problems.push(`${relative(root, file)}:${i + 1}: ${what}`);

/** Test code: the lines of `file` that are tests (a Rust source file counts from its first #[cfg(test)]). */
function testLines(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (!file.endsWith('.rs') || /[/\\]tests[/\\]/.test(file)) return lines.map((text, i) => ({ text, i }));
  const from = lines.findIndex((l) => l.includes('#[cfg(test)]'));
  return from < 0 ? [] : lines.slice(from).map((text, k) => ({ text, i: from + k }));
}

const isTs = (p) => /\.(ts|tsx|mts)$/.test(p) && !p.endsWith('.d.ts');
const testFiles = [
  ...walk(join(root, 'e2e'), isTs),
  ...walk(join(root, 'tests'), isTs),
  ...walk(join(root, 'python', 'tests'), (p) => p.endsWith('.py')),
  ...(existsSync(join(root, 'wasm')) ? readdirSync(join(root, 'wasm')) : []).flatMap((c) => [
    ...walk(join(root, 'wasm', c, 'tests'), (p) => p.endsWith('.rs')),
    ...walk(join(root, 'wasm', c, 'src'), (p) => p.endsWith('.rs')),
  ]),
];
for (const file of testFiles) {
  const all = readFileSync(file, 'utf8').split('\n');
  for (const { text, i } of testLines(file)) {
    if (CLOCK.test(text) && !MARKER.test(text) && !MARKER.test(all[i - 1] ?? '')) {
      report(file, i, 'a clock read in test code: a test may print a time (say `timing: printed only` on this line or the one above) but never decide on one; measure in a benchmark');
    }
    if (isTs(file) && TIME_JUDGED.test(text) && !MARKER.test(text) && !MARKER.test(all[i - 1] ?? '')) {
      report(file, i, 'a duration read back and compared: the test decides on a time by a detour; print it instead');
    }
    if (isTs(file)) {
      for (const m of text.matchAll(TIMEOUT)) {
        const ms = Number(m[1].replaceAll('_', ''));
        if (ms < MIN_TIMEOUT_MS) report(file, i, `a ${ms} ms timeout: timeouts bound hangs and are at least ${MIN_TIMEOUT_MS} ms (or leave the configured default)`);
      }
    }
  }
}

const benchFiles = [...walk(join(root, 'scripts'), (p) => /[/\\]bench-[^/\\]*\.(mjs|js|py|sh)$/.test(p))];
for (const file of benchFiles) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/process\.exit\(\s*(?!\d+\s*\))|process\.exitCode\s*=|sys\.exit\(\s*(?!\d+\s*\))/.test(text)) {
        report(file, i, 'a benchmark exits with a computed status: it may fail only when it cannot run or read its output (exit with a constant there), never on a time');
      }
      if (/TARGET/.test(text) && /\b(?:throw|assert|exit)\b/.test(text)) {
        report(file, i, 'a timing target decides an exit, throw or assert: print it (met / NOT met) instead');
      }
    });
}

if (problems.length) {
  console.error(`Timed verdicts (docs/testing.md: no test or benchmark smoke run passes or fails on a time):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-timed-verdicts: ${testFiles.length} test files and ${benchFiles.length} benchmark scripts decide nothing on a time`);
