import { expect, test } from '@playwright/test';
import { ClassPage } from './pages/ClassPage';

// Class mode in front of a class (issue 25): a presenter view that cannot be
// derailed, and a student link that shows the student's side only.
test.describe('class mode in a lecture hall', () => {
  test('presenter view: Tab never leaves it, R runs from the answer box, Escape leaves the field then the view', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openAsTeacher('disk-bandwidth');
    await page.keyboard.press('p');
    const presenter = page.getByTestId('presenter');
    await expect(presenter).toBeVisible();
    // The app behind is inert while the presenter view is open.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

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
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 1 of 3');

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
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 2 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 1 of 3');

    // R runs from the answer box.
    await box.fill('50');
    await expect(box).toBeFocused();
    await expect(run).toBeEnabled();
    await page.keyboard.press('r');
    await expect(presenter.getByTestId('reveal')).toBeVisible({ timeout: 60_000 });
    await expect(presenter.getByTestId('your-prediction')).toHaveText('50 %');

    // Escape leaves a field (the presenter stays open) …
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('presenter-count')).toHaveText('Step 3 of 3');
    const radio = presenter.locator('input[type="radio"]').first();
    await radio.focus();
    await page.keyboard.press('Escape');
    await expect(presenter).toBeVisible();
    await expect(radio).not.toBeFocused();
    // … and a second Escape leaves the presenter view, where the class left off.
    await page.keyboard.press('Escape');
    await expect(presenter).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
    await expect(page.getByTestId('step-dot-2')).toHaveAttribute('aria-current', 'step');
  });

  test('presenter view: R and arrows work from a radio button', async ({ page }) => {
    const c = new ClassPage(page);
    await c.openAsTeacher('flash-capacity-bandwidth');
    await page.keyboard.press('p');
    const presenter = page.getByTestId('presenter');
    const count = page.getByTestId('presenter-count');
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
    await expect(presenter.getByTestId('reveal')).toBeVisible({ timeout: 60_000 });
    await expect(count).toHaveText('Step 1 of 2');
  });

  test('a student link opens the lesson alone: question first, no teacher panel, a way back for the teacher', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const c = new ClassPage(page);
    await c.openLesson('disk-bandwidth');
    const student = page.getByTestId('class-student');
    await expect(student).toBeVisible();
    for (const id of ['teacher-notes', 'class-summary', 'print-answers', 'print-button', 'authoring', 'present-button', 'lesson-disk-bandwidth']) {
      await expect(page.getByTestId(id), id).toHaveCount(0);
    }
    // The question comes before the step's inputs, and within the first screen.
    const q = await student.getByTestId('prediction-number').boundingBox();
    const inputs = await student.getByTestId('step-inputs').boundingBox();
    expect(q!.y).toBeLessThan(inputs!.y);
    expect(q!.y + q!.height).toBeLessThan(844);
    // The app behind is not reachable.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    // The student still hands in answers.
    await c.predictNumber(40);
    await c.runAndReveal();
    await expect(page.getByTestId('student-code')).toHaveValue(/^TPA1\./);
    // The teacher gets back to the full Class tab.
    await page.getByTestId('to-teacher').click();
    await expect(page.getByTestId('class-view')).toBeVisible();
    await expect(page.getByTestId('teacher-notes')).toBeVisible();
    await expect(page.getByTestId('lesson-disk-bandwidth')).toBeVisible();
    await expect(page).toHaveURL(/&teacher/);
  });
});
