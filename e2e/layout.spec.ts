// Layout an architect can read (issue 50): at a desktop and a phone width no
// tab scrolls the page sideways, and no chart cuts off its axis tick labels.
// One short planner run first, so the Scenario tab shows its results and the
// other tabs the scenario they start from.
import { expect, test } from './fixtures';
import { SIZES } from './pages/TourPage';

// One page for both sizes: the planner run and what each tab computes as it opens (the flash tab's
// write-amplification simulator, the cost model) do not depend on the viewport, so they run once;
// each tab is then looked at at the phone width and at the desktop one.
test('every tab fits 1280×800 and 390×844, with whole tick labels', async ({ page, app, tour }) => {
  await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
  await app.open();
  await app.setField('run.duration_h', '1');
  await app.setField('run.replications', '2');
  await app.runToResults();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await tour.shotOf(page.getByTestId('device-catalog'), `layout-catalog-${size.name}`);
    await tour.shotOf(app.results.locator('svg').first(), `layout-chart-${size.name}`);
  }
  for (const id of await tour.tabIds()) {
    await tour.openTab(id);
    for (const size of [...SIZES].reverse()) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const at = `${id} at ${size.width}×${size.height}`;
      // A chart sized by the app (not by CSS alone) follows the new width a frame later: wait for the
      // page to settle rather than read the width in between (a page that never fits still fails).
      await expect.poll(() => tour.overflowX(), `${at}: page wider than the window`).toBeLessThanOrEqual(0);
      const ticks = await tour.clippedTicks();
      expect(ticks.clipped, `${at}: tick labels cut off`).toEqual([]);
      // The Scenario tab's results draw charts: the check has labels to look at.
      if (id === 'scenario') expect(ticks.checked).toBeGreaterThan(0);
    }
  }
});
