// Plan from your own logs (model §14) in the browser: drop the sample log,
// map its columns over the preview, read it in the worker, see the fits,
// use the fit, run it, and share a link that carries the fitted parameters
// (not the log).
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

test('drop the sample log, map columns, fit, use the fit, run, share', async ({ logs, app, newTab }) => {
  await logs.open();
  await logs.drop('public/sample-log.csv', 'sample-log.csv');

  // The detector's guess is shown over a preview; the user confirms it
  // (and could change any column).
  await expect(logs.preview).toContainText('2024-03-01T00:00:38Z');
  await expect(logs.field('map.timestamp')).toHaveValue('timestamp');
  await expect(logs.field('map.time_format')).toHaveValue('iso8601');
  await logs.field('map.title').selectOption('title');
  await logs.field('map.length_s').selectOption('length_s');
  await logs.readAndFit();
  await expect(logs.status).toContainText('18,077 requests, 0 bad lines');

  // The fits: the exponent with its interval in both conventions, the
  // rank-frequency and hourly charts, the peak hour of the generator (21:00).
  await expect(logs.theta).toContainText('95 % CI');
  const s = await logs.exponent();
  expect(s).toBeGreaterThan(0.2);
  expect(s).toBeLessThan(0.32);
  expect(await logs.peakHour()).toBe(21);
  await expect(logs.rankChart).toBeVisible();
  await expect(logs.hourChart).toBeVisible();
  await expect(logs.churn).toContainText('3');

  // Use the fit: the editor shows the fitted workload (318 titles: 300 and
  // 3 new ones on each of the 6 later days); run it.
  await logs.useFit();
  await expect(app.field('workload.videos')).toHaveValue('318');
  await expect(app.field('workload.rate_profile')).toBeChecked();
  await expect(app.root).toHaveAttribute('data-valid', 'true');
  await app.runButton.click();
  await expect(app.status).toContainText('Done', { timeout: 120_000 });

  // Share: the link is a few hundred characters (the log is 600 KB) and
  // reopens the fitted scenario in a fresh page.
  const url = await app.copyLink();
  expect(url.length).toBeLessThan(4000);
  const fresh = await newTab();
  await fresh.page.goto(url);
  await expect(fresh.app.root).toHaveAttribute('data-valid', 'true');
  await expect(fresh.app.field('workload.videos')).toHaveValue('318');
  await expect(fresh.app.field('workload.popularity.value')).toHaveValue(String(Number(s.toPrecision(4))));
  await expect(fresh.app.field('workload.rate_profile')).toBeChecked();
  await expect(fresh.app.ratePeak).toContainText('Peak hour 21:00');

  // Peak-hour planning: the Optimiser names the fitted profile's busiest hour.
  await fresh.app.openTab('optimiser');
  await expect(fresh.optimiser.peak).toContainText('21:00–22:00');
  await fresh.optimiser.peakHour.check();
  await expect(fresh.optimiser.peakHour).toBeChecked();
});

test('bad lines are shown with their numbers; replay beside the fit', async ({ logs }) => {
  await logs.open();
  await logs.sampleButton.click();
  await expect(logs.preview).toBeVisible();
  await logs.readAndFit();
  await logs.replayWindows.fill('7');
  await logs.replayRun.click();
  const table = logs.replayTable;
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(table).toContainText('Replayed log');
  await expect(table).toContainText('Fitted scenario');
  // The optimiser sizes on the replayed log itself.
  await logs.replayOptimise.click();
  await expect(logs.replayOptTable).toContainText('HDD only', { timeout: 240_000 });
  await expect(logs.replayOptTable).toContainText('× hdd15k');

  // A damaged log: the bad lines are listed with their line numbers.
  const bad = 'timestamp,title\n2024-03-01T10:00:00Z,v1\nyesterday,v2\n2024-03-01T10:00:02Z\n2024-03-01T10:00:03Z,v3\n';
  await logs.chooseFile('bad.csv', bad);
  await logs.readAndFit();
  await expect(logs.status).toContainText('2 requests, 2 bad lines');
  await expect(logs.badLines).toContainText('3');
  await expect(logs.badLines).toContainText('not ISO 8601');
  await expect(logs.badLines).toContainText('4');
});

test('how much flash for the catalog: title curves of the sample log equal tierplan log curve; use the size in the flash file cache', async ({ page, app, logs }) => {
  await logs.open();
  await logs.sampleButton.click();
  await expect(logs.preview).toBeVisible();
  await logs.readAndFit();
  const panel = logs.curve;
  await expect(panel).toBeVisible();
  // A bad window is named and blocks the drawing.
  await logs.curveWindow.fill('0');
  await expect(panel.getByRole('alert')).toContainText('window_h');
  await expect(logs.curveRun).toBeDisabled();
  await logs.curveWindow.fill('24');
  await logs.curveTarget.fill('0.3');
  await logs.curvePolicy.selectOption('windowed_lfu');
  await logs.curveRun.click();
  await expect(logs.curveResult).toBeVisible({ timeout: 120_000 });
  const chart = logs.curveChart;
  for (const k of ['static_lfu', 'lru', 'windowed_lfu']) await expect(chart.locator(`[data-series="${k}"]`).first()).toBeAttached();
  await expect(logs.curveZipf).toBeAttached();
  await expect(logs.curveFlashAxis).toContainText('Flash needed (GiB)');

  // The same curves natively: every windowed-LFU point drawn (a thinned set), and the marked size.
  const cli = nativeCli();
  const native = JSON.parse(execFileSync(cli, ['log', 'curve', 'public/sample-log.csv', '--window-h', '24', '--json'], { encoding: 'utf8' })) as {
    points: { titles: number; windowed_lfu: number; lru: number }[];
  };
  const drawn = await logs.curvePoints('windowed_lfu');
  expect(drawn.length).toBeGreaterThan(20);
  const byTitles = new Map(native.points.map((p) => [p.titles, p.windowed_lfu]));
  for (const [x, y] of drawn) expect(y).toBe(byTitles.get(x));
  const first = native.points.find((p) => p.windowed_lfu >= 0.3)!;
  await expect(logs.curveAtTarget).toContainText(`from ${first.titles.toLocaleString('en-US')} titles`);

  // The sample gives each title bitrate × length, so the shares count bytes
  // too; its titles all have the same size, so they equal the request shares.
  await logs.curveCountBytes.check();
  await expect(chart).toContainText('Share of bytes served');
  const inBytes = await chart.locator('[data-series="lru"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-y'))));
  const lruNative = new Map(native.points.map((p) => [p.titles, p.lru]));
  const lruX = await chart.locator('[data-series="lru"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-x'))));
  lruX.forEach((x, i) => expect(inBytes[i]).toBeCloseTo(lruNative.get(x)!, 12));
  await lookAt(chart, 'log-curve-bytes-1280x800');
  await logs.curveCountRequests.check();

  // Use this size: the SSD + HDD scenario's flash file cache gets enough devices.
  const use = logs.curveUse;
  await expect(use).toBeVisible();
  const count = Number((await use.textContent())!.match(/size: (\d+) ×/)![1]);
  await use.click();
  await expect(logs.curveApplied).toContainText(`${count} ×`);
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await lookAt(panel, `log-curve-${w}x${h}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.openTab('scenario');
  await expect(app.field('tiers.file_cache.count')).toHaveValue(String(count));
});
