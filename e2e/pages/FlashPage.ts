import { expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './AppPage';

/** Page object of the "Flash endurance" tab. */
export class FlashPage {
  readonly app: AppPage;
  constructor(readonly page: Page) {
    this.app = new AppPage(page);
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-flash').click();
    await expect(this.page.getByTestId('flash-view')).toBeVisible();
  }

  async backToEditor(): Promise<void> {
    await this.page.getByTestId('tab-scenario').click();
    await expect(this.page.getByTestId('workload-section')).toBeVisible();
  }

  get scenarioPanel(): Locator {
    return this.page.getByTestId('flash-scenario');
  }

  async runScenario(): Promise<void> {
    await this.page.getByTestId('flash-scenario-run').click();
    await expect(this.page.getByTestId('flash-scenario-table')).toBeVisible({ timeout: 60_000 });
  }

  scenarioLifetime(role: 'file_cache' | 'interval_cache'): Locator {
    return this.page.getByTestId(`flash-scenario-table-${role}-lifetime`);
  }

  get scenarioAssumptions(): Locator {
    return this.page.getByTestId('flash-scenario-assumptions');
  }

  get compareRun(): Locator {
    return this.page.getByTestId('flash-compare-run');
  }

  get compareCancel(): Locator {
    return this.page.getByTestId('flash-compare-cancel');
  }

  get compareTable(): Locator {
    return this.page.getByTestId('flash-compare-table');
  }

  get cost(): Locator {
    return this.page.getByTestId('cost-model');
  }

  /** A cost-model input by its path under the scenario's `cost_model`, e.g. `params.io_w`. */
  costField(path: string): Locator {
    return this.page.getByTestId(`field-cost_model.${path}`);
  }

  costError(path: string): Locator {
    return this.page.getByTestId(`error-cost_model.${path}`);
  }
}
