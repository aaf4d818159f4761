import { expect, test } from '@playwright/test';
import { ClassPage } from './pages/ClassPage';

test.describe('class mode', () => {
  test('a student cannot run before predicting, then sees prediction vs answer; locked inputs stay locked', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openLesson('disk-bandwidth');
    await expect(c.title).toHaveText('Disks run out of bandwidth before space');
    await expect(c.runButton).toBeDisabled();
    await expect(page.getByTestId('run-hint')).toContainText('Predict first');
    // Locked inputs are disabled and say so.
    const disks = c.input('tiers.disk.count');
    await expect(disks).toBeDisabled();
    await expect(disks).toHaveValue('2');
    await expect(page.getByTestId('locked-label').first()).toHaveText('locked');
    await disks.fill('9', { force: true }).catch(() => undefined);
    await expect(disks).toHaveValue('2');

    await c.predictNumber(60);
    await expect(c.runButton).toBeEnabled();
    await c.runAndReveal();
    await expect(page.getByTestId('your-prediction')).toHaveText('60 %');
    const answer = await page.getByTestId('the-answer').textContent();
    const simulated = Number(/([\d.]+) %/.exec(answer ?? '')?.[1]);
    expect(simulated).toBeGreaterThan(75);
    expect(simulated).toBeLessThan(92);
    await expect(page.getByTestId('grade')).toContainText('too low');
    await expect(page.getByTestId('explanation')).toContainText('292');
    // The prediction is locked once revealed, and survives a reload.
    await expect(page.getByTestId('prediction-number')).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('your-prediction')).toHaveText('60 %');
    await page.getByTestId('restart-button').click();
    await expect(page.getByTestId('reveal')).toHaveCount(0);
    await expect(c.runButton).toBeDisabled();
  });

  test('a sketch is drawn with the keyboard, then compared with the simulated curve; free inputs unlock after the reveal', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openLesson('interval-caching&step=2');
    await expect(c.stepTitle).toHaveText('The curve of Fig. 9');
    for (let i = 0; i < 5; i++) {
      await page.getByTestId(`sketch-handle-${i}`).focus();
      await page.keyboard.press('PageUp');
      if (i < 4) await expect(c.runButton).toBeDisabled();
    }
    await expect(page.getByTestId('sketch-handle-0')).toHaveAttribute('aria-valuenow', '180');
    await expect(c.input('workload.popularity.value')).toBeDisabled();
    await c.runAndReveal();
    await expect(page.getByTestId('outcome-chart').getByText('Your sketch')).toBeVisible();
    await expect(page.getByTestId('grade')).toContainText('per point on average');
    // The free input (the skew) unlocks; a run with the change shows beside the answer.
    const skew = c.input('workload.popularity.value');
    await expect(skew).toBeEnabled();
    await skew.fill('0.8');
    await page.getByTestId('class-run').click();
    await expect(page.getByTestId('explore-result')).toContainText('Your run:');
  });

  test('presenter view: P toggles, arrows navigate, the QR code of the lesson shows', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openAsTeacher('skew');
    await page.keyboard.press('p');
    await expect(page.getByTestId('presenter')).toBeVisible();
    await expect(page.getByTestId('lesson-qr')).toBeVisible();
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 1 of 2');
    await page.keyboard.press('p');
    await expect(page.getByTestId('presenter')).toHaveCount(0);
  });

  test('presenter at 1920×1080: the revealed curve sits beside the answer, fits the screen, and its ticks grow', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const c = new ClassPage(page);
    await c.openAsTeacher('skew&step=2');
    await page.keyboard.press('p');
    await expect(page.getByTestId('presenter')).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await page.getByTestId(`sketch-handle-${i}`).focus();
      await page.keyboard.press('PageUp');
    }
    await c.runAndReveal();
    const chart = await page.getByTestId('outcome-chart').boundingBox();
    const answer = await page.getByTestId('the-answer').boundingBox();
    expect(chart && answer).toBeTruthy();
    expect(chart!.x).toBeGreaterThan(answer!.x + answer!.width);
    expect(chart!.y).toBeLessThan(answer!.y + answer!.height);
    expect(chart!.y + chart!.height).toBeLessThanOrEqual(1080);
    const tick = await page.getByTestId('outcome-chart').locator('.ck-tick').first().boundingBox();
    expect(tick!.height).toBeGreaterThanOrEqual(16);
  });

  test('embed mode shows the lesson alone, and a mystery step runs before the prediction', async ({ page }) => {
    await page.goto('/#lesson=flash-capacity-bandwidth&step=2&embed');
    await expect(page.getByTestId('class-embed')).toBeVisible();
    await expect(page.getByTestId('step-title')).toHaveText('Mystery: the hidden bandwidth');
    await expect(page.getByTestId('present-button')).toHaveCount(0);
    await expect(page.getByTestId('input-devices[4].read_mbps')).toHaveValue('?');
    await page.getByTestId('class-run').click();
    await expect(page.getByTestId('observation')).toContainText('streams');
    await expect(page.getByTestId('reveal-button')).toBeDisabled();
    await page.getByTestId('prediction-number').fill('100');
    await page.getByTestId('reveal-button').click();
    await expect(page.getByTestId('the-answer')).toHaveText('100 MB/s');
    await expect(page.getByTestId('grade')).toContainText('exactly right');
  });

  test('a teacher authors a two-step lesson, copies its link, and a new page opens it identically', async ({ page, context }) => {
    const c = new ClassPage(page);
    await c.openTab();
    await page.getByTestId('authoring').locator('summary').click();
    await page.getByTestId('author-title').fill('My two-step lesson');
    await c.authorNumberStep('How many rejected?', 'What share of requests is rejected?', 10, 5);
    await c.authorChoiceStep('Pick one', 'Does the model serve more streams than it rejects?', ['Yes: it rejects fewer than half [0–50]', 'No: it rejects half or more [50–100]']);
    await expect(page.getByTestId('author-steps').locator('li')).toHaveCount(2);
    await page.getByTestId('author-share').click();
    const link = await page.getByTestId('author-link').inputValue();
    expect(link).toMatch(/#lesson=v2\.[0-9a-f]{8}\./);

    const other = await context.newPage();
    await other.goto(link);
    const o = new ClassPage(other);
    await expect(o.title).toHaveText('My two-step lesson');
    await expect(other.getByTestId('step-dot-1')).toBeVisible();
    await expect(other.getByTestId('step-dot-2')).toHaveCount(0);
    await expect(o.stepTitle).toHaveText('How many rejected?');
    await expect(other.getByTestId('class-step').getByText('What share of requests is rejected?')).toBeVisible();
    await expect(o.runButton).toBeDisabled();
    await other.getByTestId('next-step').click();
    await expect(o.stepTitle).toHaveText('Pick one');
    await expect(other.getByTestId('choice-c1')).toBeVisible();
    await expect(other.getByTestId('choice-c2')).toBeVisible();
  });

  test('three student codes pasted give a histogram with three answers', async ({ browser, page }) => {
    const codes: string[] = [];
    for (const v of [40, 70, 85]) {
      const ctx = await browser.newContext();
      const p = await ctx.newPage();
      const s = new ClassPage(p);
      await s.openLesson('disk-bandwidth');
      await s.predictNumber(v);
      await s.runAndReveal();
      // One question of three answered: the student hands in early.
      await s.handInEarly();
      codes.push(await s.studentCode());
      await ctx.close();
    }
    expect(new Set(codes).size).toBe(3);
    const t = new ClassPage(page);
    await t.openAsTeacher('disk-bandwidth');
    await t.pasteCodes(codes);
    await expect(page.getByTestId('class-count')).toHaveText('3 students read. 3 are partial (not every question answered).');
    await page.getByTestId('class-simulate').click();
    const hist = page.getByTestId('class-histogram');
    await expect(hist).toHaveAttribute('data-count', '3');
    const bars = await hist.getByTestId('histogram-bar').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-n'))));
    expect(bars.reduce((a, b) => a + b, 0)).toBe(3);
    await expect(hist.locator('.truth-label')).toContainText('simulated');
  });

  test('a tampered lesson link gives a message and the app still works', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openTab();
    await page.getByTestId('authoring').locator('summary').click();
    await page.getByTestId('author-title').fill('Tamper me');
    await c.authorNumberStep('Only step', 'A number?', 10, 5);
    await page.getByTestId('author-share').click();
    const link = await page.getByTestId('author-link').inputValue();
    // Change one character of the payload.
    const i = link.length - 10;
    const tampered = link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
    await page.goto('about:blank');
    await page.goto(tampered);
    await expect(page.getByTestId('lesson-link-error')).toContainText('could not be opened');
    // The app still works: a built-in lesson opens and the editor runs.
    await page.getByTestId('lesson-skew').click();
    await expect(c.title).toHaveText('Skew is everything');
    await page.getByTestId('tab-scenario').click();
    await expect(page.getByTestId('run-button')).toBeEnabled();
  });
});
