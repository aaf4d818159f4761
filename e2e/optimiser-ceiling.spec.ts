// The optimiser's peak-utilisation ceiling in a link: typed in percent,
// carried by the URL, restored on a new page and on Back.
import { expect, test } from './fixtures';
import { lookAt } from './pages/look';

test("the optimiser's ceiling travels in the link and comes back", async ({ page, newTab, links: app, optimiser }) => {
  await app.open();
  const before = await app.hash();
  await app.openTab('optimiser');
  const ceiling = optimiser.field('optimize.max_peak_utilisation');
  // Blank: the core's default, the Planner's warning threshold.
  await expect(ceiling).toHaveValue('');
  await expect(ceiling).toHaveAttribute('placeholder', 'default: 90');
  await ceiling.fill('80');
  const withCeiling = await app.waitUrlChangedFrom(before);
  await lookAt(page, 'optimiser-ceiling-set');

  const other = await newTab();
  await other.links.goto(withCeiling);
  await expect(other.app.root).toHaveAttribute('data-valid', 'true');
  await other.app.openTab('optimiser');
  await expect(other.optimiser.field('optimize.max_peak_utilisation')).toHaveValue('80');

  // Back to the entry without one: the field is blank again.
  await page.goBack();
  await expect.poll(() => app.hash()).toBe(before);
  await expect(ceiling).toHaveValue('');
});
