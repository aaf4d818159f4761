import { expect, pagesOf, test } from './fixtures';
import { LESSONS } from '../src/class/lessons';

// The defects issue 51 found in class mode, each as the user meets it. (The
// bar chart's y-axis title is tests/class/Worksheet.test.tsx; the framed
// students' link is e2e/class-embed.spec.ts.)

test.describe('class mode defects (issue 51)', () => {
  test('an explanation written "{answer} %" shows the unit once on the phone', async ({ classroom: c, newTab }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorTitle.fill('Unit once');
    await c.authorStepTitle.fill('Rejected?');
    await c.authorKind.selectOption('number');
    await c.authorPrompt.fill('What share is rejected?');
    await c.authorCompute.click();
    await expect(c.authorExpected).not.toHaveValue('');
    await c.page.getByTestId('author-explanation').fill('The simulation rejects {answer} %.');
    await c.addStep();
    const link = await c.shareLesson();
    const phone = (await newTab()).classroom;
    await phone.page.goto(link);
    await phone.predictNumber(50);
    await phone.runAndReveal();
    await expect(phone.explanation).toHaveText(/^The simulation rejects [\d.]+ %\.$/);
    await expect(phone.explanation).not.toContainText('% %');
  });

  test('R on the mystery step observes, then reveals the hidden value (the header says "R: run")', async ({ classroom: c, page }) => {
    const lesson = LESSONS.find((l) => l.steps.some((s) => s.mystery))!;
    const ix = lesson.steps.findIndex((s) => s.mystery);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/#lesson=${lesson.id}&step=${ix + 1}&present`);
    await expect(c.presenter).toBeVisible();
    await page.keyboard.press('r');
    await expect(c.observation).toBeVisible();
    const q = lesson.steps[ix].question!;
    if (q.kind === 'choice') await c.choice(q.choices[0].id).check();
    else await c.predictNumber(q.kind === 'number' ? q.min : 0);
    await c.presenter.focus();
    await page.keyboard.press('r');
    await expect(c.reveal).toBeVisible();
    await expect(page.getByTestId('answer-source')).toHaveText('The hidden value');
  });

  test('on a phone (390×844) the result after Run is in view, not under the locked inputs', async ({ classroom: c, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await c.openLesson('disk-bandwidth');
    await c.predictNumber(60);
    await c.runButton.click();
    await expect(c.theAnswer).toBeVisible();
    await expect(c.theAnswer).toBeInViewport();
    await expect(c.yourPrediction).toBeInViewport();
  });

  test('a multiple-choice step is added without typing a number first (the simulation gives it)', async ({ classroom: c }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorStepTitle.fill('Pick one');
    await c.authorKind.selectOption('choice');
    await c.authorPrompt.fill('Does it reject more than half?');
    // The first choice (ticked by default) holds any share, so the simulation agrees with the key whatever it gives.
    await c.authorChoices.fill('Some share or none [0–100]\nMore than all of them [101–200]');
    await expect(c.authorExpected).toHaveValue('');
    await c.addStep();
    await expect(c.page.getByTestId('author-errors')).toHaveCount(0);
  });

  test('an authoring draft (the lesson and the step being written) survives a reload', async ({ classroom: c, page }) => {
    await c.openTab();
    await c.openAuthoring();
    await c.authorTitle.fill('Draft lesson');
    await c.authorStepTitle.fill('Half-written step');
    await c.authorPrompt.fill('What share is rejected?');
    await page.reload();
    await page.getByTestId('tab-class').click();
    await c.openAuthoring();
    await expect(c.authorTitle).toHaveValue('Draft lesson');
    await expect(c.authorStepTitle).toHaveValue('Half-written step');
    await expect(c.authorPrompt).toHaveValue('What share is rejected?');
  });

  test('a code from another lesson is refused by that lesson\'s title; answer files are named for lesson, student and time', async ({ browser, classroom: t }) => {
    const ctx = await browser.newContext({ acceptDownloads: true });
    const s = pagesOf(await ctx.newPage()).classroom;
    await s.openLesson('skew');
    await s.studentName.fill('Ana');
    await s.predictNumber(30);
    await s.runAndReveal();
    await s.handInEarly();
    const code = await s.studentCode();
    const ana = await s.downloadAnswers();
    await s.studentName.fill('Ben');
    const ben = await s.downloadAnswers();
    await ctx.close();
    expect(ana).toMatch(/^answers-skew-is-everything-ana-1-of-\d+-\d{4}-\d\d-\d\d-\d{4}\.txt$/);
    expect(ben).not.toBe(ana);
    await t.openAsTeacher('disk-bandwidth');
    await t.pasteCodes([code]);
    await expect(t.codeProblems).toHaveText(`line 1: it is for another lesson, "${LESSONS.find((l) => l.id === 'skew')!.title}"`);
  });
});
