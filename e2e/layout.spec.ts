// Layout an architect can read (issue 50): at a desktop and a phone width no
// tab scrolls the page sideways, and no chart cuts off its axis tick labels.
// One short planner run first, so the Scenario tab shows its results and the
// other tabs the scenario they start from.
import { expect, test } from './fixtures';
import { SIZES } from './pages/TourPage';

for (const size of SIZES) {
  test(`every tab fits ${size.width}×${size.height}, with whole tick labels (${size.name})`, async ({ page, app, tour }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await app.open();
    await app.setField('run.duration_h', '1');
    await app.setField('run.replications', '2');
    await app.runToResults();
    await tour.shotOf(page.getByTestId('device-catalog'), `layout-catalog-${size.name}`);
    await tour.shotOf(app.results.locator('svg').first(), `layout-chart-${size.name}`);
    for (const id of await tour.tabIds()) {
      await tour.openTab(id);
      expect(await tour.overflowX(), `${id}: page wider than the window`).toBeLessThanOrEqual(0);
      const ticks = await tour.clippedTicks();
      expect(ticks.clipped, `${id}: tick labels cut off`).toEqual([]);
      // The Scenario tab's results draw charts: the check has labels to look at.
      if (id === 'scenario') expect(ticks.checked).toBeGreaterThan(0);
    }
  });
}
