import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SIZES, TourPage, type Theme } from './pages/TourPage';

// Every view, with its results and charts shown, in both themes at both
// sizes: axe (all its rules, best practices included) finds nothing.
test('axe: 0 violations on every view, light and dark, 1280×800 and 390×844', async ({ page }) => {
  test.setTimeout(600_000);
  const tour = new TourPage(page);
  await tour.app.open();
  const found: string[] = [];
  for (const id of await tour.tabIds()) {
    const started = Date.now();
    const panel = await tour.openTab(id);
    await page.setViewportSize({ width: 1280, height: 800 });
    await tour.showResults(id);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const theme of ['light', 'dark'] as Theme[]) {
        await tour.setTheme(theme);
        await expect(panel).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        await tour.shot(`a11y-${id}-${size.name}-${theme}`);
        for (const v of violations) {
          found.push(`${id} ${size.name} ${theme}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
        }
      }
    }
    console.log(`${id}: results and 4 scans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  expect(found, found.join('\n')).toEqual([]);
});
