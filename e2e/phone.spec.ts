import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, freshContext: "a phone's viewport for the whole context" });

// On a phone the catalog folds and a sticky bar keeps Run, the progress and
// the headline results on screen while the editor is scrolled.
test('390×844: the catalog folds; after Run the headline results are on screen', async ({ page, app, tour }) => {
  await app.open();
  const catalog = app.catalog;
  await expect(catalog).toHaveAttribute('data-folded', 'true');
  await expect(app.deviceRow(0)).toBeHidden();
  await app.catalogToggle.click();
  await expect(app.deviceRow(0)).toBeVisible();
  await app.catalogToggle.click();
  await expect(app.deviceRow(0)).toBeHidden();

  await app.setField('run.duration_h', '2');
  await app.setField('run.replications', '2');
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = app.runBar;
  await expect(bar).toBeInViewport();
  await app.runBarPart('run').click();
  await expect(app.runBarPart('results')).toBeVisible({ timeout: 120_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const id of ['rejection', 'hit', 'streams', 'spd']) {
    await expect(app.runBarPart(id)).toBeInViewport({ ratio: 1 });
    await expect(app.runBarPart(id)).toHaveText(/\d/);
  }
  // The bar's numbers are the results panel's.
  await expect(app.runBarPart('rejection')).toHaveText((await app.kpi('rejection_probability').textContent()) ?? '');
  await tour.shot('phone-after-run');

  await app.runBarPart('jump').click();
  await expect(app.resultsTitle).toBeInViewport();
  await expect(app.resultsTitle).toBeFocused();
  await tour.shot('phone-results');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`page height at 390×844 with results: ${height} px`);
});
