import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { nativeCli } from '../scripts/native-cli.mjs';

test.describe('Flash endurance', () => {
  test('dynamic LFU with churn on the SSD preset: lifetime in days/years with its assumptions', async ({ flash: f }) => {
    await f.app.open();
    await f.app.loadPreset('mmsys11-cost-ssd');
    await f.app.field('policy.lfu').selectOption('dynamic');
    await f.app.setField('policy.lfu_margin', '10');
    await f.app.field('workload.churn').check();
    await f.app.setField('workload.churn.period_h', '4');
    await f.app.setField('workload.churn.new_titles', '8');
    await f.app.waitValid();
    const s = await f.app.scenario();
    expect(s.policy.lfu).toBe('dynamic');
    expect(s.workload.churn).toEqual({ period_h: 4, new_titles: 8 });

    await f.open();
    await f.runScenario();
    const cell = f.scenarioLifetime('file_cache');
    // A finite lifetime, in years (the churn writes a fraction of a MB/s) and spelled out in days,
    // or, beyond the service life, said to be no limit.
    await expect(cell).toContainText(/\d[\d,.]* years/);
    await expect(cell).toContainText(/days = [\d,.]+ years|service life/);
    await expect(cell).not.toContainText('no writes');
    const a = f.scenarioAssumptions;
    await expect(a).toContainText('P/E cycles N = 10,000 (MLC)');
    await expect(a).toContainText('capacity C = 320 GiB');
    await expect(a).toContainText('LFU dynamic: window 24 h, warm start, count margin 10 requests');
    await expect(a).toContainText('churn: 8 new titles every 4 h');
    await expect(a).toContainText('WA = 1: whole files are written sequentially');
    await expect(a).toContainText(/T = 320 GiB × 1024 × 10,000 \/ \([\d.]+ MB\/s × 1 × 3600\)/);
  });

  test('device flash fields are editable and validated by the core', async ({ flash: f }) => {
    await f.app.open();
    await f.app.loadPreset('mlc-interval-cache');
    await f.app.waitValid();
    const s = await f.app.scenario();
    const i = s.devices.findIndex((d) => d.id === s.tiers.interval_cache?.device);
    await f.app.showFlashDetails(i);
    await f.app.setField(`devices[${i}].flash.spare_factor`, '20');
    await expect(f.app.error(`devices[${i}].flash.spare_factor`)).toContainText('20 is out of range: must be 0 < value ≤ 10');
    await expect(f.app.runButton).toBeDisabled();
    await f.app.setField(`devices[${i}].flash.spare_factor`, '0.28');
    await f.app.field(`devices[${i}].flash.cell`).selectOption('slc');
    await f.app.setField(`devices[${i}].flash.pe_cycles`, '100000');
    await f.app.waitValid();
    const flash = (await f.app.scenario()).devices[i].flash;
    expect(flash).toMatchObject({ cell: 'slc', spare_factor: 0.28, pe_cycles: 100000 });
    // The lifetime view uses the edited device: WA(0.28) = 2.48 and 100 000 P/E.
    await f.open();
    await f.runScenario();
    await expect(f.scenarioTable('interval_cache')).toContainText('2.481');
    await expect(f.scenarioAssumptions).toContainText('P/E cycles N = 100,000 (SLC)');
  });

  test('comparison: MLC interval cache lasts weeks, SLC years, static LFU never writes', async ({ flash: f }) => {
    await f.app.open();
    await f.open();
    await expect(f.studyExample).toContainText('T = 128 × 1024 × 10 000 / (100 × 1 × 3600) = 3,641 h = 152 days');
    await f.compareRun.click();
    // A quick run may finish between two polls, so either its progress or its table shows
    // (progress itself is checked by the long wear run below).
    await expect(f.compareProgress.or(f.compareTable)).toBeVisible();
    await expect(f.compareTable).toBeVisible({ timeout: 120_000 });
    const rows = f.compareTable.locator('tbody tr');
    await expect(rows).toHaveCount(6);
    const lifetimeOf = (label: string, tier: string) =>
      rows.filter({ hasText: label }).filter({ hasText: tier }).locator('td[data-label="Lifetime"]');
    await expect(lifetimeOf('Interval cache on MLC', 'Interval cache')).toContainText(/^\d+(\.\d+)? days/);
    // Simulated, the SLC buffer outlives the MLC one; at the MLC buffer's write rate it lasts years.
    const hoursOf = async (label: string) => Number(/\(([\d,]+) h\)/.exec((await lifetimeOf(label, 'Interval cache').textContent()) ?? '')?.[1].replace(/,/g, ''));
    const [mlcH, slcH] = [await hoursOf('Interval cache on MLC'), await hoursOf('Interval cache on SLC')];
    expect(mlcH / 24).toBeGreaterThan(7);
    expect(mlcH / 24).toBeLessThan(120);
    expect(slcH).toBeGreaterThan(2 * mlcH);
    await expect(f.slcSameRateLifetime).toHaveText(/^(\d+(\.\d+)? years|> \d+ years: wear is not the limit)$/);
    await expect(lifetimeOf('File-level LFU, static', 'File cache')).toContainText('no writes');
    await expect(lifetimeOf('File-level LFU, dynamic', 'File cache')).toContainText(/years/);
    // The hybrid shows both of its flash tiers: TLC read-only, SLC absorbing the writes.
    await expect(lifetimeOf('SLC (IC) + TLC (LFU)', 'File cache')).toContainText('no writes');
    await expect(lifetimeOf('SLC (IC) + TLC (LFU)', 'Interval cache')).toContainText(/days|years/);
    // MLC: WA of ρ = 0.07 from greedy GC.
    await expect(rows.filter({ hasText: 'Interval cache on MLC' })).toContainText('greedy GC at ρ = 0.07');
    await expect(f.lifetimeChart.last()).toContainText('1 year');
  });

  test('a long wear run shows progress and can be cancelled', async ({ flash: f }) => {
    await f.app.open();
    await f.app.loadPreset('mlc-interval-cache');
    // About 50 million events: long enough to catch it running.
    await f.app.setField('run.duration_h', '1000');
    await f.app.setField('run.replications', '6');
    await f.app.waitValid();
    await f.open();
    await f.scenarioRun.click();
    await expect(f.scenarioProgress).toBeVisible();
    await expect(f.scenarioStatus).toContainText('0 of 1 runs done');
    await f.scenarioCancel.click();
    await expect(f.scenarioStatus).toHaveText('Cancelled.');
    await expect(f.scenarioTable()).toHaveCount(0);
    // The pool is usable afterwards: the comparison runs to the end.
    await f.compareRun.click();
    await expect(f.compareTable).toBeVisible({ timeout: 120_000 });
  });

  test('WA vs ρ: formula and greedy-GC simulator side by side', async ({ flash: f }) => {
    await f.app.open();
    await f.open();
    const table = f.waTable();
    await expect(table).toBeVisible({ timeout: 240_000 });
    await expect(f.waTable('0.07')).toContainText('7.82');
    await expect(f.waTable('0.28')).toContainText('2.48');
    await expect(f.waTable('0.5')).toContainText('1.72');
    await expect(f.waTable('1')).toContainText('1.26');
    await expect(f.waFormula).toBeVisible();
    await expect(f.waSimulated(0)).toBeAttached();
  });

  test('cost model: optimum u = 0.92 with 3.68 GB caching and 0.32 GB over-provisioning', async ({ flash: f }) => {
    await f.app.open();
    await f.open();
    await expect(f.costOrigin).toContainText("Showing the FAST'12 example");
    await expect(f.costOptimum('u')).toHaveText('0.92', { timeout: 240_000 });
    await expect(f.costOptimum('r')).toHaveText('0.99');
    await expect(f.cachingGb).toHaveText('3.68 GB');
    await expect(f.overProvisioningGb).toHaveText('0.32 GB');
    await expect(f.costCurveOptimum).toHaveAttribute('data-x', '0.92');
    await expect(f.costHeatmap).toBeVisible();
    await expect(f.costHeatmapMarker).toHaveAttribute('data-x', '0.92');
    await expect(f.costHeatmapMarker).toHaveAttribute('data-y', '0.99');
    // Optimum u falls as writes grow.
    await expect(f.costSweep(0)).toContainText('0.95');
    await expect(f.costSweep(1)).toContainText('0.13');
    // More writes: the optimum moves toward more over-provisioning, and the inputs join the scenario.
    await f.costField('params.io_w').fill('0.5');
    await expect(f.costOptimum('u')).toHaveText('0.66');
    await expect(f.costOrigin).toContainText('part of the scenario');
    await f.backToEditor();
    expect((await f.app.scenario()).cost_model?.params).toMatchObject({ io_w: 0.5, io_r: 0.5 });
    await f.open();
    // A bad value names the field and its range, and blocks Run like any scenario field.
    await f.costField('params.io_w').fill('1.5');
    await expect(f.costError('params.io_w')).toContainText('1.5 is out of range: must be 0 ≤ value ≤ 1');
    await expect(f.app.root).toHaveAttribute('data-valid', 'false');
    await f.costField('params.io_w').fill('0.02');
    await expect(f.costOptimum('u')).toHaveText('0.92');
    await expect(f.app.root).toHaveAttribute('data-valid', 'true');
    // Timings from the MLC preset.
    await f.costField('source').selectOption('mlc');
    await expect(f.costField('params.c_prog_us')).toHaveValue('1400');
    await expect(f.costField('source')).toHaveValue('mlc');
    // A fixed write-hit cost is an input too.
    await f.costField('params.c_wh_fixed').check();
    await f.costField('params.c_wh_us').fill('200');
    await expect(f.app.root).toHaveAttribute('data-valid', 'true');
    await f.backToEditor();
    expect((await f.app.scenario()).cost_model?.params.c_wh_us).toBe(200);
    await f.open();
    // Back to the example.
    await f.costReset.click();
    await expect(f.costOrigin).toContainText("Showing the FAST'12 example");
    await expect(f.costField('params.c_prog_us')).toHaveValue('350');
    await f.backToEditor();
    expect((await f.app.scenario()).cost_model).toBeNull();
  });

  test('the FAST\'12 preset and a copied link carry the cost model; the native CLI agrees', async ({ page, flash: f, newTab }) => {
    const cli = nativeCli();
    await page.goto('/#preset=fast12-overprovisioning');
    await expect(f.app.presetStatus).toHaveAttribute('data-preset', 'fast12-overprovisioning');
    await f.app.waitValid();
    await f.open();
    await expect(f.costOrigin).toContainText('part of the scenario');
    await expect(f.costOptimum('u')).toHaveText('0.92', { timeout: 240_000 });
    await expect(f.cachingGb).toHaveText('3.68 GB');

    // Edit: a 16 GB cache with 10 % writes.
    await f.costField('cache_gb').fill('16');
    await f.costField('params.io_w').fill('0.1');
    await expect(f.costPartition).toContainText('16 GB');
    await f.backToEditor();
    await f.app.waitValid();
    const scenario = await f.app.scenario();
    expect(scenario.cost_model).toMatchObject({ cache_gb: 16, params: { io_w: 0.1 } });

    // Native: the browser shows the optimum the CLI computes from the same scenario.
    const dir = mkdtempSync(join(tmpdir(), 'tierplan-e2e-'));
    const file = join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const native = JSON.parse(execFileSync(cli, ['cost-model', file], { encoding: 'utf8' })) as { optimum: { u: number; r: number } };
    const u = native.optimum.u.toFixed(2);
    await f.open();
    await expect(f.costOptimum('u')).toHaveText(u, { timeout: 240_000 });
    await expect(f.costOptimum('r')).toHaveText(native.optimum.r.toFixed(2));
    await f.backToEditor();

    // The link carries it: a new page shows the same inputs and optimum, marked as a modified preset.
    await expect(f.app.presetMarker('modified')).toBeVisible();
    const url = await f.app.copyLink();
    expect(url.length).toBeLessThan(2000);
    const other = (await newTab()).flash;
    await other.page.goto(url);
    await expect(other.app.notice).toContainText('Opened the scenario in the link');
    await other.app.waitValid();
    expect(await other.app.scenario()).toEqual(scenario);
    await other.open();
    await expect(other.costField('cache_gb')).toHaveValue('16');
    await expect(other.costField('params.io_w')).toHaveValue('0.1');
    await expect(other.costOptimum('u')).toHaveText(u, { timeout: 240_000 });
  });

  // One page, looked at at both sizes: the comparison's simulations and the cost model do not depend
  // on the viewport, so they run once, not once per size. The phone size comes first (the page is
  // opened at it, where overflow is likeliest), then the same page is widened to the desktop.
  test('the page fits 390×844 and 1280×800 without horizontal overflow', async ({ page, flash: f }) => {
    const sizes = [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ];
    await page.setViewportSize(sizes[0]);
    await f.app.open();
    // The catalog with a device's flash fields expanded.
    await f.app.showCatalog();
    await f.app.showFlashDetails(4);
    for (const size of sizes) {
      await page.setViewportSize(size);
      expect(await f.app.overflow(), `catalog at ${size.width}×${size.height}`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(sizes[0]);
    await f.open();
    await f.compareRun.click();
    await expect(f.compareTable).toBeVisible({ timeout: 120_000 });
    await expect(f.costHeatmap).toBeVisible({ timeout: 240_000 });
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expect(f.compareTable).toBeVisible();
      expect(await f.app.overflow(), `flash view at ${size.width}×${size.height}`).toBeLessThanOrEqual(0);
    }
  });
});
