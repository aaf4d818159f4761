// Nothing lost, nothing stale: text typed in a field that the scenario
// cannot hold comes back as typed after a reload and through its link in
// another browser, with its message and the rest of the plan; a preset
// loaded over an edited plan offers Undo; results say when the form has
// moved on from them, and what changed.
import { expect, optionalShot, pagesOf, test, type Page } from './fixtures';
import type { LinksPage } from './pages/LinksPage';

const shot = (page: Page, name: string) => optionalShot(page, 'drafts', name);

/** The draft as typed, its messages in the form's words, and the rest of the plan. */
async function expectDraft(app: LinksPage): Promise<void> {
  await expect(app.field('tiers.file_cache.count')).toHaveValue('-3');
  await expect(app.error('tiers.file_cache.count')).toHaveText('SSD count: a whole number ≥ 0');
  await expect(app.field('run.replications')).toHaveValue('abc');
  await expect(app.error('run.replications')).toHaveText('Replications: a whole number ≥ 0');
  await expect(app.field('workload.videos')).toHaveValue('280');
  await expect(app.field('name')).toHaveValue('my draft');
  await expect(app.runButton).toBeDisabled();
  await expect(app.notice).toContainText('is a draft');
}

test('text a count cannot hold is kept as typed: after a reload and in a new browser, with its message and the plan', async ({ page, links: app }) => {
  await app.open();
  const before = await app.hash();
  await app.setField('name', 'my draft');
  await app.setField('workload.videos', '280');
  await app.setField('tiers.file_cache.count', '-3');
  await app.setField('run.replications', 'abc');
  await expect(app.error('tiers.file_cache.count')).toHaveText('SSD count: a whole number ≥ 0');
  await expect(app.error('run.replications')).toHaveText('Replications: a whole number ≥ 0');
  await app.waitUrlChangedFrom(before);
  await expect.poll(() => app.autosaved()).toContain('"run.replications":"abc"');
  await expect.poll(() => app.hash()).not.toBe(before);
  await shot(page, 'draft-typed');
  // Another tab and back: the texts are the plan's, not the fields'.
  await app.openTab('logs');
  await app.openTab('scenario');
  await expect(app.field('tiers.file_cache.count')).toHaveValue('-3');
  await expect(app.field('run.replications')).toHaveValue('abc');

  await page.reload();
  await expectDraft(app);
  await shot(page, 'draft-reloaded');

  // Its link in another browser (no autosave there), on a phone's screen.
  const url = page.url();
  const ctx = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 } });
  const other = pagesOf(await ctx.newPage()).links;
  await other.page.goto(url);
  await expectDraft(other);
  await shot(other.page, 'draft-new-context-390');
  await ctx.close();

  // Fixed, it runs.
  await app.setField('tiers.file_cache.count', '2');
  await app.setField('run.replications', '2');
  await expect(app.error('tiers.file_cache.count')).toHaveCount(0);
  await app.waitValid();
});

test('a preset loaded over an edited plan offers Undo, with the keyboard on it', async ({ page, links: app }) => {
  await app.open();
  await app.setField('workload.videos', '250');
  await app.setField('run.seed', 'x1');
  await page.getByTestId('preset-select').selectOption('hyssc-slc-tlc');
  await page.getByTestId('preset-load').focus();
  await page.keyboard.press('Enter');
  await expect(app.presetStatus).toHaveAttribute('data-preset', 'hyssc-slc-tlc');
  await expect(app.notice).toContainText('It replaced the plan you had');
  await expect(app.noticeAction).toBeFocused();
  await shot(page, 'preset-undo');
  await page.keyboard.press('Enter');
  await expect(app.field('workload.videos')).toHaveValue('250');
  await expect(app.field('run.seed')).toHaveValue('x1');
  await expect(app.notice).toContainText('Your plan is back as it was');
});

test('results whose scenario differs from the form are marked stale and say what changed; Run again clears it', async ({ page, links: app }) => {
  await app.open();
  await app.setField('workload.videos', '280');
  await app.setField('run.duration_h', '1');
  await app.setField('run.replications', '1');
  await app.runToResults();
  await expect(app.results).toHaveAttribute('data-stale', 'false');
  await expect(app.staleNote).toHaveCount(0);

  await app.setField('workload.videos', '290');
  await expect(app.results).toHaveAttribute('data-stale', 'true');
  await expect(app.staleChanges).toHaveText('Videos in the library');
  // For screen readers: a status note, and the results described by it.
  await expect(app.staleNote).toHaveAttribute('role', 'status');
  await expect(app.results).toHaveAttribute('aria-describedby', 'results-stale');
  await app.setField('run.seed', 'abc');
  await expect(app.staleChanges).toHaveText('Videos in the library, Seed');
  await expect(app.page.getByTestId('results-run-again')).toBeDisabled();
  await app.setField('run.seed', '7');
  await expect(app.staleChanges).toHaveText('Seed, Videos in the library');
  await app.staleNote.scrollIntoViewIfNeeded();
  await shot(page, 'results-stale');
  await page.setViewportSize({ width: 390, height: 844 });
  await app.staleNote.scrollIntoViewIfNeeded();
  await shot(page, 'results-stale-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await app.waitValid();
  await app.runAgain();
  await expect(app.staleNote).toHaveCount(0);
});
