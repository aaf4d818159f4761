import { axeViolations } from './pages/axe';
import { expect, pagesOf, test } from './fixtures';
import { CHOICES, pastedCodes } from '../tests/helpers/class-codes';

// Class mode in front of a class (issue 25): a presenter view that cannot be
// derailed, and a student link that shows the student's side only.
test.describe('class mode in a lecture hall', () => {
  test('presenter view: Tab never leaves it, R runs from the answer box, Escape leaves the field then the view', async ({ page, classroom: c }) => {
    await c.openAsTeacher('disk-bandwidth');
    await page.keyboard.press('p');
    const presenter = c.presenter;
    await expect(presenter).toBeVisible();
    // The app behind is inert while the presenter view is open.
    await expect(c.appBehind).toHaveAttribute('inert', '');

    // Forty Tabs (more than the presenter has controls, so focus wraps) and forty Shift+Tabs: focus never lands in the app.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        const where = await page.evaluate(() => {
          const a = document.activeElement;
          return { inApp: !!a && !!document.getElementById('root')?.contains(a), inPresenter: !!a && !!document.querySelector('[data-testid="presenter"]')?.contains(a) };
        });
        expect(where.inApp).toBe(false);
        expect(where.inPresenter).toBe(true);
      }
    }
    await expect(c.presenterCount).toHaveText('Step 1 of 3');
    // A changed fragment (Back, a stray link) does not switch the lesson under the class either.
    await page.evaluate(() => {
      location.hash = '#lesson=skew';
    });
    await page.waitForTimeout(300);
    await expect(presenter).toHaveAttribute('aria-label', 'Presenter view: Disks run out of bandwidth before space');

    // The disabled Run looks disabled: not the yellow of the enabled one.
    const run = presenter.getByTestId('class-run');
    await expect(run).toBeDisabled();
    const off = await run.evaluate((b) => getComputedStyle(b).backgroundImage + getComputedStyle(b).borderStyle);
    expect(off).toContain('repeating-linear-gradient');
    expect(off).toContain('dashed');

    // ← and → work from the focused answer box.
    const box = presenter.getByTestId('prediction-number');
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect(c.presenterCount).toHaveText('Step 2 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(c.presenterCount).toHaveText('Step 1 of 3');

    // R runs from the answer box.
    await box.fill('50');
    await expect(box).toBeFocused();
    await expect(run).toBeEnabled();
    await page.keyboard.press('r');
    await expect(presenter.getByTestId('reveal')).toBeVisible({ timeout: 120_000 });
    await expect(presenter.getByTestId('your-prediction')).toHaveText('50 %');

    // Escape leaves a field (the presenter stays open) …
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(c.presenterCount).toHaveText('Step 3 of 3');
    const radio = presenter.locator('input[type="radio"]').first();
    await radio.focus();
    await page.keyboard.press('Escape');
    await expect(presenter).toBeVisible();
    await expect(radio).not.toBeFocused();
    // … and a second Escape leaves the presenter view, where the class left off.
    await page.keyboard.press('Escape');
    await expect(presenter).toHaveCount(0);
    await expect(c.appBehind).not.toHaveAttribute('inert', '');
    await expect(page).toHaveURL(/#lesson=disk-bandwidth&step=3&teacher$/);
    await expect(c.stepDot(2)).toHaveAttribute('aria-current', 'step');
  });

  test('presenter view: R and arrows work from a radio button', async ({ page, classroom: c }) => {
    await c.openAsTeacher('flash-capacity-bandwidth');
    await page.keyboard.press('p');
    const presenter = c.presenter;
    const count = c.presenterCount;
    // → on a focused radio button would pick the next choice; in the presenter view it changes step.
    await presenter.locator('input[type="radio"]').first().check();
    await page.keyboard.press('ArrowRight');
    await expect(count).toHaveText('Step 2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(count).toHaveText('Step 1 of 2');
    const radio = presenter.locator('input[type="radio"]').nth(1);
    await radio.check();
    await expect(radio).toBeFocused();
    await page.keyboard.press('R');
    await expect(presenter.getByTestId('reveal')).toBeVisible({ timeout: 120_000 });
    await expect(count).toHaveText('Step 1 of 2');
  });

  test('a student link opens the lesson alone: question first, no teacher panel, no door to the teacher\'s side', async ({ page, classroom: c }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await c.openLesson('disk-bandwidth');
    const student = c.student;
    await expect(student).toBeVisible();
    for (const id of ['teacher-notes', 'class-summary', 'print-answers', 'print-button', 'authoring', 'present-button', 'lesson-disk-bandwidth', 'to-teacher', 'copy-embed']) {
      await expect(page.getByTestId(id), id).toHaveCount(0);
    }
    await expect(student).not.toContainText('Teacher');
    // The question comes before the step's inputs, and within the first screen.
    const q = await student.getByTestId('prediction-number').boundingBox();
    const inputs = await student.getByTestId('step-inputs').boundingBox();
    expect(q!.y).toBeLessThan(inputs!.y);
    expect(q!.y + q!.height).toBeLessThan(844);
    // The app behind is not reachable.
    await expect(c.appBehind).toHaveAttribute('inert', '');
    // One answer of three: no code yet, unless the student hands in early on purpose (marked partial).
    await c.predictNumber(40);
    await c.runAndReveal();
    await expect(c.answerProgress).toContainText('1 of 3 questions answered');
    await expect(c.studentCodeBox).toHaveCount(0);
    await c.handInPartial.check();
    await expect(c.studentCodeBox).toHaveValue(/^TPA1\./);
    await expect(c.studentCodeBox).toHaveAttribute('data-partial', 'true');
    // The teacher's own link opens the full Class tab.
    await page.goto('/#lesson=disk-bandwidth&teacher');
    await expect(c.view.getByTestId('teacher-notes')).toBeVisible();
  });

  test('phone: each "Next step" puts the new step\'s title in view and focuses it', async ({ page, classroom: c }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await c.openLesson('disk-bandwidth');
    const student = c.student;
    const titles = ['Two disks hold the library', 'Adding disks', 'A busier evening'];
    for (let i = 1; i < 3; i++) {
      // The student reads to the end of the step and presses Next there, at the bottom of the page.
      await student.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await student.getByTestId('next-step').click();
      const title = student.getByTestId('step-title');
      await expect(title).toHaveText(titles[i]);
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport({ ratio: 1 });
      const box = (await title.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      if (process.env.CLASS_SHOTS) await page.screenshot({ path: `${process.env.CLASS_SHOTS}/phone-after-next-${i + 1}.png` });
    }
    // Previous does the same.
    await student.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await student.getByTestId('prev-step').click();
    await expect(student.getByTestId('step-title')).toHaveText(titles[1]);
    await expect(student.getByTestId('step-title')).toBeFocused();
    await expect(student.getByTestId('step-title')).toBeInViewport({ ratio: 1 });
  });

  test('an authored multiple-choice key that contradicts the simulation is flagged, and the author picks', async ({ classroom: c }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorStepTitle.fill('Turned away?');
    await c.authorKind.selectOption('choice');
    await c.authorPrompt.fill('How many requests are turned away?');
    await c.authorChoices.fill('Fewer than half [0–50]\nHalf or more [50–100]');
    // The choices box takes the form's full width (it was one ~170 px grid cell).
    expect((await c.authorChoices.boundingBox())!.width).toBeGreaterThan(600);
    // The core's number (on the worker pool) decides which choice is right; the test ticks the other one.
    await c.authorCompute.click();
    await expect(c.authorExpected).not.toHaveValue('');
    const simulated = Number(await c.authorExpected.inputValue());
    const wrong = simulated < 50 ? 2 : 1;
    await c.authorKey.fill(String(wrong));
    // Saving checks the key: the step is not added, the conflict says why.
    await c.authorAddStep.click();
    const conflict = c.mcConflict;
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(`not choice ${wrong}`);
    await expect(c.authoredSteps).toHaveCount(0);
    // The author picks the simulation's choice; the step is added with it.
    await c.mcUseSimulated.click();
    await expect(c.mcAgrees).toBeVisible();
    await expect(c.authorKey).toHaveValue(String(3 - wrong));
    await c.addStep();
  });

  test('a code pasted twice counts once; names show only when the teacher turns them on', async ({ browser, classroom: t }) => {
    const codes: string[] = [];
    for (const [name, v] of [['Ana', 40], ['Ben', 70]] as const) {
      const ctx = await browser.newContext();
      const s = pagesOf(await ctx.newPage()).classroom;
      await s.openLesson('disk-bandwidth');
      await s.studentName.fill(name);
      await s.predictNumber(v);
      await s.runAndReveal();
      await s.handInEarly();
      codes.push(await s.studentCode());
      await ctx.close();
    }
    await t.openAsTeacher('disk-bandwidth');
    await t.pasteCodes([codes[0], codes[1], codes[0]]);
    await expect(t.count).toHaveText('2 students read. 2 are partial (not every question answered). 1 duplicate code was counted once.');
    await expect(t.names).toHaveCount(0);
    await expect(t.summary).not.toContainText('Ana');
    await t.showNames.check();
    await expect(t.names).toHaveText('Handed in: Ana (partial), Ben (partial)');
    await t.simulateButton.click();
    await expect(t.histogram).toHaveAttribute('data-count', '2');
  });

  test('120 codes pasted as a chat: counts, partial hand-ins, names, each question\'s answers', async ({ classroom: t }) => {
    const { text, students } = pastedCodes();
    await t.openAsTeacher('disk-bandwidth');
    await t.codes.fill(text);
    await expect(t.count).toHaveText(
      '110 students read. 10 are partial (not every question answered). 10 duplicate codes were counted once. 12 lines without a code were skipped.',
    );
    await expect(t.codeProblems).toHaveCount(0);
    await t.showNames.check();
    const names = ((await t.names.textContent()) ?? '').replace(/^Handed in: /, '').split(', ');
    expect(names).toHaveLength(110);
    students.forEach((s, k) => expect(names[k], `student ${k}`).toMatch(new RegExp(`^${s.name || 'line \\d+ \\(no name\\)'}${s.partial ? ' \\(partial\\)' : ''}$`)));
    // The first question: every student's number in the histogram.
    await t.simulateButton.click();
    await expect(t.histogram).toHaveAttribute('data-count', '110');
    // The third: the choices of the 100 who answered it.
    await t.stepSelect.selectOption({ index: 2 });
    await expect(t.choicesCaption).toHaveText('Choices of 100 students');
    const rows = t.choicesTable.locator('tbody tr');
    for (const [i, c] of CHOICES.entries()) await expect(rows.nth(i).locator('td').nth(1)).toHaveText(String(students.filter((s) => s.choice === c).length));
  });

  test('the worksheet lists inputs with their values, draws sketch axes with units, and its key carries the core\'s answers', async ({ page, classroom: c }) => {
    await c.openAsTeacher('disk-bandwidth');
    // window.print is replaced by a counter: the test checks what would be printed.
    await page.evaluate(() => {
      const w = window as unknown as { __prints: number };
      w.__prints = 0;
      window.print = () => {
        w.__prints += 1;
      };
    });
    const prints = () => page.evaluate(() => (window as unknown as { __prints: number }).__prints);
    await c.printButton.click();
    await expect.poll(prints).toBe(1);
    const sheet = c.worksheet;
    await expect(sheet.getByTestId('ws-step-0').locator('.ws-inputs')).toHaveText('Videos in the library: 300 videos · Arrival rate λ: 1 requests/s · Disks: 2 devices');
    await expect(sheet.getByTestId('ws-step-1').locator('.ws-inputs')).toContainText('Disks: swept over 2, 4, 6, 8, 10, 12, 13, 14 devices');
    const axes = sheet.getByTestId('ws-sketch');
    await expect(axes.locator('.ck-axis-label')).toHaveText(['Rejection probability (%)', 'disks (HDDs)']);
    await expect(sheet.getByTestId('ws-answer-0')).toHaveCount(0);

    // With answers: no step was run on this page, so every answer is computed by the core before printing.
    await c.printAnswers.check();
    await c.printButton.click();
    await expect.poll(prints, { timeout: 240_000 }).toBe(2);
    for (const i of [0, 1, 2]) {
      await expect(sheet.getByTestId(`ws-answer-${i}`)).toContainText('Answer (simulated):');
      await expect(sheet.getByTestId(`ws-answer-${i}`)).not.toContainText('No simulated answer');
    }
    await expect(sheet.getByTestId('ws-answer-1')).toContainText('Answer (simulated): 13 disks');
  });

  test('axe finds nothing in the student view (phone) and the presenter view, light and dark', async ({ page, classroom: c }) => {
    const found: string[] = [];
    const scan = async (where: string) => {
      for (const v of (await axeViolations(page))) found.push(`${where}: ${v.id} ×${v.nodes.length}: ${v.help} ${v.nodes[0]?.target.join(' ')}`);
    };
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 390, height: 844 });
      // A fresh document (a fragment change alone is ignored while the presenter view is open).
      await page.goto('about:blank');
      await page.goto('/#lesson=disk-bandwidth');
      await expect(c.student).toBeVisible();
      await scan(`student ${scheme}`);
      await page.setViewportSize({ width: 1280, height: 720 });
      // P once the teacher's lesson is on screen (pressed before the page is up, the key was lost on a busy machine).
      await c.openAsTeacher('disk-bandwidth');
      await page.keyboard.press('p');
      await expect(c.presenter).toBeVisible();
      await scan(`presenter ${scheme}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
