import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Characterization } from '../src/planner/characterise';
import type { Scenario } from '../src/engine/types';
import { expect, test } from './fixtures';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

// Each test opens its own page: they spread over the workers (the file's
// tests one after another took longer than any other file).
test.describe.configure({ mode: 'parallel' });

function cliCharacterize(scenario: Scenario, id: string, args: string[]): Characterization {
  const cli = nativeCli();
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-char-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  return JSON.parse(execFileSync(cli, ['characterize', id, '--scenario', file, '--format', 'json', ...args], { encoding: 'utf8' })) as Characterization;
}

test('characterise the X25-M from the catalog: Cancel, then a reduced spec equals tierplan characterize', async ({ page, app, characterise: ch }) => {
  test.setTimeout(600_000);
  await page.goto('/#preset=nossdav12-flashcache-cold');
  await expect(app.root).toBeVisible();
  await app.waitValid();
  await app.showCatalog();
  // DRAM has no service time in the model: no action on it.
  await expect(ch.row('dram_5_23gb').getByRole('button', { name: /^Characterise/ })).toHaveCount(0);

  // The default spec (scalable model) characterises the whole 80 GB drive at four queue depths.
  await ch.characterise('x25m');
  await expect(ch.result).toBeVisible({ timeout: 240_000 });
  expect(await ch.rows()).toHaveLength(5 * 4 * 2);
  await expect(ch.qdPoints).toHaveCount(5 * 4 * 2);
  // The per-page reference preconditions the whole 80 GB twice (40 million writes): cancel it.
  await ch.specField('model').selectOption('reference');
  // The estimate is the core's plan (`characterizePlan`: its one rule of which model runs), not a copy in the app.
  await expect(ch.estimate).toContainText('41.94 million');
  await lookAt(ch.panel, 'characterise-reference-estimate');
  await ch.runButton.click();
  // A stepped job: it reports its preconditioning writes as it goes, and Cancel stops it between two
  // steps, so the worker is free for the next run at once (it used to compute on until terminated).
  await expect(ch.progress).toHaveAttribute('data-phase', 'preconditioning');
  await expect(ch.status).toContainText('Running on a worker: preconditioning');
  await expect(ch.progressCounts).toContainText(' of 41.94 million writes');
  await ch.cancelButton.click();
  await expect(ch.status).toHaveText('Cancelled.');
  await expect(ch.progress).toHaveCount(0);

  await ch.setSpec({ queueDepths: '1, 32', seconds: 0.5, passes: 0.05, seed: 3, model: 'scalable' });
  await ch.runToResult();
  const rows = await ch.rows();
  expect(rows).toHaveLength(20);
  const cli = cliCharacterize(await app.scenario(), 'x25m', ['--queue-depths', '1,32', '--seconds', '0.5', '--precondition-passes', '0.05', '--seed', '3']);
  expect(rows).toEqual(cli.rows);
  // The published figures sit beside the rows they name.
  const steadyWrite = ch.tableRow('rand_write4k', 'steady', 1);
  await expect(ch.published(steadyWrite)).toContainText("3.25 MB/s measured (NOSSDAV'12 Table 1)");
  // The preconditioning chart has every bucket of the core's series.
  await expect(ch.mbpsPoints()).toHaveCount(cli.precondition!.t_s.length);

  // Keyboard: the chart's points are one tab stop, arrows move.
  const first = ch.mbpsPoints(0);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(ch.mbpsPoints(1)).toBeFocused();

  await page.keyboard.press('Escape');
  await ch.axeClean();
});

test('the preconditioning chart shows the fall from fresh to steady state, at 1280×800 and 390×844', async ({ page, app, characterise: ch, tour }) => {
  test.setTimeout(450_000);
  await page.goto('/#preset=nossdav12-flashcache-cold');
  await app.waitValid();
  await app.showCatalog();
  // The X25-M's timings on 2 GB, so two full passes run in seconds.
  const index = Number((await ch.row('x25m').getAttribute('data-testid'))!.replace('device-row-', ''));
  await app.setField(`devices[${index}].capacity_gb`, '2');
  // Characterise starts the default spec (four queue depths, a minute per test): nothing here looks at
  // its result, and it cost more than the run below, so it is cancelled and the spec set first.
  await ch.characterise('x25m');
  await ch.cancelButton.click();
  await expect(ch.status).toHaveText('Cancelled.');
  await ch.setSpec({ queueDepths: '1, 32', seconds: 1, passes: 2, seed: 1 });
  await ch.runToResult();
  const mbps = await ch.mbpsSeries();
  expect(mbps[0]).toBeGreaterThan(1.5 * mbps[mbps.length - 1]);
  // axe in the light theme at 1280×800, in the dark one at 390×844: the themes differ in colour, the
  // sizes in layout, and each scan costs seconds on a busy machine.
  await ch.axeClean();
  for (const size of [
    { width: 1280, height: 800, name: '1280' },
    { width: 390, height: 844, name: '390' },
  ]) {
    await page.setViewportSize(size);
    await expect(ch.panel).toBeVisible();
    if (size.name === '390') {
      await tour.setTheme('dark');
      await ch.axeClean();
      await tour.setTheme('light');
    }
    await ch.shot(ch.panel, `characterise-${size.name}-spec`);
    await ch.shot(ch.table, `characterise-${size.name}-table`);
    await ch.shot(ch.precondition, `characterise-${size.name}-chart`);
  }
});

test('a 61.44 TB QLC drive characterises in the browser: IOPS against queue depth and throughput over time, at 1280×800 and 390×844', async ({ page, app, characterise: ch }) => {
  test.setTimeout(450_000);
  await page.goto('/#preset=today-plan');
  await app.waitValid();
  await app.showCatalog();
  await ch.characterise('p5336_61t44');
  await expect(ch.result).toBeVisible({ timeout: 240_000 });
  // Its time is the app's own "Done in … s", printed here (the benchmark measures it: docs/testing.md).
  await expect(ch.status).toContainText(/Done in [0-9.]+ s/);
  console.log(`61.44 TB characterisation: ${await ch.status.textContent()}`);
  // Queue depth buys IOPS: 4 KB random reads at 128 far above 1.
  const rows = await ch.rows();
  const rr = (qd: number) => rows.find((r) => r.pattern === 'rand_read4k' && r.state === 'fresh' && r.queue_depth === qd)!.iops;
  expect(rr(128)).toBeGreaterThan(20 * rr(1));
  await expect(ch.qdPoints).toHaveCount(rows.length);
  // The datasheet's figure beside the row it names.
  const steadyWrite = ch.tableRow('rand_write4k', 'steady', 128);
  await expect(ch.published(steadyWrite)).toContainText('38,000 IOPS datasheet');
  await ch.axeClean();
  for (const size of [
    { width: 1280, height: 800, name: '1280' },
    { width: 390, height: 844, name: '390' },
  ]) {
    await page.setViewportSize(size);
    await ch.shot(ch.qdChart, `characterise-qlc-${size.name}-qd`);
    await ch.shot(ch.precondition, `characterise-qlc-${size.name}-time`);
  }
});

test('a disk is characterised in one state; a refused spec is named beside its field', async ({ page, app, characterise: ch }) => {
  test.setTimeout(300_000);
  await page.goto('/#preset=nossdav12-flashcache-cold');
  await app.waitValid();
  await app.showCatalog();
  await ch.characterise('hdd7200');
  await expect(ch.result).toBeVisible({ timeout: 120_000 });
  const rows = await ch.rows();
  expect(rows.every((r) => r.state === 'fresh')).toBe(true);
  await expect(ch.precondition).toHaveCount(0);
  await ch.specField('seconds').fill('-1');
  await ch.runButton.click();
  await expect(ch.panel).toContainText('-1 is out of range');
  await expect(ch.specField('seconds')).toHaveAttribute('aria-invalid', 'true');
});

test('the HTTP tab explains a chosen run: busiest-second utilisation, flash write sizes, where the time went', async ({ page, app, http: h, characterise: ch }) => {
  test.setTimeout(450_000);
  await h.open();
  await h.loadPreset('nossdav12-flashcache-cold');
  await h.figureSettings({ fromRate: 2, toRate: 4, points: 2, replications: 1, durationH: 0.1, warmupH: 0.05 });
  await h.runFigure.click();
  await h.waitFigureDone(150_000);
  await h.detailsPolicy.selectOption('block');
  const why = h.details('why');
  await expect(why).toBeVisible();
  await expect(h.utilisationPoints('ssd')).toHaveCount(180);
  // The engine's write sizes: the CDF ends at 1 and the median is marked; the time split has its five parts.
  await expect(h.writesMedian).toHaveText(/KB|MB/);
  await expect(h.writesMedianMark).toHaveCount(1);
  const cdf = await h.writeSizeCdf();
  expect(cdf[cdf.length - 1]).toBe(1);
  await expect(h.splitParts).toHaveCount(5);
  for (const size of [
    { width: 1280, height: 800, name: '1280' },
    { width: 390, height: 844, name: '390' },
  ]) {
    await page.setViewportSize(size);
    await ch.axeClean('http-details');
    await ch.shot(h.details(), `why-${size.name}`);
    await ch.shot(h.details('util'), `why-${size.name}-util`);
    await ch.shot(h.details('writes'), `why-${size.name}-writes`);
    await ch.shot(h.details('split'), `why-${size.name}-split`);
  }
  // The way to the SSD's own microbenchmarks.
  await h.toCatalog.click();
  await expect(app.catalog).toBeInViewport();
});
