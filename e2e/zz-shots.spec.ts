import { expect, test } from '@playwright/test';
import { FlashPage } from './pages/FlashPage';
for (const [w, h] of [[1280, 800], [390, 844]]) {
  test(`shots ${w}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: w, height: h });
    const f = new FlashPage(page);
    await f.app.open();
    await f.app.loadPreset('hyssc-slc-tlc');
    await f.app.waitValid();
    await f.open();
    await f.runScenario();
    await f.compareRun.click();
    await expect(f.compareTable).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('cost-optimum-u')).toHaveText('0.92', { timeout: 30_000 });
    await expect(page.getByTestId('wa-table')).toBeVisible();
    await page.getByTestId('flash-scenario').screenshot({ path: `/tmp/shots/flashui/scenario-${w}.png` });
    await page.getByTestId('flash-compare').screenshot({ path: `/tmp/shots/flashui/compare-${w}.png` });
    await page.getByTestId('wa-panel').screenshot({ path: `/tmp/shots/flashui/wa-${w}.png` });
    await page.getByTestId('cost-model').screenshot({ path: `/tmp/shots/flashui/cost-${w}.png` });
    await page.screenshot({ path: `/tmp/shots/flashui/page-${w}.png` });
    await f.backToEditor();
    await page.getByTestId('device-catalog').screenshot({ path: `/tmp/shots/flashui/catalog-${w}.png` });
    await page.getByTestId('architecture-section').screenshot({ path: `/tmp/shots/flashui/arch-${w}.png` });
  });
}
