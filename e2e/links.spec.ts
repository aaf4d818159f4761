// Shareable scenarios: the URL carries the scenario (versioned, compressed),
// history steps through edits, damaged links give a message, the autosave
// restores after a reload, presets open by name with modified/Reset.
import { expect, optionalShot, pagesOf, test, type Page } from './fixtures';
import type { LinksPage } from './pages/LinksPage';

const shot = (page: Page, name: string) => optionalShot(page, 'url', name);

/** A quick scenario: fewer, shorter replications so both pages run it fast. */
async function editQuick(app: LinksPage): Promise<void> {
  await app.setField('workload.videos', '280');
  await app.setField('workload.arrival_rate', '0.75');
  await app.setField('run.duration_h', '2');
  await app.setField('run.replications', '2');
  await app.setField('run.seed', '42');
  await app.waitValid();
}

test.describe(() => {
  // Permissions are set on the context: a context of its own keeps them from the next test.
  test.use({ freshContext: 'clipboard permissions granted on the context' });

  test('a copied link opens the same scenario in a new page, with the same results', async ({ page, context, links: app, newTab }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await app.open();
    await editQuick(app);
    const url = await app.copyLink();
    expect(url).toMatch(/#v1\.[0-9a-f]{8}\./);
    expect(url.length).toBeLessThan(2000);
    await expect(page.getByText(/Copied to the clipboard/)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await app.runToResults();
    const result = await app.result();

    const other = (await newTab()).links;
    await other.page.goto(url);
    await other.waitValid();
    await expect(other.notice).toContainText('Opened the scenario in the link');
    expect(await other.formValues()).toEqual(await app.formValues());
    expect(await other.scenario()).toEqual(await app.scenario());
    // The link offers its results: one click runs it.
    await expect(other.notice).toContainText('Run it to see its results');
    await other.noticeAction.click();
    await expect(other.results).toBeVisible({ timeout: 120_000 });
    expect(await other.result()).toEqual(result);
    expect(problems).toEqual([]);
  });
});

test('a damaged link shows what is wrong and the app keeps working', async ({ page, links: app, newTab }) => {
  await app.open();
  await app.setField('workload.arrival_rate', '0.5');
  await app.waitValid();
  await expect.poll(() => app.autosaved()).toContain('"arrival_rate":0.5');
  const good = await app.copyLink();
  const hash = good.slice(good.indexOf('#'));

  // Truncated: the last good scenario (the autosave of this browser) is kept.
  const fresh = (await newTab()).links;
  await fresh.goto(hash.slice(0, hash.length - 40));
  await expect(fresh.notice).toContainText("the link's data is truncated or corrupted");
  await expect(fresh.notice).toHaveAttribute('data-tone', 'error');
  await expect(fresh.field('workload.arrival_rate')).toHaveValue('0.5');
  await shot(fresh.page, 'message-truncated');
  await fresh.page.close();

  // A newer link format, in a browser without an autosave: the default scenario.
  const clean = pagesOf(await (await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 } })).newPage()).links;
  await clean.goto(hash.replace('#v1.', '#v7.'));
  await expect(clean.notice).toContainText('the link was made by a newer version of tierplan (link format v7; this app reads up to v1)');
  await expect(clean.field('workload.arrival_rate')).toHaveValue('1');
  await shot(clean.page, 'message-newer-390');
  // Still usable: it runs.
  await clean.setField('run.duration_h', '1');
  await clean.runToResults();
  await clean.page.context().close();

  // A scenario the core reads but refuses (legacy v0 link, made by hand): a
  // draft, opened as it is with its field-named messages, to be fixed.
  const scenario = await app.scenario();
  scenario.workload.arrival_rate = -1;
  scenario.run.replications = 0;
  await page.goto(`/#s=${Buffer.from(JSON.stringify(scenario)).toString('base64url')}`);
  await expect(app.notice).toContainText('The scenario in the link is a draft with 2 problems');
  await expect(app.notice).toContainText('workload.arrival_rate: -1 is out of range: must be 0 < value ≤ 1000 requests/s');
  await expect(app.noticeErrors).toContainText('run.replications');
  await expect(app.field('workload.arrival_rate')).toHaveValue('-1');
  await expect(app.error('workload.arrival_rate')).toContainText('out of range');
  await shot(page, 'message-field-errors');
  await app.setField('workload.arrival_rate', '0.5');
  await app.setField('run.replications', '2');
  await app.setField('run.duration_h', '1');
  await app.runToResults();
  await app.dismissNotice();
  await expect(app.notice).toHaveCount(0);
});

test('back and forward step through edits', async ({ page, links: app }) => {
  await app.open();
  const h0 = await app.hash();
  expect(h0).toMatch(/^#v1\./);
  // One edit per history entry, each waited for: whether two quick edits
  // share an entry depends on how fast they were typed, which a test on a
  // busy machine cannot promise.
  await app.setField('workload.videos', '280');
  const h1 = await app.waitUrlChangedFrom(h0);
  await app.setField('workload.arrival_rate', '0.9');
  const h2 = await app.waitUrlChangedFrom(h1);
  await page.goBack();
  await expect(app.field('workload.videos')).toHaveValue('280');
  await expect(app.field('workload.arrival_rate')).toHaveValue('1');
  await page.goBack();
  await expect(app.field('workload.videos')).toHaveValue('300');
  await page.goForward();
  await expect(app.field('workload.videos')).toHaveValue('280');
  await page.goForward();
  await expect(app.field('workload.videos')).toHaveValue('280');
  await expect(app.field('workload.arrival_rate')).toHaveValue('0.9');
  // Restoring an entry does not add one: the URL is that entry's.
  await page.waitForTimeout(800);
  expect(await app.hash()).toBe(h2);
  await app.waitValid();
});

test('the autosave restores after a reload; a link wins over it; a corrupted one is reported', async ({ links: app, newTab }) => {
  await app.open();
  await app.setField('workload.videos', '333');
  await expect.poll(() => app.autosaved()).toContain('"videos":333');

  // A new tab of the same browser, without a link: the autosave.
  const again = (await newTab()).links;
  await again.goto();
  await expect(again.notice).toContainText('Restored the scenario autosaved in this browser');
  await expect(again.root).toHaveAttribute('data-restored', 'autosave');
  await expect(again.field('workload.videos')).toHaveValue('333');
  await shot(again.page, 'restored-autosave');

  // A link wins over the autosave.
  await again.page.goto('/#preset=mmsys11-cost-hdd');
  await again.page.reload();
  await expect(again.root).toHaveAttribute('data-restored', 'link');
  await expect(again.field('workload.videos')).toHaveValue('300');
  await expect(again.presetStatus).toHaveAttribute('data-preset', 'mmsys11-cost-hdd');

  // A corrupted autosave: reported, ignored, removed. (Corrupted only once the
  // link's scenario has been autosaved: that debounced write, landing later,
  // would replace the corrupted entry under a loaded machine.)
  await expect.poll(() => again.autosaved()).toContain('"videos":300');
  await again.page.evaluate(() => localStorage.setItem('tierplan.autosave', '{"scenario": {"version": 1, "workl'));
  await again.goto();
  await expect(again.notice).toContainText('The autosaved scenario in this browser could not be read: the entry is corrupted (not JSON); it was ignored.');
  await expect(again.root).toHaveAttribute('data-restored', 'default');
  await expect(again.field('workload.videos')).toHaveValue('300');
  await shot(again.page, 'message-autosave-corrupted');
  await again.waitValid();
});

test('a link opened over unsaved work keeps that work restorable', async ({ links: app, newTab }) => {
  await app.open();
  await app.setField('workload.videos', '333');
  await expect.poll(() => app.autosaved()).toContain('"videos":333');

  // A shared link in a new tab of the same browser: the link wins, the work is kept.
  const other = (await newTab()).links;
  await other.goto('#preset=mmsys11-cost-hdd');
  await expect(other.root).toHaveAttribute('data-restored', 'link');
  await expect(other.field('workload.videos')).toHaveValue('300');
  await expect(other.notice).toContainText('Your previous scenario');
  await expect(other.notice).toContainText('was kept');
  // The link's scenario becomes the autosave; the previous one is still kept aside.
  await expect.poll(() => other.autosaved()).toContain('"videos":300');
  expect(await other.page.evaluate(() => localStorage.getItem('tierplan.kept'))).toContain('"videos":333');
  await shot(other.page, 'link-kept-work');

  await other.noticeAction.click();
  await expect(other.field('workload.videos')).toHaveValue('333');
  await expect(other.notice).toContainText('Restored your previous scenario');
  await expect.poll(() => other.autosaved()).toContain('"videos":333');
  // Back returns to the link's scenario.
  await other.page.goBack();
  await expect(other.field('workload.videos')).toHaveValue('300');
});

test('presets open by name; modified marker and Reset; the link keeps the preset', async ({ page, links: app, newTab }) => {
  await app.goto('#preset=nossdav12-object-cache');
  await expect(app.presetStatus).toHaveAttribute('data-preset', 'nossdav12-object-cache');
  await expect(app.presetStatus).toContainText('Object-level LFU on a 60 GB flash cache');
  await expect(app.presetMarker('unmodified')).toBeVisible();
  await expect(app.presetReset).toBeDisabled();
  await expect(app.field('workload.popularity.value')).toHaveValue('0.271');
  await app.waitValid();
  await shot(page, 'preset-unmodified');

  await app.setField('workload.videos', '250');
  await expect(app.presetMarker('modified')).toBeVisible();
  await app.waitValid();
  const url = await app.copyLink();
  await shot(page, 'preset-modified');
  const mobile = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 } });
  const small = pagesOf(await mobile.newPage()).links;
  await small.page.goto(url);
  await expect(small.presetMarker('modified')).toBeVisible();
  await small.shareLink.click();
  await shot(small.page, 'preset-modified-390');
  await mobile.close();

  // The copied link remembers the preset, so the other page also says "modified" and can reset.
  const other = (await newTab()).links;
  await other.page.goto(url);
  await expect(other.presetStatus).toHaveAttribute('data-modified', 'true');
  await other.presetReset.click();
  await expect(other.field('workload.videos')).toHaveValue('300');
  await expect(other.presetMarker('unmodified')).toBeVisible();

  // Loading another preset from the picker marks that one.
  await app.loadPreset('hyssc-slc-tlc');
  await expect(app.presetStatus).toHaveAttribute('data-preset', 'hyssc-slc-tlc');
  await expect(app.presetMarker('unmodified')).toBeVisible();
});

test('a scenario file that the core refuses shows the field-named messages', async ({ page, links: app }) => {
  await app.open();
  const s = await app.scenario();
  s.workload.videos = 0;
  s.devices[0].price = -5;
  await app.openScenarioFile('broken.json', JSON.stringify(s));
  await expect(app.notice).toContainText('broken.json could not be read. The core reports:');
  await expect(app.noticeErrors).toContainText('workload.videos');
  await expect(app.noticeErrors).toContainText('devices[0].price');
  await expect(app.field('workload.videos')).toHaveValue('300');
  await shot(page, 'message-file');
  await app.openScenarioFile('notjson.json', '{"version": 1,');
  await expect(app.notice).toContainText('notjson.json does not hold a readable scenario: it is not JSON');
  await app.waitValid();
});

test('an invalid draft is kept: after a reload (its link) and in a new tab (the autosave) it is back with its messages', async ({ page, links: app, newTab }) => {
  await app.open();
  const before = await app.hash();
  // Two edits the core refuses: no replication, and a library the disks cannot hold.
  await app.setField('run.replications', '0');
  await app.setField('workload.videos', '90000');
  await expect(app.error('run.replications')).toContainText('out of range');
  await expect(app.error('tiers.disk.count')).toContainText('the library needs');
  await expect(app.runButton).toBeDisabled();
  // The URL and the autosave follow the draft all the same.
  await app.waitUrlChangedFrom(before);
  await expect.poll(() => app.autosaved()).toContain('"videos":90000');
  await shot(page, 'draft-invalid-edited');

  await page.reload();
  await expect(app.root).toHaveAttribute('data-valid', 'false');
  await expect(app.field('run.replications')).toHaveValue('0');
  await expect(app.field('workload.videos')).toHaveValue('90000');
  await expect(app.error('run.replications')).toContainText('out of range');
  await expect(app.error('tiers.disk.count')).toContainText('the library needs');
  await expect(app.notice).toContainText('The scenario in the link is a draft with 2 problems, restored as it was');
  await shot(page, 'draft-invalid-reloaded');

  // A new tab of the same browser, without the link: the autosaved draft.
  const other = (await newTab()).links;
  await other.goto();
  await expect(other.field('run.replications')).toHaveValue('0');
  await expect(other.error('tiers.disk.count')).toContainText('the library needs');
  await expect(other.notice).toContainText('The autosaved scenario is a draft with 2 problems');
  await shot(other.page, 'draft-invalid-autosave');

  // Fixing the fields makes it a scenario again.
  await other.setField('run.replications', '2');
  await other.setField('workload.videos', '300');
  await other.waitValid();
});

test("the optimiser's target travels in the link and comes back", async ({ page, links: app, newTab }) => {
  await app.open();
  const before = await app.hash();
  await app.openTab('optimiser');
  const target = app.field('optimize.target');
  await expect(target).toHaveValue('1');
  await target.fill('2.5');
  const withTarget = await app.waitUrlChangedFrom(before);
  // Kept across tabs (the app holds it, not the tab).
  await app.openTab('scenario');
  await app.openTab('optimiser');
  await expect(app.field('optimize.target')).toHaveValue('2.5');
  await shot(page, 'optimiser-target-set');

  // A new page opened on the link shows the same target.
  const other = (await newTab()).app;
  await other.page.goto(`/${withTarget}`);
  await expect(other.root).toHaveAttribute('data-valid', 'true');
  await other.openTab('optimiser');
  await expect(other.field('optimize.target')).toHaveValue('2.5');
  await shot(other.page, 'optimiser-target-restored');

  // A target typed out of range stays in its field with its message; the link keeps the last valid one.
  await target.fill('200');
  await expect(app.error('optimize.target')).toContainText('out of range');
  await expect.poll(() => app.hash()).toBe(before);
  // Back to the default (1 %), the link is the one without a target again.
  await target.fill('1');
  await expect.poll(() => app.hash()).toBe(before);
  await target.fill('2.5');
  await expect.poll(() => app.hash()).toBe(withTarget);
  // Back steps to the entry without a target: the field follows.
  await page.goBack();
  await expect.poll(() => app.hash()).toBe(before);
  await expect(app.field('optimize.target')).toHaveValue('1');
});
