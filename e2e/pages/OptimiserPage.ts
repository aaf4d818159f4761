import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of the Optimiser view. */
export class OptimiserPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toHaveAttribute('data-valid', 'true');
    await this.page.getByTestId('tab-optimiser').click();
    await expect(this.page.getByTestId('optimiser')).toBeVisible();
  }

  get studyCheckButton(): Locator {
    return this.page.getByTestId('opt-study-check');
  }
  get runButton(): Locator {
    return this.page.getByTestId('opt-run');
  }
  get cancelButton(): Locator {
    return this.page.getByTestId('opt-cancel');
  }
  get status(): Locator {
    return this.page.getByTestId('opt-status');
  }
  get table(): Locator {
    return this.page.getByTestId('opt-table');
  }
  row(arch: string): Locator {
    return this.page.getByTestId(`opt-row-${arch}`);
  }
  studyRow(arch: string): Locator {
    return this.page.getByTestId(`study-row-${arch}`);
  }
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }
  error(path: string): Locator {
    return this.page.getByTestId(`error-${path}`);
  }

  /** Run the study check and wait for the reproduction table. */
  async runStudyCheck(): Promise<void> {
    await this.studyCheckButton.click();
    await expect(this.page.getByTestId('study-check')).toBeVisible({ timeout: 60_000 });
    await expect(this.status).toContainText('Done in');
  }
}
