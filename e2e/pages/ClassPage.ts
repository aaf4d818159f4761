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
    await expect(this.page.getByTestId('class-view').getByTestId('lesson')).toBeVisible();
  }

  async openTab(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-class').click();
    await expect(this.page.getByTestId('class-view')).toBeVisible();
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
    await this.page.getByTestId('prediction-number').fill(String(v));
  }

  async runAndReveal(): Promise<void> {
    await this.runButton.click();
    await expect(this.page.getByTestId('reveal')).toBeVisible();
  }

  /** Hand in before every question is answered: the code appears, marked partial. */
  async handInEarly(): Promise<void> {
    await this.page.getByTestId('hand-in-partial').check();
    await expect(this.page.getByTestId('student-code')).toHaveAttribute('data-partial', 'true');
  }

  async studentCode(): Promise<string> {
    return this.page.getByTestId('student-code').inputValue();
  }

  async pasteCodes(codes: string[]): Promise<void> {
    await this.page.getByTestId('class-codes').fill(codes.join('\n'));
  }

  /** Author a step from the current scenario: a number question with its expected answer. */
  async authorNumberStep(title: string, prompt: string, expected: number, tolerance: number): Promise<void> {
    await this.page.getByTestId('author-step-title').fill(title);
    await this.page.getByTestId('author-kind').selectOption('number');
    await this.page.getByTestId('author-prompt').fill(prompt);
    await this.page.getByTestId('author-expected').fill(String(expected));
    await this.page.getByTestId('author-tolerance').fill(String(tolerance));
    await this.addStep();
  }

  /** Add the form as a step, and wait until it is in the list (the core compacts its scenario first). */
  async addStep(): Promise<void> {
    const steps = this.page.getByTestId('author-steps').locator('li');
    const before = await steps.count();
    await this.page.getByTestId('author-add-step').click();
    await expect(steps).toHaveCount(before + 1);
  }

  /**
   * Author a multiple-choice step whose choices end with their ranges ("… [0–50]"):
   * the core fills in the simulated number, and the key is the choice the simulation lands in.
   */
  async authorChoiceStep(title: string, prompt: string, choices: string[]): Promise<void> {
    await this.page.getByTestId('author-step-title').fill(title);
    await this.page.getByTestId('author-kind').selectOption('choice');
    await this.page.getByTestId('author-prompt').fill(prompt);
    await this.page.getByTestId('author-choices').fill(choices.join('\n'));
    await this.page.getByTestId('author-compute').click();
    await expect(this.page.getByTestId('author-expected')).not.toHaveValue('');
    const verdict = this.page.getByTestId('author-mc-agrees').or(this.page.getByTestId('author-mc-conflict'));
    await expect(verdict).toBeVisible();
    if (await this.page.getByTestId('author-mc-use-simulated').isVisible()) await this.page.getByTestId('author-mc-use-simulated').click();
    await expect(this.page.getByTestId('author-mc-agrees')).toBeVisible();
    await this.addStep();
  }
}
