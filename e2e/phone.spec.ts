import { expect, test } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { TourPage } from './pages/TourPage';

test.use({ viewport: { width: 390, height: 844 } });

// On a phone the catalog folds and a sticky bar keeps Run, the progress and
// the headline results on screen while the editor is scrolled.
test('390×844: the catalog folds; after Run the headline results are on screen', async ({ page }) => {
  const app = new AppPage(page);
  const tour = new TourPage(page);
  await app.open();
  const catalog = page.getByTestId('device-catalog');
  await expect(catalog).toHaveAttribute('data-folded', 'true');
  await expect(page.getByTestId('device-row-0')).toBeHidden();
  await page.getByTestId('catalog-toggle').click();
  await expect(page.getByTestId('device-row-0')).toBeVisible();
  await page.getByTestId('catalog-toggle').click();
  await expect(page.getByTestId('device-row-0')).toBeHidden();

  await app.setField('run.duration_h', '2');
  await app.setField('run.replications', '2');
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByTestId('run-bar');
  await expect(bar).toBeInViewport();
  await page.getByTestId('runbar-run').click();
  await expect(page.getByTestId('runbar-results')).toBeVisible({ timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const id of ['runbar-rejection', 'runbar-hit', 'runbar-streams', 'runbar-spd']) {
    await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId(id)).toHaveText(/\d/);
  }
  // The bar's numbers are the results panel's.
  await expect(page.getByTestId('runbar-rejection')).toHaveText((await page.getByTestId('kpi-rejection_probability').textContent()) ?? '');
  await tour.shot('phone-after-run');

  await page.getByTestId('runbar-jump').click();
  await expect(page.locator('#results-title')).toBeInViewport();
  await expect(page.locator('#results-title')).toBeFocused();
  await tour.shot('phone-results');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`page height at 390×844 with results: ${height} px`);
});
