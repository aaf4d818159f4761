import { expect, test, type Page } from './fixtures';
import { textsUnder } from './text-sizes';
import { LESSONS } from '../src/class/lessons';

// The presenter view read from the back of a hall (issue 36): at 1920×1080,
// every text on screen, before and after each step's reveal, in every
// built-in lesson, is at least 24 px as rendered. SVG text counts at its
// drawn size (its CSS size times the SVG's scale on screen), inputs by the
// size of the text they show; radio buttons are at least 24 px square; no
// chart text runs past its chart's edge.

const MIN_PX = 24;

const smallTexts = (page: Page) => textsUnder(page, '[data-testid="presenter"]', MIN_PX);

test.describe('presenter view text sizes', () => {
  test.setTimeout(750_000);
  test.use({ viewport: { width: 1920, height: 1080 }, freshContext: "a presenter's screen for the whole context" });

  for (const lesson of LESSONS) {
    test(`${lesson.id}: every text is ${MIN_PX} px or more at 1920×1080, before and after each reveal`, async ({ page, classroom: c }) => {
      await page.goto(`/#lesson=${lesson.id}&present`);
      const presenter = c.presenter;
      await expect(presenter).toBeVisible();
      for (const [i, step] of lesson.steps.entries()) {
        await expect(c.presenterCount).toHaveText(`Step ${i + 1} of ${lesson.steps.length}`);
        await expect(presenter.getByTestId('step-title')).toHaveText(step.title);
        const q = step.question;
        const answer = async () => {
          if (q?.kind === 'number') await presenter.getByTestId('prediction-number').fill(String(Math.round((q.min + q.max) / 2)));
          else if (q?.kind === 'choice') await presenter.locator('input[type="radio"]').first().check();
          else if (q?.kind === 'sketch') {
            const handles = presenter.locator('[data-testid^="sketch-handle-"]');
            for (let k = 0; k < (await handles.count()); k++) {
              await handles.nth(k).focus();
              await page.keyboard.press('ArrowUp');
            }
          }
        };
        if (!step.mystery) await answer();
        // Layout settles (the chart measures its box) before measuring.
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        expect(await smallTexts(page), `${lesson.id} step ${i + 1} before the reveal`).toEqual([]);
        if (process.env.CLASS_SHOTS) await page.screenshot({ path: `${process.env.CLASS_SHOTS}/presenter-${lesson.id}-${i + 1}-before.png` });
        await page.keyboard.press('r');
        if (step.mystery) {
          await expect(presenter.getByTestId('observation')).toBeVisible({ timeout: 180_000 });
          await answer();
          await presenter.getByTestId('reveal-button').click();
        }
        await expect(presenter.getByTestId('reveal')).toBeVisible({ timeout: 180_000 });
        expect(await smallTexts(page), `${lesson.id} step ${i + 1} after the reveal`).toEqual([]);
        // The explanation is not cut off at the screen's bottom edge (the view scrolls to it if it must).
        const expl = presenter.getByTestId('explanation');
        await expl.scrollIntoViewIfNeeded();
        const box = (await expl.boundingBox())!;
        expect(box.width, 'the explanation is not a narrow column').toBeGreaterThan(900);
        expect(box.y + box.height).toBeLessThanOrEqual(1080 - 8);
        if (process.env.CLASS_SHOTS) await page.screenshot({ path: `${process.env.CLASS_SHOTS}/presenter-${lesson.id}-${i + 1}-after.png` });
        // The next step starts from a view scrolled back to its top.
        await page.keyboard.press('ArrowRight');
      }
    });
  }
});
