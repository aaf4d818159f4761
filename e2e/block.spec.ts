import { expect, pagesOf, test, type Page } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { num, percent } from '../src/shared/format';
import { AUTOSAVE_KEY } from '../src/state/load';
import type { Scenario } from '../src/engine/types';
import type { BlockResult } from '../src/block/types';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

const SAMPLE = join(process.cwd(), 'public/sample-block-trace.csv');

/** `tierplan block run` (the native CLI over the same core) on a scenario and its trace, if it has one. */
function cliBlockRun(s: Scenario, trace?: string): BlockResult {
  const cli = nativeCli();
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-block-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(s));
  return JSON.parse(execFileSync(cli, ['block', 'run', file, ...(trace ? ['--trace', trace] : [])], { encoding: 'utf8', maxBuffer: 64 << 20 })) as BlockResult;
}

/** The scenario the app autosaved (the one it ran), once it holds `holds`. */
async function savedScenario(page: Page, holds = 'sample-block-trace.csv'): Promise<Scenario> {
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), AUTOSAVE_KEY)).toContain(holds);
  const text = await page.evaluate((k) => localStorage.getItem(k), AUTOSAVE_KEY);
  return (JSON.parse(text!) as { scenario: Scenario }).scenario;
}

/** The comparison rows as the view formats them, from a CLI result. */
function cliRows(cli: BlockResult, names: string[]) {
  return cli.caches.map((c, i) => ({ cache: names[i], meanMs: num(c.mean_response_ms.mean), hitRatio: percent(c.hit_ratio.mean) }));
}

test('a chosen trace file: format detected, the four caches compared, the same numbers as tierplan block run', async ({ page, block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  await expect(b.format).toContainText('sample-block-trace.csv — format MSR');
  await b.run.click();
  const rows = await b.rows();
  expect(rows.map((r) => r.cache)).toEqual(['SLC', 'MLC', 'TLC', 'HySSC (SLC + TLC)']);
  await expect(b.heading(/Comparison over 3,000 I\/Os/)).toBeVisible();
  const cli = cliBlockRun(await savedScenario(page), SAMPLE);
  expect(rows).toEqual(cliRows(cli, rows.map((r) => r.cache)));
  // The chart: mean and p99 of each cache against its hit ratio.
  await expect(b.responsePoints).toHaveCount(8);
});

test('the FAST’12 layers and the cost sweep: cost against u beside C_H(u), both optima, the partition note; equal to the CLI', async ({ page, block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  for (const k of ['slc', 'mlc', 'tlc', 'hyssc']) await b.cache(k).uncheck();
  for (const k of ['fp_fcl', 'rw_fcl', 'op_fcl']) await b.cache(k).check();
  await b.costSweep.check();
  await b.run.click();
  const rows = await b.rows();
  expect(rows.map((r) => r.cache)).toEqual(['FP-FCL', 'RW-FCL', 'OP-FCL']);
  await expect(b.costPoint).toBeAttached();
  await expect(b.costOptima).toContainText(/simulation: u = 0\.\d+; of the analytic model: u = 0\.\d+/);
  // The sample spans a few seconds, less than one re-partition period, and the view says so.
  await expect(b.noPartition).toContainText('No re-partition in this run');
  const cli = cliBlockRun(await savedScenario(page), SAMPLE);
  expect(cli.cost_vs_u.map((p) => p.u)).toEqual([0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]);
  const best = cli.cost_vs_u.reduce((a, p) => (p.simulated_us.mean < a.simulated_us.mean ? p : a));
  await expect(b.costOptima).toContainText(`simulation: u = ${best.u};`);
});

test('Cancel a long synthetic run: the last finished comparison stays, the app goes on', async ({ block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  await b.run.click();
  await expect(b.result).toBeVisible();
  await b.preset.selectOption({ index: 1 });
  await b.run.click();
  await expect(b.progress).toBeVisible();
  await b.cancel.click();
  await expect(b.cancelled).toContainText('last finished result is kept');
  await expect(b.result).toBeVisible();
  await expect(b.run).toBeEnabled();
});

test('edit the synthetic workload: a bad value gets the core’s message beside it and blocks Run; fixed, the run equals tierplan block run', async ({ page, block: b }) => {
  await b.open();
  // Start from the core's first preset (its numbers are the core's, not this test's).
  await b.preset.selectOption({ index: 1 });
  const preset = await b.preset.inputValue();
  expect(preset).not.toBe('');
  await b.setField('block.workload.read_share', '1.5');
  await expect(b.fieldError('block.workload.read_share')).toContainText('1.5 is out of range: must be 0 ≤ value ≤ 1');
  await expect(b.errors).toContainText('block.workload.read_share');
  await expect(b.run).toBeDisabled();
  await expect(b.preset).toHaveValue('');
  await expect(b.preset.locator('option:checked')).toHaveText('— edited workload —');
  // A text that is not a number is refused in place.
  await b.setField('block.workload.io_kb', 'abc');
  await expect(b.fieldError('block.workload.io_kb')).toContainText('Random I/O size: a number');
  await b.setField('block.workload.io_kb', '8');
  await b.setField('block.workload.read_share', '0.8');
  await expect(b.fieldError('block.workload.read_share')).toHaveCount(0);
  // A short run: 2,000 I/Os over a small footprint, two replications.
  await b.setField('block.workload.iops', '200');
  await b.setField('block.workload.duration_s', '10');
  await b.setField('block.workload.footprint_gb', '2');
  await b.setField('block.cache_gb', '1');
  await b.setField('block.replications', '2');
  await b.setField('block.seed', '7');
  await expect(b.run).toBeEnabled();
  await b.run.click();
  const rows = await b.rows();
  const saved = await savedScenario(page, '"seed":7');
  expect(saved.block?.workload).toMatchObject({ kind: 'synthetic', read_share: 0.8, io_kb: 8, iops: 200, duration_s: 10, footprint_gb: 2 });
  expect(saved.block).toMatchObject({ cache_gb: 1, replications: 2, seed: 7 });
  const cli = cliBlockRun(saved);
  expect(rows).toEqual(cliRows(cli, rows.map((r) => r.cache)));
  // About iops × duration_s = 2,000 Poisson arrivals, as many as the CLI generated.
  expect(Math.abs(cli.ios - 2000)).toBeLessThan(300);
  await expect(b.heading(`Comparison over ${num(cli.ios)} I/Os`)).toBeVisible();
});

test('drop the sample trace on the drop zone: handled as the chooser, the same comparison; several files or text are refused', async ({ page, app, block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  await expect(b.format).toHaveText('sample-block-trace.csv — format MSR');
  await b.run.click();
  const chosen = await b.rows();
  // A fresh page (the autosave keeps the trace's name, not its file): drop it instead.
  // The autosave is debounced: reload only once it holds the trace, or the page
  // would come back with the scenario from before it.
  await savedScenario(page);
  await page.reload();
  await app.openTab('block');
  await expect(b.run).toBeDisabled();
  const text = readFileSync(SAMPLE, 'utf8');
  await b.dropFiles([
    { name: 'a.csv', text },
    { name: 'b.csv', text },
  ]);
  await expect(b.traceNote).toContainText('2 files were dropped: drop one trace file at a time');
  await b.dropText('not a file');
  await expect(b.traceNote).toContainText('no file (text/plain)');
  await b.dropFiles([{ name: 'sample-block-trace.csv', text }]);
  await expect(b.traceNote).toHaveCount(0);
  await expect(b.format).toHaveText('sample-block-trace.csv — format MSR');
  await b.run.click();
  expect(await b.rows()).toEqual(chosen);
});

test('a copied link of a trace scenario names the trace and asks for the file; Run waits for it', async ({ browser, block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  await expect(b.format).toContainText('sample-block-trace.csv — format MSR');
  await expect(b.run).toBeEnabled();
  const url = await b.copyLink();
  // A fresh browser context: nothing autosaved, only the link.
  const other = await browser.newContext();
  const b2 = pagesOf(await other.newPage()).block;
  await b2.openLink(url);
  await expect(b2.format).toContainText('sample-block-trace.csv — format MSR: choose this file again to run it');
  await expect(b2.workloadEditor).toHaveCount(0);
  await expect(b2.run).toBeDisabled();
  await b2.chooseTrace(SAMPLE);
  await expect(b2.format).not.toContainText('choose this file again');
  await expect(b2.run).toBeEnabled();
  await b2.run.click();
  expect((await b2.rows()).map((r) => r.cache)).toEqual(['SLC', 'MLC', 'TLC', 'HySSC (SLC + TLC)']);
  await other.close();
});

test('how much cache: drop the sample trace, see the curve, use the size for a target, run the study at it; the curve equals tierplan mrc', async ({ page, block: b }) => {
  await b.open();
  await b.chooseTrace(SAMPLE);
  const panel = b.mrc();
  await expect(panel).toBeVisible();
  await b.mrc('target').fill('0.2');
  await b.mrc('run').click();
  await expect(b.mrc('result')).toBeVisible();
  await expect(b.mrcPoints.first()).toBeAttached();
  await expect(b.mrc('at-target')).toContainText('Hit ratio 20');
  // The same curve natively.
  const cli = nativeCli();
  const native = JSON.parse(execFileSync(cli, ['mrc', SAMPLE, '--out', 'json'], { encoding: 'utf8' })) as {
    points: { size_blocks: number; byte_hit_ratio: number }[];
  };
  const first = native.points.find((p) => p.byte_hit_ratio >= 0.2)!;
  const gb = first.size_blocks / 262_144;
  await expect(b.mrc('at-target')).toContainText(`(${num(first.size_blocks)} blocks, about $`);
  // Dollars of the chosen device on the second axis; none without a device.
  await expect(b.mrc('chart-x2')).toContainText('Cost ($, at $');
  await b.mrc('device').selectOption('');
  await expect(b.mrc('chart-x2')).toHaveCount(0);
  await expect(b.mrc('at-target')).toContainText(`(${num(first.size_blocks)} blocks)`);
  await b.mrc('device').selectOption({ index: 1 });
  await b.mrc('use').click();
  await expect(b.field('block.cache_gb')).toHaveValue(String(Number(gb.toPrecision(4))));
  await b.run.click();
  const rows = await b.rows();
  expect(rows.length).toBeGreaterThan(0);
  // The autosave is debounced: wait for it to hold the new size.
  await expect.poll(async () => (await savedScenario(page)).block!.cache_gb).toBe(Number(gb.toPrecision(4)));
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await lookAt(panel, `mrc-${w}x${h}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
  }
});
