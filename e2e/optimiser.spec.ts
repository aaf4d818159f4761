// The Optimiser view end to end: the study check against the native CLI's
// `tierplan optimize`, the spec form's errors, and cancel.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OptimizeResult } from '../src/engine/types';
import { expect, test } from './fixtures';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

function nativeOptimize(criterion: string): OptimizeResult {
  const dir = mkdtempSync(join(tmpdir(), 'tierplan-opt-'));
  const scenario = join(dir, 'scenario.json');
  writeFileSync(scenario, execFileSync(nativeCli(), ['preset', 'mmsys11-cost-hdd']));
  const spec = join(dir, 'spec.json');
  writeFileSync(
    spec,
    JSON.stringify({
      architectures: ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd'],
      target: 0,
      criterion,
      max_counts: { disk: null, interval_cache: null, file_cache: null },
      tco: { years: 5, usd_per_kwh: 0.12, hours_per_day: 24 },
      // As the study check: no peak-utilisation ceiling.
      max_peak_utilisation: 1,
    }),
  );
  return JSON.parse(execFileSync(nativeCli(), ['optimize', scenario, '--spec', spec]).toString()) as OptimizeResult;
}

test('the study check reproduces the MMSys\'11 cost table and matches the native optimiser', async ({ page, optimiser: opt }) => {
  await opt.open();
  await opt.runStudyCheck();

  // Study capacity rule: 13 HDDs; 5 SSDs + 2 HDDs (the study's answers).
  const cap = (a: string) => opt.studyRow(a).getByTestId('study-capacity');
  const sim = (a: string) => opt.studyRow(a).getByTestId('study-simulated');
  await expect(cap('hdd_only')).toContainText('13 HDD');
  await expect(cap('hdd_only')).toContainText('same as the study');
  await expect(cap('ssd_lfu_hdd')).toContainText('2 HDD + 5 file cache');
  // Simulated: one more device each, and our DRAM optimum.
  await expect(sim('hdd_only')).toContainText('14 HDD');
  await expect(sim('ssd_lfu_hdd')).toContainText('2 HDD + 6 file cache');
  await expect(sim('dram_ic_hdd')).toContainText('9 HDD + 14 interval cache');
  // The explanation: the seed-2 peak and the interval-caching policy.
  await expect(opt.studyRow('hdd_only').getByTestId('study-why')).toContainText('rejects 25 of');
  await expect(opt.studyRow('hdd_only').getByTestId('study-why')).toContainText('seed 2');
  await expect(opt.studyRow('dram_ic_hdd').getByTestId('study-why')).toContainText('smallest intervals first');
  await expect(opt.studyRow('dram_ic_hdd').getByTestId('study-why')).toContainText('1.54');
  await expect(opt.studyRatioCapacity).toHaveText(/^2\.\d+×$/);

  // The table shows the simulated search; its numbers equal the CLI's.
  const native = nativeOptimize('simulated');
  const browser = await opt.result();
  expect(browser.architectures.map((a) => a.best)).toEqual(native.architectures.map((a) => a.best));
  for (const a of native.architectures) {
    const b = a.best!;
    const m = b.measurement!;
    const row = opt.row(a.architecture);
    await expect(row.getByTestId('opt-cost')).toHaveText(`$${b.capital_cost.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(row.getByTestId('opt-spd')).toContainText(m.streams_per_dollar.mean.toPrecision(4).replace(/0+$/, ''));
    await expect(row.getByTestId('opt-tco-spd')).toContainText(m.tco!.streams_per_dollar.toPrecision(4).replace(/0+$/, ''));
  }
  const capNative = nativeOptimize('study_capacity');
  const capBrowser = await opt.studyCapacityResult();
  expect(capBrowser.architectures.map((a) => a.best)).toEqual(capNative.architectures.map((a) => a.best));

  await expect(opt.chart).toBeVisible();
  await expect(opt.paretoPoints.first()).toBeVisible();
  await expect(opt.row('ssd_lfu_hdd').getByTestId('opt-lifetime')).toContainText('no writes');

  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    // Wide tables scroll inside their card; the page itself never does.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await lookAt(page, `optimiser-${w}x${h}`, { fullPage: true });
    await lookAt(opt.results, `optimiser-results-${w}x${h}`);
    await lookAt(opt.studyCheck, `optimiser-study-${w}x${h}`);
  }
});

test('spec errors name the field; a search can be cancelled', async ({ app, optimiser: opt }) => {
  await opt.open();
  await opt.field('optimize.target').fill('200');
  await expect(opt.error('optimize.target')).toContainText('(200 %) is out of range');
  await expect(opt.runButton).toBeDisabled();
  await opt.field('optimize.target').fill('0');
  await opt.field('optimize.max_counts.disk').fill('x');
  await expect(opt.error('optimize.max_counts.disk')).toContainText('whole number');
  await opt.field('optimize.max_counts.disk').fill('');
  await expect(opt.derived('optimize.max_counts.disk')).toContainText('derived from the workload');
  // The peak-utilisation ceiling, in percent: its range named by the core, a non-number by the field.
  const ceiling = opt.field('optimize.max_peak_utilisation');
  await ceiling.fill('150');
  await expect(opt.error('optimize.max_peak_utilisation')).toContainText('150 % is out of range');
  await expect(opt.error('optimize.max_peak_utilisation')).toContainText('at most 100 %');
  await expect(opt.runButton).toBeDisabled();
  await ceiling.fill('9o');
  await expect(opt.error('optimize.max_peak_utilisation')).toContainText('enter a percentage');
  await ceiling.fill('');
  await expect(ceiling).toHaveAttribute('placeholder', 'default: 90');
  await expect(opt.space('hdd_only')).toContainText('configurations');
  await expect(opt.runButton).toBeEnabled();
  // An architecture whose tier holds the wrong kind of device: the core names
  // it and leaves it out; the others can still be searched.
  await opt.architecture('ssd_ic_hdd').check();
  await expect(opt.space('ssd_ic_hdd')).toContainText('not searched: tiers.interval_cache.device');
  await expect(opt.errorSummary).toHaveCount(0);
  await expect(opt.runButton).toBeEnabled();
  await opt.architecture('ssd_ic_hdd').uncheck();
  // 40 replications instead of 5: long enough to cancel.
  await app.openTab('scenario');
  await app.setField('run.replications', '40');
  await app.openTab('optimiser');
  await expect(opt.runButton).toBeEnabled();
  await opt.runButton.click();
  await expect(opt.progress).toBeVisible();
  await opt.cancelButton.click();
  await expect(opt.status).toHaveText(/^Cancelled/);
  await expect(opt.runButton).toBeEnabled();
});

test('cancel keeps every architecture that finished, and its "Use this configuration" applies it', async ({ page, app, optimiser: opt }) => {
  await opt.open();
  // 40 replications: SSD LFU concludes after a handful of candidates, DRAM IC
  // and HDD only need dozens more, so two are still searching when one finishes.
  await app.openTab('scenario');
  await app.setField('run.replications', '40');
  // The plan before "Use this configuration", which its Undo brings back.
  await expect.poll(async () => (await app.scenario()).run.replications).toBe(40);
  const before = await app.scenario();
  await app.openTab('optimiser');
  await expect(opt.runButton).toBeEnabled();
  // While it runs: per architecture, configurations simulated and still to examine, of the space's size.
  await opt.runButton.click();
  await expect(opt.progressOf('dram_ic_hdd')).toContainText(/\d+ simulated.* of 1,905 configurations/);
  // The work left as the core bounds it (never more than the three spaces hold), a time once the pace is measured.
  await expect(opt.left).toHaveText(/^at most [\d,]+ configurations? left to simulate or prune — (measuring the pace|(up to|about) [\d.]+ (s|min|h) at the recent pace)/);
  const count = (text: string | null, re: RegExp) => Number(re.exec(text ?? '')![1].replace(/,/g, ''));
  const most = count(await opt.left.textContent(), /at most ([\d,]+)/);
  let spaces = 0;
  for (const a of ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd']) spaces += count(await opt.space(a).textContent(), /([\d,]+) configurations/);
  expect(most).toBeLessThanOrEqual(spaces);
  await lookAt(opt.progress, `optimiser-progress-1280x800`);
  const first = await opt.cancelOnceOneFinished();
  await expect(opt.status).toHaveText(/^Cancelled: [12] of 3 architectures finished — (its row is|their rows are) kept below; the other [12] (was|were) cancelled\.$/);
  const row = opt.row(first);
  await expect(row).toHaveAttribute('data-done', 'true');
  await expect(row.getByTestId('opt-cost')).toBeVisible();
  await expect(opt.use(first)).toBeVisible();
  await expect(opt.cancelledRows.first()).toContainText('Cancelled before it finished');
  const finished = await opt.useButtons.count();
  await expect(opt.cancelledRows).toHaveCount(3 - finished);

  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await lookAt(opt.results, `optimiser-cancelled-${w}x${h}`);
    await lookAt(page, `optimiser-cancelled-page-${w}x${h}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The kept row's counts, then "Use this configuration": the planner gets them and runs.
  const counts = (await row.getByTestId('opt-counts').textContent()) ?? '';
  const disks = Number(/^(\d+) ×/.exec(counts)?.[1]);
  // A server is the parts it has: never "0 × …".
  expect(counts).not.toMatch(/(^|\+ )0 ×/);
  await opt.use(first).click();
  await expect(app.tab('scenario')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await app.scenario()).architecture).toBe(first);
  expect((await app.scenario()).tiers.disk.count).toBe(disks);
  // The plan it replaced is one Undo away, as after loading a preset.
  await expect(app.notice).toContainText('It replaced the plan you had');
  await expect(app.noticeAction).toHaveText('Undo: bring my plan back');
  await expect(app.results).toBeVisible({ timeout: 300_000 });
  await app.noticeAction.click();
  await expect.poll(async () => JSON.stringify(await app.scenario())).toBe(JSON.stringify(before));
  await expect(app.notice).toContainText('Your plan is back as it was.');
});

test('a large search space is named before the search starts, with a button that bounds it', async ({ page, optimiser: opt }) => {
  await opt.open();
  await expect(opt.space('dram_ic_hdd')).toContainText('1,905 configurations');
  await expect(opt.largeSpace).toHaveCount(0);
  await opt.field('optimize.max_counts.disk').fill('400');
  await opt.field('optimize.max_counts.interval_cache').fill('120');
  await expect(opt.largeSpace).toContainText(/DRAM interval cache \+ HDD has [\d,]+ configurations/);
  await expect(opt.lowerMax('disk')).toHaveText('Lower “Max disks” to 200 (now 400)');
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await lookAt(opt.largeSpace, `optimiser-large-${w}x${h}`);
  }
  await opt.lowerMax('disk').click();
  await expect(opt.field('optimize.max_counts.disk')).toHaveValue('200');
  // Laid out again with the lower maximum: still large, so it offers the next halving.
  await expect(opt.lowerMax('disk')).toHaveText('Lower “Max disks” to 100 (now 200)');
  await opt.lowerMax('disk').click();
  await expect(opt.field('optimize.max_counts.disk')).toHaveValue('100');
  await expect(opt.largeSpace).toHaveCount(0);
  await expect(opt.runButton).toBeEnabled();
});
