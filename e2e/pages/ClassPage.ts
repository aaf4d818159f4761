import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of the Class tab: lessons, steps, predictions, codes and authoring. */
export class ClassPage {
  constructor(readonly page: Page) {}

  async openLesson(ref: string): Promise<void> {
    await this.page.goto(`/#lesson=${ref}`);
    await expect(this.page.getByTestId('lesson')).toBeVisible();
  }

  /** A lesson link as the teacher opens it: the full Class tab (catalog, notes, summary, presenter view). */
  async openAsTeacher(ref: string): Promise<void> {
    await this.page.goto(`/#lesson=${ref}&teacher`);
    await expect(this.view.getByTestId('lesson')).toBeVisible();
  }

  async openTab(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-class').click();
    await expect(this.view).toBeVisible();
  }

  /** Why Run is not available yet. */
  get runHint(): Locator {
    return this.page.getByTestId('run-hint');
  }

  /** The marks beside locked inputs. */
  get lockedLabel(): Locator {
    return this.page.getByTestId('locked-label');
  }

  /** The number question's answer box. */
  get predictionBox(): Locator {
    return this.page.getByTestId('prediction-number');
  }

  get yourPrediction(): Locator {
    return this.page.getByTestId('your-prediction');
  }

  /** The simulated answer, shown at the reveal. */
  get theAnswer(): Locator {
    return this.page.getByTestId('the-answer');
  }

  get grade(): Locator {
    return this.page.getByTestId('grade');
  }

  get explanation(): Locator {
    return this.page.getByTestId('explanation');
  }

  /** The reveal: prediction beside the answer. */
  get reveal(): Locator {
    return this.page.getByTestId('reveal');
  }

  get restartButton(): Locator {
    return this.page.getByTestId('restart-button');
  }

  /** The chart of the revealed answer (and the sketch). */
  get outcomeChart(): Locator {
    return this.page.getByTestId('outcome-chart');
  }

  /** A run with the unlocked inputs changed, after the reveal. */
  get exploreResult(): Locator {
    return this.page.getByTestId('explore-result');
  }

  /** The presenter view (P toggles it). */
  get presenter(): Locator {
    return this.page.getByTestId('presenter');
  }

  /** "Step i of n" in the presenter view. */
  get presenterCount(): Locator {
    return this.page.getByTestId('presenter-count');
  }

  /** The QR code of the lesson link. */
  get lessonQr(): Locator {
    return this.page.getByTestId('lesson-qr');
  }

  /** The lesson alone, as an embed shows it. */
  get embed(): Locator {
    return this.page.getByTestId('class-embed');
  }

  /** The student's view of a lesson link. */
  get student(): Locator {
    return this.page.getByTestId('class-student');
  }

  /** The Class tab. */
  get view(): Locator {
    return this.page.getByTestId('class-view');
  }

  get presentButton(): Locator {
    return this.page.getByTestId('present-button');
  }

  /** What a mystery step's run shows before the prediction. */
  get observation(): Locator {
    return this.page.getByTestId('observation');
  }

  get revealButton(): Locator {
    return this.page.getByTestId('reveal-button');
  }

  get nextStep(): Locator {
    return this.page.getByTestId('next-step');
  }

  /** The current step. */
  get classStep(): Locator {
    return this.page.getByTestId('class-step');
  }

  /** The message of a lesson link that cannot be opened. */
  get lessonLinkError(): Locator {
    return this.page.getByTestId('lesson-link-error');
  }

  get answerProgress(): Locator {
    return this.page.getByTestId('answer-progress');
  }

  /** The code a student hands in. */
  get studentCodeBox(): Locator {
    return this.page.getByTestId('student-code');
  }

  /** "Hand in early" (a partial code). */
  get handInPartial(): Locator {
    return this.page.getByTestId('hand-in-partial');
  }

  get studentName(): Locator {
    return this.page.getByTestId('student-name');
  }

  /** The teacher's box for pasted student codes. */
  get codes(): Locator {
    return this.page.getByTestId('class-codes');
  }

  /** How many codes were read, partial, duplicate or skipped. */
  get count(): Locator {
    return this.page.getByTestId('class-count');
  }

  get codeProblems(): Locator {
    return this.page.getByTestId('class-code-problems');
  }

  /** Simulate the truth for the class summary. */
  get simulateButton(): Locator {
    return this.page.getByTestId('class-simulate');
  }

  /** The class's answers to a number question. */
  get histogram(): Locator {
    return this.page.getByTestId('class-histogram');
  }

  get showNames(): Locator {
    return this.page.getByTestId('show-names');
  }

  /** The names of those who handed in (when shown). */
  get names(): Locator {
    return this.page.getByTestId('class-names');
  }

  get summary(): Locator {
    return this.page.getByTestId('class-summary');
  }

  /** The question the class summary shows. */
  get stepSelect(): Locator {
    return this.page.getByTestId('class-step-select');
  }

  get choicesCaption(): Locator {
    return this.page.getByTestId('class-choices-caption');
  }

  /** The class's choices on a multiple-choice question. */
  get choicesTable(): Locator {
    return this.page.getByTestId('class-choices');
  }

  /** The authored lesson's title. */
  get authorTitle(): Locator {
    return this.page.getByTestId('author-title');
  }

  /** The list of authored steps. */
  get authorSteps(): Locator {
    return this.page.getByTestId('author-steps');
  }

  /** The authored lesson's link, once shared. */
  get authorLink(): Locator {
    return this.page.getByTestId('author-link');
  }

  /** The note that the link fits one QR code. */
  get authorLinkFits(): Locator {
    return this.page.getByTestId('author-link-fits');
  }

  /** Present the authored lesson. */
  get authorPresent(): Locator {
    return this.page.getByTestId('author-present');
  }

  get authorStepTitle(): Locator {
    return this.page.getByTestId('author-step-title');
  }

  /** The authored step's kind: `number` or `choice`. */
  get authorKind(): Locator {
    return this.page.getByTestId('author-kind');
  }

  get authorPrompt(): Locator {
    return this.page.getByTestId('author-prompt');
  }

  /** The multiple-choice key, by its label. */
  get authorKey(): Locator {
    return this.page.getByLabel('Correct choice (line number)');
  }

  /** The app behind a lesson's own view (inert while the presenter or student view is open). */
  get appBehind(): Locator {
    return this.page.locator('#root');
  }

  get authorChoices(): Locator {
    return this.page.getByTestId('author-choices');
  }

  get authorExpected(): Locator {
    return this.page.getByTestId('author-expected');
  }

  /** Compute the expected answer with the core. */
  get authorCompute(): Locator {
    return this.page.getByTestId('author-compute');
  }

  get authorAddStep(): Locator {
    return this.page.getByTestId('author-add-step');
  }

  /** A multiple-choice key the simulation contradicts. */
  get mcConflict(): Locator {
    return this.page.getByTestId('author-mc-conflict');
  }

  get mcAgrees(): Locator {
    return this.page.getByTestId('author-mc-agrees');
  }

  /** Take the simulation's choice as the key. */
  get mcUseSimulated(): Locator {
    return this.page.getByTestId('author-mc-use-simulated');
  }

  /** The note that phones cannot reach this host. */
  get qrUnreachable(): Locator {
    return this.page.getByTestId('qr-unreachable');
  }

  get qrTooLong(): Locator {
    return this.page.getByTestId('qr-too-long');
  }

  /** The full-screen QR code (Q). */
  get qrFull(): Locator {
    return this.page.getByTestId('qr-full');
  }

  get printButton(): Locator {
    return this.page.getByTestId('print-button');
  }

  /** Print with the answer key. */
  get printAnswers(): Locator {
    return this.page.getByTestId('print-answers');
  }

  /** The printed worksheet. */
  get worksheet(): Locator {
    return this.page.getByTestId('worksheet');
  }

  /** "Copy embed code". */
  get copyEmbed(): Locator {
    return this.page.getByTestId('copy-embed');
  }

  /** The text just copied (the embed snippet). */
  get copiedText(): Locator {
    return this.page.getByTestId('copied-text');
  }

  /** A handle of the sketch question (moved with the keyboard). */
  sketchHandle(i: number): Locator {
    return this.page.getByTestId(`sketch-handle-${i}`);
  }

  /** Move each of the first `n` sketch handles up a page (PageUp). */
  async raiseSketch(n = 5): Promise<void> {
    for (let i = 0; i < n; i++) {
      await this.sketchHandle(i).focus();
      await this.page.keyboard.press('PageUp');
    }
  }

  /** The dot of step i (1-based) in the step list. */
  stepDot(i: number): Locator {
    return this.page.getByTestId(`step-dot-${i}`);
  }

  /** A choice of a multiple-choice step. */
  choice(id: string): Locator {
    return this.page.getByTestId(`choice-${id}`);
  }

  /** A built-in lesson's entry in the catalog. */
  lessonEntry(id: string): Locator {
    return this.page.getByTestId(`lesson-${id}`);
  }

  /** Unfold the authoring form. */
  async openAuthoring(): Promise<void> {
    await this.page.getByTestId('authoring').locator('summary').click();
  }

  /** Share the authored lesson; its link. */
  async shareLesson(): Promise<string> {
    await this.page.getByTestId('author-share').click();
    return this.authorLink.inputValue();
  }

  get runButton(): Locator {
    return this.page.getByTestId('class-run');
  }

  get title(): Locator {
    return this.page.getByTestId('lesson-title');
  }

  get stepTitle(): Locator {
    return this.page.getByTestId('step-title');
  }

  input(path: string): Locator {
    return this.page.getByTestId(`input-${path}`);
  }

  async predictNumber(v: number): Promise<void> {
    await this.predictionBox.fill(String(v));
  }

  async runAndReveal(): Promise<void> {
    await this.runButton.click();
    await expect(this.reveal).toBeVisible();
  }

  /** Hand in before every question is answered: the code appears, marked partial. */
  async handInEarly(): Promise<void> {
    await this.handInPartial.check();
    await expect(this.studentCodeBox).toHaveAttribute('data-partial', 'true');
  }

  async studentCode(): Promise<string> {
    return this.studentCodeBox.inputValue();
  }

  async pasteCodes(codes: string[]): Promise<void> {
    await this.codes.fill(codes.join('\n'));
  }

  /** Author a step from the current scenario: a number question with its expected answer. */
  async authorNumberStep(title: string, prompt: string, expected: number, tolerance: number): Promise<void> {
    await this.authorStepTitle.fill(title);
    await this.authorKind.selectOption('number');
    await this.authorPrompt.fill(prompt);
    await this.authorExpected.fill(String(expected));
    await this.page.getByTestId('author-tolerance').fill(String(tolerance));
    await this.addStep();
  }

  /** The authored steps, one item each. */
  get authoredSteps(): Locator {
    return this.authorSteps.locator('li');
  }

  /** Add the form as a step, and wait until it is in the list (the core compacts its scenario first). */
  async addStep(): Promise<void> {
    const steps = this.authoredSteps;
    const before = await steps.count();
    await this.authorAddStep.click();
    await expect(steps).toHaveCount(before + 1);
  }

  /**
   * Author a multiple-choice step whose choices end with their ranges ("… [0–50]"):
   * the core fills in the simulated number, and the key is the choice the simulation lands in.
   */
  async authorChoiceStep(title: string, prompt: string, choices: string[]): Promise<void> {
    await this.authorStepTitle.fill(title);
    await this.authorKind.selectOption('choice');
    await this.authorPrompt.fill(prompt);
    await this.authorChoices.fill(choices.join('\n'));
    await this.authorCompute.click();
    await expect(this.authorExpected).not.toHaveValue('');
    const verdict = this.mcAgrees.or(this.mcConflict);
    await expect(verdict).toBeVisible();
    if (await this.mcUseSimulated.isVisible()) await this.mcUseSimulated.click();
    await expect(this.mcAgrees).toBeVisible();
    await this.addStep();
  }

  /** The presenter view's live room panel (room.ts): open, its code, who joined, refusals, close. */
  get liveRoom(): Locator {
    return this.page.getByTestId('live-room');
  }

  get roomCode(): Locator {
    return this.page.getByTestId('room-code');
  }

  get roomJoined(): Locator {
    return this.page.getByTestId('room-joined');
  }

  get roomRefused(): Locator {
    return this.page.getByTestId('room-refused');
  }

  /** Open a live room from the presenter view; resolves to its code. */
  async openRoom(): Promise<string> {
    await this.page.getByTestId('room-open').click();
    await expect(this.roomCode).toHaveText(/^[A-Z0-9]{4}$/);
    return (await this.roomCode.textContent()) ?? '';
  }

  async closeRoom(): Promise<void> {
    await this.page.getByTestId('room-close').click();
    await expect(this.liveRoom).toHaveAttribute('data-status', 'off');
  }

  /** The class's answers to the step on screen (presenter view or summary). */
  get classResults(): Locator {
    return this.page.getByTestId('class-results');
  }

  /** "n of m answered". */
  get classResultsCount(): Locator {
    return this.page.getByTestId('class-results-count');
  }

  /** "k of n within ± … of the answer". */
  get classResultsRight(): Locator {
    return this.page.getByTestId('class-results-right');
  }

  /** Show the lesson's answer against the class's before the step is run. */
  get classResultsShow(): Locator {
    return this.page.getByTestId('class-results-show');
  }

  /** A phone's note on its live room (joined, closed, unreachable). */
  get roomBanner(): Locator {
    return this.page.getByTestId('room-banner');
  }

  /** The histogram's bars as [from, to, count]. */
  async histogramBars(): Promise<[number, number, number][]> {
    return this.histogram.getByTestId('histogram-bar').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x0')), Number(e.getAttribute('data-x1')), Number(e.getAttribute('data-n'))] as [number, number, number]));
  }

  /** The student's "Download as a file"; resolves to the file's name. */
  async downloadAnswers(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Download as a file' }).click()]);
    return download.suggestedFilename();
  }
}
