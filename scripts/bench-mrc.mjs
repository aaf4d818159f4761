#!/usr/bin/env node
/* global process, console */
// The miss-ratio curve of a block trace, natively (`tierplan mrc --time`) and
// in headless Chromium (the Block caches tab's "How much cache?" card, from
// the click to the curve), exact LRU and a 1 % sample.
// Usage: npm run build && cargo build --release -p tierplan-cli; npm run bench:mrc
// TRACE=file (default: a trace of MRC_IOS I/Os, 1 000 000, generated here as
// plain CSV: Zipf 0.9 over 2 M blocks, 70 % reads); RUNS browser runs, best kept.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, previewAndChromium } from './preview-server.mjs';
import { nativeCliPath } from './native-cli.mjs';

const RUNS = Number(process.env.RUNS ?? 2);
const CLI = nativeCliPath;
for (const f of ['dist/index.html', CLI]) {
  if (!existsSync(f)) {
    console.error(`bench-mrc: ${f} is missing; run \`npm run build\` and \`cargo build --manifest-path wasm/Cargo.toml --release -p tierplan-cli\` first`);
    process.exit(2);
  }
}

/** A seeded Zipf(0.9) block trace over 2 M blocks, as plain CSV. */
async function generate(n) {
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-mrc-')), `zipf-${n}.csv`);
  const out = createWriteStream(file);
  const blocks = 2_000_000;
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  // Inverse-CDF sampling of a Zipf(0.9) rank by the continuous approximation.
  const s = 0.9;
  const hMax = (blocks ** (1 - s) - 1) / (1 - s);
  out.write('time_s,op,block,size_bytes\n');
  let buf = '';
  for (let i = 0; i < n; i++) {
    const rank = Math.min(blocks - 1, Math.floor((1 + rand() * hMax * (1 - s)) ** (1 / (1 - s))) - 1);
    const block = (rank * 2654435761) % blocks; // scatter the ranks over the address space
    buf += `${(i / 1000).toFixed(3)},${rand() < 0.7 ? 'R' : 'W'},${block},4096\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return file;
}

const trace = process.env.TRACE ?? (await generate(Number(process.env.MRC_IOS ?? 1_000_000)));
const mb = statSync(trace).size / 1e6;

const native = {};
for (const [mode, args] of [
  ['exact', []],
  ['sampled', ['--sample', '0.01']],
]) {
  const r = spawnSync(CLI, ['mrc', trace, '--time', ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`tierplan mrc failed: ${r.stderr}`);
  native[mode] = r.stderr.trim();
}

const port = await freePort();
const { preview, browser } = await previewAndChromium(process.cwd(), port);
const chromium = {};
try {
  for (const [mode, option] of [
    ['exact', 'lru'],
    ['sampled', 'lru-sampled'],
  ]) {
    let best = Infinity;
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByTestId('tab-block').click();
      await page.getByTestId('block-trace').setInputFiles(trace);
      await page.getByTestId('mrc-panel').waitFor();
      await page.getByTestId('mrc-mode').selectOption(option);
      const t0 = Date.now();
      await page.getByTestId('mrc-run').click();
      await page.getByTestId('mrc-result').waitFor({ timeout: 900_000 });
      best = Math.min(best, (Date.now() - t0) / 1000);
      await page.close();
    }
    chromium[mode] = best;
  }
} finally {
  await browser.close();
  preview.kill();
}
console.log(`trace ${trace} (${mb.toFixed(1)} MB)`);
for (const mode of ['exact', 'sampled']) {
  console.log(`${mode.padEnd(8)} native: ${native[mode]}`);
  console.log(`${mode.padEnd(8)} Chromium: ${chromium[mode].toFixed(2)} s from the click to the curve (best of ${RUNS}, file read in 1 MB slices in a worker)`);
}
