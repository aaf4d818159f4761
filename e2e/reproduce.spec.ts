import type { ReproductionRow } from '../src/reproduce/types';
import { expect, test, type Page } from './fixtures';
import type { ReproducePage } from './pages/ReproducePage';
import { nativeReproduceJson } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

// Run all includes NOSSDAV'12's request-level searches (an hour of requests per point).
test.describe.configure({ timeout: 1_200_000 });

/** The native table: the CLI's own test of `tierplan reproduce` keeps it beside the binary (one run per build). */
function cliRows(): ReproductionRow[] {
  return JSON.parse(nativeReproduceJson()) as ReproductionRow[];
}

async function checkLayout(page: Page, r: ReproducePage): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await lookAt(page, `claims-${width}x${height}`);
    await lookAt(page, `claims-${width}x${height}-full`, { fullPage: true });
    await lookAt(r.claim('mmsys11-cost-dram-cheapest'), `claim-dram-${width}x${height}`);
    await r.claim('nossdav12-flashcache-rate').scrollIntoViewIfNeeded();
    await lookAt(page, `claims-${width}x${height}-nossdav`);
  }
}

test('closed forms at once; Run all gives the same table as tierplan reproduce and fits 390 and 1280 px; Open loads a claim’s scenario', async ({ page, reproduce: r }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await r.app.open();
  await r.open();

  // Before any run: closed forms judged, claims outside the model labelled, simulated ones waiting.
  await expect(r.claim('mmsys11-streams-647')).toHaveAttribute('data-verdict', 'reproduced');
  await expect(r.cell('mmsys11-streams-647', 'ours')).toHaveText('647 streams');
  await expect(r.cell('mmsys11-mlc-lifetime', 'ours')).toHaveText('3640.9 h (151.7 days)');
  await expect(r.claim('fast12-optimum-u')).toHaveAttribute('data-verdict', 'reproduced');
  await expect(r.cell('spec-wa-0.28', 'verdict')).toHaveText('✓reproduced');
  await expect(r.claim('nossdav12-zipf-top56')).toHaveAttribute('data-verdict', 'close');
  await expect(r.claim('nossdav12-l2arc-rate')).toHaveAttribute('data-verdict', 'pending');
  await expect(r.cell('nossdav12-l2arc-rate', 'note')).toContainText('L2ARC cold: highest rate at 0 % miss');
  await expect(r.claim('mmsys11-fig11-flash-hit')).toHaveAttribute('data-verdict', 'pending');
  await expect(r.tally).toContainText('not run yet');

  await r.runAllToEnd();
  const native = cliRows();
  const browser = await r.rows();
  // The same claims, values, differences, verdicts and explanations, bit for bit.
  expect(browser).toEqual(native);
  for (const row of native) {
    const o = row.outcome;
    await expect(r.claim(row.id)).toHaveAttribute('data-verdict', o.verdict);
    await expect(r.cell(row.id, 'published')).toHaveText(row.published);
    await expect(r.cell(row.id, 'ours')).toHaveText(o.ours?.text ?? '—');
    await expect(r.cell(row.id, 'difference')).toHaveText(o.difference?.text ?? '—');
    if (o.verdict !== 'reproduced') await expect(r.cell(row.id, 'note')).toContainText(o.note);
  }
  // The ones that do not reproduce say why, in words a reader can check.
  await expect(r.claim('mmsys11-fig9-buffered')).toHaveAttribute('data-verdict', 'differs');
  await expect(r.cell('mmsys11-fig9-buffered', 'note')).toContainText('bracket the study');
  await expect(r.cell('mmsys11-cost-dram-cheapest', 'note')).toContainText('14 DRAM + 9 HDDs cost $264 less');
  await expect(r.cell('mmsys11-cost-hdd-meets', 'note')).toContainText('seed 2');
  await expect(r.cell('mmsys11-fig11-flash-hit', 'ours')).toContainText('±');

  // The finished table fits a laptop and a phone without horizontal scrolling
  // (one Run all serves both sizes; screenshots for review).
  await checkLayout(page, r);

  // Open this scenario: the editor shows the study's 13 HDDs.
  await r.claim('mmsys11-cost-hdd-meets').getByTestId('claim-open-cost-hdd-study').click();
  await expect(r.app.tab('scenario')).toHaveAttribute('aria-selected', 'true');
  await expect(r.app.field('tiers.disk.count')).toHaveValue('13');
  await r.app.waitValid();
  const s = await r.app.scenario();
  expect(s.architecture).toBe('hdd_only');
  expect(s.run).toMatchObject({ duration_h: 10, replications: 5, seed: 1 });
  expect(problems).toEqual([]);
});

test('Cancel mid-run keeps the rows whose simulations finished', async ({ page, reproduce: r }) => {
  await r.app.open();
  await r.open();
  // Slow the CPU so that the 23 runs take long enough to cancel in between.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
  await r.runAll.click();
  await expect(r.progress).toBeVisible();
  await expect(r.status).toContainText(/^[1-9]\d* of 23 simulations done/, { timeout: 240_000 });
  // Some claims need several runs (HDD only's two searches): cancel once a
  // finished run has judged a row.
  const judged = async () =>
    (await r.rows()).filter((row) => row.scenarios.length > 0 && row.outcome.verdict !== 'pending').length;
  await expect.poll(judged, { timeout: 240_000 }).toBeGreaterThan(0);
  await r.cancel.click();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(r.status).toContainText(/^Cancelled after \d+ of 23 simulations/);
  const done = Number((await r.status.textContent())?.match(/after (\d+) of/)?.[1]);
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(23);
  // Finished runs stay judged; what they did not feed is still waiting.
  const pending = await r.idsWith('pending');
  expect(pending.length).toBeGreaterThan(0);
  const simulatedJudged = (await r.rows()).filter(
    (row) => row.scenarios.length > 0 && row.outcome.verdict !== 'pending',
  );
  expect(simulatedJudged.length).toBeGreaterThan(0);
  await expect(r.claim('mmsys11-streams-647')).toHaveAttribute('data-verdict', 'reproduced');
  await expect(r.runAll).toBeEnabled();
  await expect(r.cancel).toBeDisabled();
  // The pool is usable afterwards: a new Run all finishes every claim.
  await r.runAllToEnd();
});
