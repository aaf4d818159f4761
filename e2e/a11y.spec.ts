import { expect, test } from './fixtures';
import { SIZES, type Theme } from './pages/TourPage';
import { axeViolations } from './pages/axe';

// Every view, with its results and charts shown, in both themes and at both
// sizes: axe (all its rules, best practices included) finds nothing. One
// test per view so the Playwright workers share the scans.
const VIEWS = ['scenario', 'sweeps', 'optimiser', 'flash', 'http', 'block', 'reproduce', 'logs', 'class'];

test.describe.configure({ mode: 'parallel' });

test('the axe scan finds what it is there to find: an image without text, a button without a name', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></html>');
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
});

test('the accessibility tour covers every tab of the app', async ({ tour }) => {
  await tour.app.open();
  expect(await tour.tabIds()).toEqual(VIEWS);
});

for (const id of VIEWS) {
  test(`axe: 0 violations on the ${id} view, light and dark, 1280×800 and 390×844`, async ({ page, tour }) => {
    test.setTimeout(450_000);
    await tour.app.open();
    const found: string[] = [];
    await tour.prepare(id);
    const panel = await tour.openTab(id);
    await page.setViewportSize({ width: 1280, height: 800 });
    await tour.showResults(id);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // Both themes at the first size, the phone in the dark one: a theme changes colours and a size the
      // layout, so three scans cover both.
      for (const theme of (size === SIZES[0] ? ['light', 'dark'] : ['dark']) as Theme[]) {
        await tour.setTheme(theme);
        await expect(panel).toBeVisible();
        const violations = await axeViolations(page);
        await tour.shot(`a11y-${id}-${size.name}-${theme}`);
        for (const v of violations) {
          found.push(`${id} ${size.name} ${theme}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
