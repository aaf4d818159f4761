import { expect, type Locator, type Page } from '@playwright/test';
import type { RunResult, Scenario } from '../../src/engine/types';

/** Page object of the planner: fields by their scenario path. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.waitValid();
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  error(path: string): Locator {
    return this.page.getByTestId(`error-${path}`);
  }

  get runButton(): Locator {
    return this.page.getByTestId('run-button');
  }

  get cancelButton(): Locator {
    return this.page.getByTestId('cancel-button');
  }

  get progress(): Locator {
    return this.page.getByTestId('run-progress');
  }

  get status(): Locator {
    return this.page.getByTestId('run-status');
  }

  get results(): Locator {
    return this.page.getByTestId('results');
  }

  async setField(path: string, value: string): Promise<void> {
    const f = this.field(path);
    await f.fill(value);
    await f.blur();
  }

  /** Wait until the core has validated the current scenario and found it valid. */
  async waitValid(): Promise<void> {
    await expect(this.page.getByTestId('app')).toHaveAttribute('data-valid', 'true');
    await expect(this.runButton).toBeEnabled();
  }

  /** Unfold the device catalog (folded on narrow screens; always open on wide ones). */
  async showCatalog(): Promise<void> {
    const toggle = this.page.getByTestId('catalog-toggle');
    if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(this.page.getByTestId('device-catalog')).toHaveAttribute('data-folded', 'false');
  }

  async loadPreset(id: string): Promise<void> {
    await this.page.getByTestId('preset-select').selectOption(id);
    await this.page.getByTestId('preset-load').click();
    // The preset comes from a worker: wait until it has arrived and the app has
    // applied it, so that a following edit, scenario() or waitValid() meets the
    // preset, not the old scenario (the default scenario is itself a preset, so
    // the marker alone can already read `id` while the load is on its way).
    await expect(this.page.getByTestId('preset-status')).toHaveAttribute('data-loading', 'false');
    await expect(this.page.getByTestId('preset-status')).toHaveAttribute('data-preset', id);
    await expect(this.page.getByTestId('preset-status')).toHaveAttribute('data-modified', 'false');
  }

  async run(): Promise<void> {
    await this.waitValid();
    await this.runButton.click();
  }

  async runToResults(timeout = 60_000): Promise<void> {
    await this.run();
    await expect(this.results).toBeVisible({ timeout });
  }

  async scenario(): Promise<Scenario> {
    return JSON.parse(await this.page.getByTestId('scenario-json').textContent() ?? 'null') as Scenario;
  }

  async result(): Promise<RunResult> {
    return JSON.parse(await this.page.getByTestId('result-json').textContent() ?? 'null') as RunResult;
  }
}
