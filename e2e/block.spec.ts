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
