import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MaxRateResult } from '../src/http/types';
import type { Scenario } from '../src/engine/types';
import { expect, test } from './fixtures';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

/** Shorter runs than the preset's own (6 minutes measured after 30 of warm-up, which make its search cost minutes of CPU). */
const SHORT_RUN = { duration_h: 0.02, warmup_h: 0.05 };

/** `tierplan preset today-edge-qlc-flashcache`, its runs shortened as the test edits them, `| tierplan max-rate`, natively. */
function nativeMaxRate(): MaxRateResult {
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-edge-')), 'edge.json');
  const preset = JSON.parse(execFileSync(nativeCli(), ['preset', 'today-edge-qlc-flashcache']).toString()) as Scenario;
  Object.assign(preset.request!.run, SHORT_RUN);
  writeFileSync(file, JSON.stringify(preset));
  return JSON.parse(execFileSync(nativeCli(), ['max-rate', file]).toString()) as MaxRateResult;
}

// The request-level preset of today (model §11): flashcache on a 61.44 TB QLC
// drive before 9 × 24 TB disks, scaled 1:256. Picked from the HTTP tab, it
// brings its own short runs to the figure settings, and the search finds a
// highest rate for every policy in the worker pool.
test('the edge of today: picked from the HTTP tab, searched to a highest rate per policy', async ({ page, http: h }) => {
  test.setTimeout(1_200_000);
  await h.open();
  await h.loadPreset('today-edge-qlc-flashcache');
  await expect(h.field('request.layout.disk')).toHaveValue('exos_x24');
  await expect(h.field('request.cache.flash_device')).toHaveValue('p5336_61t44');
  // The NVMe host queue: 128 commands in flight; more than the drive takes is named with its range.
  await expect(h.field('request.cache.ssd_queue_depth.default')).not.toBeChecked();
  await expect(h.field('request.cache.ssd_queue_depth')).toHaveValue('128');
  await h.setField('request.cache.ssd_queue_depth', 2000);
  await expect(h.fieldError('request.cache.ssd_queue_depth')).toContainText('2000 is out of range: must be an integer from 1 to 1024');
  await h.setField('request.cache.ssd_queue_depth', 128);
  await expect(h.fieldError('request.cache.ssd_queue_depth')).toHaveCount(0);
  // A short single run: the SSD's busy time is the union of its commands' service, said as such.
  await h.setField('request.run.duration_h', 0.02);
  await h.setField('request.run.warmup_h', 0.1);
  await h.setField('request.run.replications', 1);
  await h.runSingle();
  await expect(page.getByTestId('http-single-util-saturation')).toContainText(/SSD: busy \d+(\.\d+)?% of the time on average \(at least one of up to 128 commands in service\)/);
  await h.loadPreset('today-edge-qlc-flashcache');
  // The preset's run (6 minutes, 2 replications) became the figure's settings, and its range reaches 1.5 × its 100 requests/s.
  await expect(h.figureSetting('durationH')).toHaveValue('0.1');
  await expect(h.figureSetting('replications')).toHaveValue('2');
  await expect(h.figureSetting('fromRate')).toHaveValue('10');
  await expect(h.figureSetting('toRate')).toHaveValue('150');
  // The 1:256 stand-in says what scales, what does not, and why its rate is real.
  await expect(page.getByTestId('http-stand-in')).toContainText('256 times smaller');
  await expect(page.getByTestId('http-stand-in')).toContainText('Why the rate is real');
  // Its own rate in Gb/s and viewers: 100 requests/s of 6 s segments are 600 viewers.
  await expect(page.getByTestId('http-single-load')).toContainText('600 viewers');

  // The scenario's own runs shortened (the search of the preset as shipped finds 110 requests/s natively in
  // about two CPU-minutes; docs/model.md §11), and short figure points, so the test stays small; the search
  // keeps the preset's range (10–500 requests/s), its warm flashcache and its two replications.
  await h.setField('request.run.duration_h', SHORT_RUN.duration_h);
  await h.setField('request.run.warmup_h', SHORT_RUN.warmup_h);
  await h.figureSettings({ fromRate: 10, toRate: 10, points: 1, replications: 1, durationH: 0.01, warmupH: 0.01 });
  // timing: printed only
  const t0 = Date.now();
  await h.runMaxRate.click();
  const table = h.maxRateTable;
  for (const id of ['hdd', 'block', 'ring-cold', 'ring-warm', 'object']) {
    // A rate on the preset's lattice, or "< 10" when even the lowest missed.
    await expect(h.maxRateSearch(id)).toHaveText(/^(< 10|\d+0) \(\d+ points\)$/, { timeout: 480_000 });
  }
  // The first row searches the scenario exactly as it stands — warm flashcache, its own runs — as `tierplan max-rate` does,
  // and finds the CLI's rate, with its Gb/s and viewers.
  await expect(table.getByTestId('http-maxrate-row-loaded')).toContainText('This scenario as loaded: block cache (flashcache), warm');
  const native = nativeMaxRate();
  expect(native.max_rate).not.toBeNull();
  await expect(h.maxRateSearch('loaded')).toHaveText(new RegExp(`^${native.max_rate} \\(\\d+ points\\)$`), { timeout: 600_000 });
  const load = native.max_rate_load!;
  expect(load.viewers).toBe(native.max_rate! * 6);
  await expect(table.getByTestId('http-maxrate-search-load-loaded')).toHaveText(`${Number(load.gbps.toPrecision(3))} Gb/s, ${load.viewers.toLocaleString('en-US')} viewers`);
  // timing: printed only
  console.log(`today-edge search: ${((Date.now() - t0) / 1000).toFixed(1)} s in the worker pool`);
  // The study's published rates are not put beside other hardware.
  await expect(table.getByRole('row', { name: /HDD only/ })).toContainText('not this hardware');
  // A screenshot to look at (e2e/pages/look.ts).
  await table.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await lookAt(page, `today-edge-maxrate-1280`);
});
