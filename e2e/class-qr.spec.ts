import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, pagesOf, test, type Page } from './fixtures';

// A teacher's own lesson reaches phones (issue 25): its link fits one QR code
// at medium error correction, and the code in the presenter view, read back
// from the screen's pixels by an independent decoder (jsQR), opens the same
// lesson on a fresh page. Old (v1) lesson links keep opening.

/** The text of the QR code in the screenshot of `sel`, decoded by jsQR from its pixels. */
async function readQr(page: Page, sel: string): Promise<string | null> {
  const png = PNG.sync.read(await page.locator(sel).screenshot());
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

test('a two-step authored lesson gets a scannable QR code in presenter view that opens the identical lesson', async ({ page, browser, classroom: c }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await c.openTab();
  await c.openAuthoring();
  await c.authorTitle.fill('Caching a popular library');
  await c.authorNumberStep('How many are turned away?', 'What share of requests is rejected with the SSD cache in front of the disks?', 10, 5);
  await c.authorChoiceStep('More or less?', 'How many requests are turned away?', ['Fewer than half [0–50]', 'Half or more [50–100]']);
  await expect(c.authoredSteps).toHaveCount(2);
  const link = await c.shareLesson();
  expect(link).toMatch(/#lesson=v2\.[0-9a-f]{8}\./);
  await expect(c.authorLinkFits).toBeVisible();
  // Served on 127.0.0.1 here: the author is told phones cannot open the link.
  await expect(c.qrUnreachable).toContainText('127.0.0.1');
  // "Present" opens the authored lesson in the presenter view (no &present typed by hand).
  await c.authorPresent.click();
  await expect(c.presenter).toHaveAttribute('aria-label', 'Presenter view: Caching a popular library');
  await expect(c.presenterCount).toHaveText('Step 1 of 2');
  await expect(c.presenter.getByTestId('qr-unreachable')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(c.presenter).toHaveCount(0);

  // The teacher projects it: presenter view, the code beside the step, Q for full screen.
  await page.goto(`${link}&teacher`);
  // The link changes only the fragment: the page handles it after goto
  // returns, so P is pressed once the lesson is open for the teacher.
  await expect(c.title).toHaveText('Caching a popular library');
  await expect(c.presentButton).toBeVisible();
  await page.keyboard.press('p');
  await expect(c.presenter.getByTestId('lesson-qr')).toBeVisible();
  await expect(c.qrTooLong).toHaveCount(0);
  await page.keyboard.press('q');
  await expect(c.qrFull).toBeVisible();
  const full = await c.qrFull.locator('svg').boundingBox();
  expect(full!.height).toBeGreaterThan(800);
  const decoded = await readQr(page, '[data-testid="qr-full"] svg');
  // Escape closes the full-screen code and leaves the presenter view open.
  await page.keyboard.press('Escape');
  await expect(c.qrFull).toHaveCount(0);
  await expect(c.presenter).toBeVisible();
  // The code carries the shared link exactly (student view: no &teacher).
  expect(decoded).toBe(link);

  // What the teacher's step shows (out of the presenter view): the scenario's inputs.
  await page.keyboard.press('Escape');
  await expect(c.presenter).toHaveCount(0);
  const paths = ['workload.arrival_rate', 'workload.popularity.value', 'tiers.disk.count'];
  // The step's scenario is read from the core (its preset) after the step mounts.
  for (const p of paths) await expect(c.input(p)).not.toHaveValue('');
  const teacherValues = await Promise.all(paths.map((p) => c.input(p).inputValue()));

  // A phone opens the decoded link on a fresh page: the same lesson, step by step.
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await ctx.newPage();
  await phone.goto(decoded!);
  const s = pagesOf(phone).classroom;
  await expect(s.student).toBeVisible();
  await expect(s.title).toHaveText('Caching a popular library');
  await expect(s.stepDot(1)).toBeVisible();
  await expect(s.stepDot(2)).toHaveCount(0);
  await expect(s.stepTitle).toHaveText('How many are turned away?');
  await expect(phone.getByText('What share of requests is rejected with the SSD cache in front of the disks?')).toBeVisible();
  // The editor's default scenario came back: its inputs carry the same values the teacher saw.
  for (const [i, path] of paths.entries()) await expect(s.input(path)).toHaveValue(teacherValues[i]);
  await s.nextStep.click();
  await expect(s.stepTitle).toHaveText('More or less?');
  await expect(s.choice('c1')).toBeVisible();
  await expect(s.choice('c2')).toBeVisible();
  await ctx.close();
});

test('an old-format (v1) lesson link still opens', async ({ page, classroom: c }) => {
  const ref = readFileSync('e2e/fixtures/lesson-link-v1.txt', 'utf8').trim();
  expect(ref.startsWith('v1.')).toBe(true);
  await page.goto(`/#lesson=${ref}`);
  await expect(c.student).toBeVisible();
  await expect(c.title).toHaveText('An old lesson link (v1)');
  await expect(c.stepTitle).toHaveText('Rejections with the default scenario');
  await expect(c.lessonLinkError).toHaveCount(0);
});
