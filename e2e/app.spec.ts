import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import type { RunResult } from '../src/engine/types';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

test('opens with the default scenario, every input labelled', async ({ page, app }) => {
  await app.open();
  await expect(app.field('workload.arrival_rate')).toHaveValue('1');
  await expect(page.getByLabel('Arrival rate λ (requests/s)')).toBeVisible();
  await expect(page.getByLabel('Video length (min)')).toBeVisible();
  await expect(page.getByLabel('Bitrate (KB/s)')).toBeVisible();
  await expect(page.getByTestId('zipf-help')).toContainText('i−s');
  await expect(app.catalog).toContainText('Cheetah 15K.6');
  // Every input and select has an accessible name.
  const unnamed = await page.locator('input, select').evaluateAll((els) =>
    els.filter((el) => {
      const e = el as HTMLInputElement;
      return !(e.labels && e.labels.length > 0) && !e.getAttribute('aria-label') && !e.closest('label');
    }).length,
  );
  expect(unnamed).toBe(0);
});

test("targets in the architect's units: concurrent streams set λ by Little's law, Mbps set KB/s", async ({ app }) => {
  await app.open();
  // The default: λ = 1/s of one-hour videos is 3 600 streams; 245 KB/s is 2.00704 Mbps.
  await expect(app.field('workload.concurrent_streams')).toHaveValue('3600');
  await expect(app.field('workload.classes[0].bitrate_mbps')).toHaveValue('2.00704');
  await app.setField('workload.concurrent_streams', '2000');
  await expect(app.field('workload.arrival_rate')).toHaveValue('0.555555555555556');
  await app.setField('workload.classes[0].bitrate_mbps', '4');
  await expect(app.field('workload.classes[0].bitrate_kbps')).toHaveValue('488.28125');
  // And the other way: the model's own fields move the architect's.
  await app.setField('workload.arrival_rate', '0.25');
  await expect(app.field('workload.concurrent_streams')).toHaveValue('900');
  await app.setField('workload.classes[0].bitrate_kbps', '245');
  await expect(app.field('workload.classes[0].bitrate_mbps')).toHaveValue('2.00704');
  await app.waitValid();
});

test('edit a field, run, see results', async ({ page, app }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await app.open();
  await app.setField('run.duration_h', '2');
  await app.setField('run.replications', '3');
  await app.runToResults();
  await expect(app.resultCell('avg_streams')).toContainText('±');
  await expect(app.resultCell('capital_cost')).toHaveText('$960.00');
  await expect(app.tierRow('disk')).toBeVisible();
  await expect(app.tierRow('file_cache')).toBeVisible();
  await expect(app.flashLifetime('file_cache')).toHaveText('no writes');
  const r = await app.result();
  expect(r.replications).toHaveLength(3);
  expect(r.measured_s).toBe(7200);
  expect(problems).toEqual([]);
});

test('a link carries the scenario; a scenario file opens', async ({ page, app, newTab }) => {
  await app.open();
  await app.setField('workload.videos', '280');
  await app.setField('workload.arrival_rate', '0.75');
  await app.waitValid();
  const url = await app.copyLink();
  expect(url).toContain('#v1.');

  const other = (await newTab()).app;
  await other.page.goto(url);
  await expect(other.field('workload.arrival_rate')).toHaveValue('0.75');
  await expect(other.field('workload.videos')).toHaveValue('280');
  await other.waitValid();

  // A garbled link falls back to the last good scenario (this browser's autosave) with a notice.
  await expect.poll(() => other.autosaved()).toContain('"arrival_rate":0.75');
  await other.page.goto('/#s=garbage!');
  await other.page.reload();
  await expect(other.notice).toContainText('does not hold a readable scenario');
  await expect(other.field('workload.arrival_rate')).toHaveValue('0.75');
  // Well-formed but not a scenario: the core's message names what is missing.
  await other.page.goto(`/#s=${Buffer.from('{"version":1}').toString('base64url')}`);
  await other.page.reload();
  await expect(other.notice).toContainText('could not be read');
  await expect(other.notice).toContainText('missing field');
  await expect(other.field('workload.arrival_rate')).toHaveValue('0.75');

  // A file written by the CLI (`tierplan preset`) opens in the editor.
  const cli = nativeCli();
  const json = execFileSync(cli, ['preset', 'nossdav12-object-cache'], { encoding: 'utf8' });
  await app.openScenarioFile('nossdav.json', json);
  await expect(page.getByTestId('zipf-convention-theta')).toBeChecked();
  await expect(app.field('workload.popularity.value')).toHaveValue('0.271');
  await expect(page.getByTestId('zipf-exponent')).toHaveText('0.729');
  await app.waitValid();
});

test('an invalid value shows the core message beside the field and blocks Run', async ({ app }) => {
  await app.open();
  await app.setField('workload.arrival_rate', '-3');
  await expect(app.error('workload.arrival_rate')).toHaveText('-3 is out of range: must be 0 < value ≤ 1000 requests/s');
  await expect(app.runButton).toBeDisabled();
  await expect(app.errorSummary).toContainText('Arrival rate λ');
  // Not a number at all: a local message, Run still blocked.
  await app.setField('workload.arrival_rate', 'abc');
  await expect(app.error('workload.arrival_rate')).toHaveText('Arrival rate λ: a number (requests/s)');
  await expect(app.runButton).toBeDisabled();
  // A device value, by its catalog path.
  await app.setField('workload.arrival_rate', '1');
  await app.waitValid();
  await app.setField('devices[0].price', '-1');
  await expect(app.error('devices[0].price')).toContainText('out of range');
  await expect(app.runButton).toBeDisabled();
  await app.setField('devices[0].price', '180');
  await app.waitValid();
});

test('Cancel stops a long run', async ({ app }) => {
  await app.open();
  await app.setField('workload.arrival_rate', '20');
  await app.setField('run.duration_h', '500');
  await app.setField('run.replications', '5');
  await app.setField('tiers.disk.count', '40');
  await app.run();
  await expect(app.progress).toBeVisible();
  await expect(app.status).toContainText('events');
  await app.cancelButton.click();
  await expect(app.status).toHaveText('Cancelled.');
  await expect(app.results).toHaveCount(0);
  // The pool is still usable afterwards.
  await app.setField('workload.arrival_rate', '1');
  await app.setField('run.duration_h', '1');
  await app.setField('run.replications', '2');
  await app.runToResults();
});

test('the browser result equals the native CLI result for the same scenario and seed', async ({ app }) => {
  const cli = nativeCli();
  await app.open();
  await app.loadPreset('mmsys11-cost-dram');
  await expect(app.field('tiers.interval_cache.count')).toHaveValue('2');
  await app.setField('run.seed', '42');
  await app.setField('run.replications', '3');
  await app.runToResults();
  const scenario = await app.scenario();
  expect(scenario.run.seed).toBe(42);
  const browser = await app.result();

  const dir = mkdtempSync(join(tmpdir(), 'tierplan-e2e-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  const native = JSON.parse(execFileSync(cli, ['run', file], { encoding: 'utf8' })) as RunResult;
  expect(browser.summary).toEqual(native.summary);
  expect(browser.replications).toEqual(native.replications);
  expect(browser.tiers).toEqual(native.tiers);
  expect(browser.events).toBe(native.events);
});

// One run, looked at at both sizes: the simulation does not depend on the viewport. The phone size
// first (the page is opened at it, where overflow is likeliest), then the same page at the desktop's.
test('layout at 390×844 and 1280×800 has no horizontal overflow with results shown', async ({ page, app }) => {
  const sizes = [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const;
  await page.setViewportSize({ width: sizes[0][1], height: sizes[0][2] });
  await app.open();
  await app.loadPreset('hyssc-slc-tlc');
  await expect(app.field('tiers.file_cache.count')).toBeVisible();
  await app.setField('run.duration_h', '2');
  await app.field('run.timeseries').check();
  await app.runToResults();
  for (const [name, width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await expect(app.tierChart).toBeVisible();
    await expect(app.timeseriesChart).toBeVisible();
    // A chart sized by the app follows a new width a frame later: wait for the page to settle (a page
    // that never fits still fails).
    await expect.poll(() => app.overflow(), `${name}: page wider than the window`).toBeLessThanOrEqual(0);
    await lookAt(page, `${name}-${width}x${height}`, { fullPage: true });
    await lookAt(page, `${name}-${width}x${height}-viewport`);
  }
});

test('a visit loads only the planner module; the HTTP view fetches the studies module when it opens', async ({ page, app, http }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /tierplan_(planner|studies)_bg-[^/]*\.wasm$/.exec(r.url());
    if (m) fetched.push(m[1]);
  });
  await app.open();
  await app.setField('run.duration_h', '1');
  await app.setField('run.replications', '1');
  await app.runToResults();
  await app.openTab('sweeps');
  expect(fetched.length).toBeGreaterThan(0);
  expect(new Set(fetched)).toEqual(new Set(['planner']));
  await http.open();
  await expect.poll(() => fetched.includes('studies')).toBe(true);
  await expect(http.presetOption('nossdav12-hdd-only')).toHaveCount(1);
});

// The decision does not depend on the viewport: one run, its result read at both sizes.
test('a rejection target is decided by adding replications, and the results say after how many (desktop and phone)', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open();
  await app.setField('run.duration_h', '2');
  await app.setField('run.replications', '3');
  await app.field('run.decide').check();
  await expect(app.field('run.target_rejection')).toHaveValue('1');
  await expect(app.field('run.replications')).toHaveValue('40');
  await app.runToResults();
  const r = await app.result();
  const d = r.decision!;
  expect(d.cap).toBe(40);
  expect(d.replications).toBe(r.replications.length);
  const e = r.summary.rejection_probability;
  // The verdict is the interval's: meets only when it lies wholly below 1 %.
  expect(d.verdict === 'meets').toBe(e.mean + e.ci95 < 0.01);
  const shown = app.resultCell('decision');
  for (const [name, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(shown).toHaveText(d.verdict === 'meets' ? `meets < 1% (decided after ${d.replications} replications)` : /./);
    await shown.scrollIntoViewIfNeeded();
    await lookAt(page, `decision-${name}-${width}x${height}`);
  }
});
