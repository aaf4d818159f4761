#!/usr/bin/env node
/* global process, console, performance, document */
// The optimiser on the architect's question — 2 000 concurrent streams of
// 4 Mbps from 10 000 titles, Zipf exponent 0.8 — timed natively
// (`tierplan optimize --time`) and in headless Chromium (from the click on
// "Find the cheapest configurations" to "Done"), with static LFU and with
// dynamic LFU and churn (20 new titles an hour), on two catalogs:
//   studies — the default scenario's 2011 devices (146 GB 15K disks: capacity
//             decides, 115+ disks), as the issue measured it;
//   today   — the "New plan" preset's present-day devices.
// Usage: npm run build && cargo build --release -p tierplan-cli; npm run bench:architect
// RUNS (default 3) browser runs per case, best reported.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, previewAndChromium } from './preview-server.mjs';
import { nativeCliPath } from './native-cli.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const CLI = nativeCliPath;
for (const f of ['dist/index.html', CLI]) {
  if (!existsSync(f)) {
    console.error(`bench-architect: ${f} is missing; run \`npm run build\` and \`cargo build --manifest-path wasm/Cargo.toml --release -p tierplan-cli\` first`);
    process.exit(2);
  }
}

const KBPS_4_MBPS = 4e6 / 8 / 1024;
const dir = mkdtempSync(join(tmpdir(), 'tierplan-architect-'));
const spec = join(dir, 'spec.json');
// The app's defaults, so native and Chromium run the same search: a 1 % target
// decided by the 95 % interval (replications up to the core's cap), the
// core's peak-utilisation ceiling.
writeFileSync(spec, JSON.stringify({ architectures: ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'], target: 0.01, tco: { years: 5, usd_per_kwh: 0.12 } }));

/** The architect's question on a preset's devices, as a scenario file. */
function question(preset, dynamic) {
  const s = JSON.parse(execFileSync(CLI, ['preset', preset], { encoding: 'utf8' }));
  s.name = `Architect: 2 000 streams of 4 Mbps (${preset}${dynamic ? ', dynamic LFU + churn' : ''})`;
  s.workload.videos = 10_000;
  s.workload.classes = [{ share: 1, length_min: 60, bitrate_kbps: KBPS_4_MBPS }];
  s.workload.popularity = { convention: 'exponent', value: 0.8 };
  s.workload.arrival_rate = 2000 / 3600;
  // Disks enough to hold the library, so the app opens the file (the
  // optimiser chooses its own counts anyway).
  const disk = s.devices.find((d) => d.id === s.tiers.disk.device);
  const libraryGb = (10_000 * 3600 * KBPS_4_MBPS) / (1024 * 1024);
  s.tiers.disk.count = Math.ceil(libraryGb / disk.capacity_gb);
  // Both cases stated (the New plan preset itself is dynamic with churn).
  s.policy.lfu = dynamic ? 'dynamic' : 'static';
  s.workload.churn = dynamic ? { period_h: 1, new_titles: 20 } : null;
  const file = join(dir, `${preset}-${dynamic ? 'dynamic' : 'static'}.json`);
  writeFileSync(file, JSON.stringify(s));
  return file;
}

const cases = [];
for (const [catalog, preset] of [
  ['studies', 'mmsys11-cost-ssd'],
  ['today', 'today-plan'],
]) {
  for (const dynamic of [false, true]) {
    const file = question(preset, dynamic);
    cases.push({ catalog, lfu: dynamic ? 'dynamic + churn' : 'static', file, name: JSON.parse(readFileSync(file, 'utf8')).name });
  }
}

for (const c of cases) {
  const t0 = performance.now();
  const out = execFileSync(CLI, ['optimize', c.file, '--spec', spec, '--time'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  c.nativeS = (performance.now() - t0) / 1000;
  const r = JSON.parse(out);
  c.simulations = r.simulations;
  c.optimum = r.architectures
    .filter((a) => a.best)
    .map((a) => {
      // (N and peaks: printed when the CLI reports them.)
      const m = a.best.measurement;
      const peaks = (m?.peak_utilisation ?? []).map((t) => t.util_peak.mean);
      return `${a.architecture} $${a.best.capital_cost}${peaks.length ? ` (N = ${m.replications}, busiest tier ${(Math.max(...peaks) * 100).toFixed(1)} %)` : ''}`;
    })
    .join(', ');
}

const port = await freePort();
const { preview, browser } = await previewAndChromium(process.cwd(), port);
try {
  for (const c of cases) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh page each run: nothing kept from the previous search.
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByTestId('app').and(page.locator('[data-valid="true"]')).waitFor();
      await page.getByTestId('open-scenario').setInputFiles(c.file);
      await page.waitForFunction((n) => document.querySelector('[data-testid="field-name"]')?.value === n, c.name);
      await page.getByTestId('app').and(page.locator('[data-valid="true"]')).waitFor();
      await page.getByTestId('tab-optimiser').click();
      const run = page.getByTestId('opt-run');
      await run.and(page.locator(':enabled')).waitFor();
      const t0 = Date.now();
      await run.click();
      await page.getByTestId('opt-status').filter({ hasText: 'Done in' }).waitFor({ timeout: 600_000 });
      times.push((Date.now() - t0) / 1000);
      c.status = (await page.getByTestId('opt-status').textContent())?.trim();
      await page.close();
    }
    c.chromiumS = Math.min(...times);
  }
} finally {
  await browser.close();
  preview.kill();
}

for (const c of cases) console.log(`${c.catalog} ${c.lfu}: the page says "${c.status}"`);
console.log('catalog  LFU              simulations  native s  Chromium s (best of ' + RUNS + ')  wasm/native  optima');
for (const c of cases) {
  console.log(
    `${c.catalog.padEnd(8)} ${c.lfu.padEnd(16)} ${String(c.simulations).padStart(11)} ${c.nativeS.toFixed(2).padStart(9)} ${c.chromiumS.toFixed(2).padStart(22)} ${(c.chromiumS / c.nativeS).toFixed(2).padStart(12)}  ${c.optimum}`,
  );
}
