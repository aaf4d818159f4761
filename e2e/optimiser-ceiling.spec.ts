// The optimiser's peak-utilisation ceiling in a link: typed in percent,
// carried by the URL, restored on a new page and on Back.
import { expect, test } from '@playwright/test';
import { LinksPage } from './pages/LinksPage';

test("the optimiser's ceiling travels in the link and comes back", async ({ page, context }, info) => {
  const app = new LinksPage(page);
  await app.open();
  const before = await app.hash();
  await page.getByTestId('tab-optimiser').click();
  const ceiling = page.getByTestId('field-optimize.max_peak_utilisation');
  // Blank: the core's default, the Planner's warning threshold.
  await expect(ceiling).toHaveValue('');
  await expect(ceiling).toHaveAttribute('placeholder', 'default: 90');
  await ceiling.fill('80');
  const withCeiling = await app.waitUrlChangedFrom(before);
  await page.screenshot({ path: info.outputPath('optimiser-ceiling-set.png') });

  const other = await context.newPage();
  await other.goto(`/${withCeiling}`);
  await expect(other.getByTestId('app')).toHaveAttribute('data-valid', 'true');
  await other.getByTestId('tab-optimiser').click();
  await expect(other.getByTestId('field-optimize.max_peak_utilisation')).toHaveValue('80');

  // Back to the entry without one: the field is blank again.
  await page.goBack();
  await expect.poll(() => app.hash()).toBe(before);
  await expect(ceiling).toHaveValue('');
});
