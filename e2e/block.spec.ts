import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockPage } from './pages/BlockPage';
import { num, percent } from '../src/ui/format';
import { AUTOSAVE_KEY } from '../src/state/load';
import type { Scenario } from '../src/engine/types';
import type { BlockResult } from '../src/engine/block-types';

const SAMPLE = join(process.cwd(), 'public/sample-block-trace.csv');

/** `tierplan block run` (the native CLI over the same core) on a scenario and trace. */
function cliBlockRun(s: Scenario, trace: string): BlockResult {
  const cli = join(process.cwd(), 'wasm/target/release/tierplan');
  if (!existsSync(cli)) execFileSync('cargo', ['build', '--release', '--manifest-path', 'wasm/Cargo.toml', '-p', 'tierplan-cli'], { stdio: 'inherit' });
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-block-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(s));
  return JSON.parse(execFileSync(cli, ['block', 'run', file, '--trace', trace], { encoding: 'utf8', maxBuffer: 64 << 20 })) as BlockResult;
}

/** The scenario the app autosaved (the one it ran). */
async function savedScenario(page: Page): Promise<Scenario> {
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), AUTOSAVE_KEY)).toContain('sample-block-trace.csv');
  const text = await page.evaluate((k) => localStorage.getItem(k), AUTOSAVE_KEY);
  return (JSON.parse(text!) as { scenario: Scenario }).scenario;
}

test('a chosen trace file: format detected, the four caches compared, the same numbers as tierplan block run', async ({ page }) => {
  const b = new BlockPage(page);
  await b.open();
  await b.chooseTrace(SAMPLE);
  await expect(b.format).toContainText('sample-block-trace.csv — format MSR');
  await b.run.click();
  const rows = await b.rows();
  expect(rows.map((r) => r.cache)).toEqual(['SLC', 'MLC', 'TLC', 'HySSC (SLC + TLC)']);
  await expect(page.getByRole('heading', { name: /Comparison over 3,000 I\/Os/ })).toBeVisible();
  const cli = cliBlockRun(await savedScenario(page), SAMPLE);
  expect(rows).toEqual(cli.caches.map((c, i) => ({ cache: rows[i].cache, meanMs: num(c.mean_response_ms.mean), hitRatio: percent(c.hit_ratio.mean) })));
  // The chart: mean and p99 of each cache against its hit ratio.
  await expect(page.getByTestId('block-response').locator('[data-testid^="block-response-chart-point-"]')).toHaveCount(8);
});

test('the FAST’12 layers and the cost sweep: cost against u beside C_H(u), both optima, the partition note; equal to the CLI', async ({ page }) => {
  const b = new BlockPage(page);
  await b.open();
  await b.chooseTrace(SAMPLE);
  for (const k of ['slc', 'mlc', 'tlc', 'hyssc']) await page.getByTestId(`block-cache-${k}`).uncheck();
  for (const k of ['fp_fcl', 'rw_fcl', 'op_fcl']) await page.getByTestId(`block-cache-${k}`).check();
  await page.getByTestId('block-cost-sweep').check();
  await b.run.click();
  const rows = await b.rows();
  expect(rows.map((r) => r.cache)).toEqual(['FP-FCL', 'RW-FCL', 'OP-FCL']);
  await expect(page.getByTestId('block-cost-chart-point-simulated-0')).toBeAttached();
  await expect(page.getByTestId('block-cost-optima')).toContainText(/simulation: u = 0\.\d+; of the analytic model: u = 0\.\d+/);
  // The sample spans a few seconds, less than one re-partition period, and the view says so.
  await expect(page.getByTestId('block-partition-none')).toContainText('No re-partition in this run');
  const cli = cliBlockRun(await savedScenario(page), SAMPLE);
  expect(cli.cost_vs_u.map((p) => p.u)).toEqual([0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]);
  const best = cli.cost_vs_u.reduce((a, p) => (p.simulated_us.mean < a.simulated_us.mean ? p : a));
  await expect(page.getByTestId('block-cost-optima')).toContainText(`simulation: u = ${best.u};`);
});

test('Cancel a long synthetic run: the last finished comparison stays, the app goes on', async ({ page }) => {
  const b = new BlockPage(page);
  await b.open();
  await b.chooseTrace(SAMPLE);
  await b.run.click();
  await expect(b.result).toBeVisible();
  await page.getByTestId('block-preset').selectOption({ index: 1 });
  await b.run.click();
  await expect(page.getByTestId('block-progress')).toBeVisible();
  await b.cancel.click();
  await expect(page.getByTestId('block-cancelled')).toContainText('last finished result is kept');
  await expect(b.result).toBeVisible();
  await expect(b.run).toBeEnabled();
});
