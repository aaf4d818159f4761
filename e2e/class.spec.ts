import { expect, pagesOf, test } from './fixtures';

test.describe('class mode', () => {
  test('a student cannot run before predicting, then sees prediction vs answer; locked inputs stay locked', async ({ page, classroom: c }) => {
    await c.openLesson('disk-bandwidth');
    await expect(c.title).toHaveText('Disks run out of bandwidth before space');
    await expect(c.runButton).toBeDisabled();
    await expect(c.runHint).toContainText('Predict first');
    // Locked inputs are disabled and say so.
    const disks = c.input('tiers.disk.count');
    await expect(disks).toBeDisabled();
    await expect(disks).toHaveValue('2');
    await expect(c.lockedLabel.first()).toHaveText('locked');
    await disks.fill('9', { force: true }).catch(() => undefined);
    await expect(disks).toHaveValue('2');

    await c.predictNumber(60);
    await expect(c.runButton).toBeEnabled();
    await c.runAndReveal();
    await expect(c.yourPrediction).toHaveText('60 %');
    const answer = await c.theAnswer.textContent();
    const simulated = Number(/([\d.]+) %/.exec(answer ?? '')?.[1]);
    expect(simulated).toBeGreaterThan(75);
    expect(simulated).toBeLessThan(92);
    await expect(c.grade).toContainText('too low');
    await expect(c.explanation).toContainText('292');
    // The prediction is locked once revealed, and survives a reload.
    await expect(c.predictionBox).toBeDisabled();
    await page.reload();
    await expect(c.yourPrediction).toHaveText('60 %');
    await c.restartButton.click();
    await expect(c.reveal).toHaveCount(0);
    await expect(c.runButton).toBeDisabled();
  });

  test('a sketch is drawn with the keyboard, then compared with the simulated curve; free inputs unlock after the reveal', async ({ page, classroom: c }) => {
    await c.openLesson('interval-caching&step=2');
    await expect(c.stepTitle).toHaveText('The curve of Fig. 9');
    for (let i = 0; i < 5; i++) {
      await c.sketchHandle(i).focus();
      await page.keyboard.press('PageUp');
      if (i < 4) await expect(c.runButton).toBeDisabled();
    }
    await expect(c.sketchHandle(0)).toHaveAttribute('aria-valuenow', '180');
    await expect(c.input('workload.popularity.value')).toBeDisabled();
    await c.runAndReveal();
    await expect(c.outcomeChart.getByText('Your sketch')).toBeVisible();
    await expect(c.grade).toContainText('per point on average');
    // The free input (the skew) unlocks; a run with the change shows beside the answer.
    const skew = c.input('workload.popularity.value');
    await expect(skew).toBeEnabled();
    await skew.fill('0.8');
    await c.runButton.click();
    await expect(c.exploreResult).toContainText('Your run:');
  });

  test('presenter view: P toggles, arrows navigate, the QR code of the lesson shows', async ({ page, classroom: c }) => {
    await c.openAsTeacher('skew');
    await page.keyboard.press('p');
    await expect(c.presenter).toBeVisible();
    await expect(c.lessonQr).toBeVisible();
    await expect(c.presenterCount).toHaveText('Step 1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(c.presenterCount).toHaveText('Step 2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(c.presenterCount).toHaveText('Step 1 of 2');
    await page.keyboard.press('p');
    await expect(c.presenter).toHaveCount(0);
  });

  test('presenter at 1920×1080: the revealed curve sits beside the answer, fits the screen, and its ticks grow', async ({ page, classroom: c }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await c.openAsTeacher('skew&step=2');
    await page.keyboard.press('p');
    await expect(c.presenter).toBeVisible();
    await c.raiseSketch(5);
    await c.runAndReveal();
    const chart = await c.outcomeChart.boundingBox();
    const answer = await c.theAnswer.boundingBox();
    expect(chart && answer).toBeTruthy();
    expect(chart!.x).toBeGreaterThan(answer!.x + answer!.width);
    expect(chart!.y).toBeLessThan(answer!.y + answer!.height);
    expect(chart!.y + chart!.height).toBeLessThanOrEqual(1080);
    const tick = await c.outcomeChart.locator('.ck-tick').first().boundingBox();
    expect(tick!.height).toBeGreaterThanOrEqual(16);
  });

  test('embed mode shows the lesson alone, and a mystery step runs before the prediction', async ({ page, classroom: c }) => {
    await page.goto('/#lesson=flash-capacity-bandwidth&step=2&embed');
    await expect(c.embed).toBeVisible();
    await expect(c.stepTitle).toHaveText('Mystery: the hidden bandwidth');
    await expect(c.presentButton).toHaveCount(0);
    await expect(c.input('devices[4].read_mbps')).toHaveValue('?');
    await c.runButton.click();
    await expect(c.observation).toContainText('streams');
    await expect(c.revealButton).toBeDisabled();
    await c.predictionBox.fill('100');
    await c.revealButton.click();
    await expect(c.theAnswer).toHaveText('100 MB/s');
    await expect(c.grade).toContainText('exactly right');
  });

  test('a teacher authors a two-step lesson, copies its link, and a new page opens it identically', async ({ classroom: c, newTab }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorTitle.fill('My two-step lesson');
    await c.authorNumberStep('How many rejected?', 'What share of requests is rejected?', 10, 5);
    await c.authorChoiceStep('Pick one', 'Does the model serve more streams than it rejects?', ['Yes: it rejects fewer than half [0–50]', 'No: it rejects half or more [50–100]']);
    await expect(c.authoredSteps).toHaveCount(2);
    const link = await c.shareLesson();
    expect(link).toMatch(/#lesson=v2\.[0-9a-f]{8}\./);

    const other = await newTab();
    await other.page.goto(link);
    const o = other.classroom;
    await expect(o.title).toHaveText('My two-step lesson');
    await expect(o.stepDot(1)).toBeVisible();
    await expect(o.stepDot(2)).toHaveCount(0);
    await expect(o.stepTitle).toHaveText('How many rejected?');
    await expect(o.classStep.getByText('What share of requests is rejected?')).toBeVisible();
    await expect(o.runButton).toBeDisabled();
    await o.nextStep.click();
    await expect(o.stepTitle).toHaveText('Pick one');
    await expect(o.choice('c1')).toBeVisible();
    await expect(o.choice('c2')).toBeVisible();
  });

  test('three student codes pasted give a histogram with three answers', async ({ browser, classroom: t }) => {
    const codes: string[] = [];
    for (const v of [40, 70, 85]) {
      const ctx = await browser.newContext();
      const s = pagesOf(await ctx.newPage()).classroom;
      await s.openLesson('disk-bandwidth');
      await s.predictNumber(v);
      await s.runAndReveal();
      // One question of three answered: the student hands in early.
      await s.handInEarly();
      codes.push(await s.studentCode());
      await ctx.close();
    }
    expect(new Set(codes).size).toBe(3);
    await t.openAsTeacher('disk-bandwidth');
    await t.pasteCodes(codes);
    await expect(t.count).toHaveText('3 students read. 3 are partial (not every question answered).');
    await t.simulateButton.click();
    const hist = t.histogram;
    await expect(hist).toHaveAttribute('data-count', '3');
    const bars = await hist.getByTestId('histogram-bar').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-n'))));
    expect(bars.reduce((a, b) => a + b, 0)).toBe(3);
    await expect(hist.locator('.truth-label')).toContainText('simulated');
  });

  test('a tampered lesson link gives a message and the app still works', async ({ page, app, classroom: c }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorTitle.fill('Tamper me');
    await c.authorNumberStep('Only step', 'A number?', 10, 5);
    const link = await c.shareLesson();
    // Change one character of the payload.
    const i = link.length - 10;
    const tampered = link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
    await page.goto('about:blank');
    await page.goto(tampered);
    await expect(c.lessonLinkError).toContainText('could not be opened');
    // The app still works: a built-in lesson opens and the editor runs.
    await c.lessonEntry('skew').click();
    await expect(c.title).toHaveText('Skew is everything');
    await app.openTab('scenario');
    await expect(app.runButton).toBeEnabled();
  });
});
