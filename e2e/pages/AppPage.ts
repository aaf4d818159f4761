import { expect, type Locator, type Page } from '@playwright/test';
import type { RunResult, Scenario } from '../../src/engine/types';

/** Page object of the planner: fields by their scenario path. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.root).toBeVisible();
    await this.waitValid();
  }

  /** The app's root element; its data attributes say whether the scenario is valid and where it came from. */
  get root(): Locator {
    return this.page.getByTestId('app');
  }

  /** The tab button of a view (`scenario`, `sweeps`, `optimiser`, `flash`, `http`, `block`, `reproduce`, `logs`, `class`). */
  tab(id: string): Locator {
    return this.page.getByTestId(`tab-${id}`);
  }

  /** Click a view's tab. */
  async openTab(id: string): Promise<void> {
    await this.tab(id).click();
  }

  /** The notice above the editor (a link opened, an autosave restored, a file refused). */
  get notice(): Locator {
    return this.page.getByTestId('notice');
  }

  /** The field-named problems listed in the notice. */
  get noticeErrors(): Locator {
    return this.page.getByTestId('notice-errors');
  }

  /** The notice's action button (run the link's scenario, restore the kept one). */
  get noticeAction(): Locator {
    return this.page.getByTestId('notice-action');
  }

  get presetStatus(): Locator {
    return this.page.getByTestId('preset-status');
  }

  /** The marker beside the preset: `modified` or `unmodified`. */
  presetMarker(state: 'modified' | 'unmodified'): Locator {
    return this.page.getByTestId(`preset-${state}`);
  }

  get presetReset(): Locator {
    return this.page.getByTestId('preset-reset');
  }

  /** The preset's own link (`#preset=<id>`). */
  get presetLink(): Locator {
    return this.page.getByTestId('preset-link');
  }

  /** "New plan": present-day devices, steady state. */
  get newPlan(): Locator {
    return this.page.getByTestId('new-plan');
  }

  async dismissNotice(): Promise<void> {
    await this.page.getByTestId('notice-dismiss').click();
  }

  /** The Copy link button. */
  get shareLink(): Locator {
    return this.page.getByTestId('share-link');
  }

  /** Copy link: the scenario's URL, as the share field shows it. */
  async copyLink(): Promise<string> {
    await this.shareLink.click();
    const field = this.page.getByTestId('share-url');
    await expect(field).toBeVisible();
    return field.inputValue();
  }

  /** Open a scenario file, as the file chooser would. */
  async openScenarioFile(name: string, text: string): Promise<void> {
    await this.page.getByTestId('open-scenario').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  /** The core's message for every field with a problem, above the Run button. */
  get errorSummary(): Locator {
    return this.page.getByTestId('error-summary');
  }

  /** A cell of the results panel, by its metric (`avg_streams`, `capital_cost`, `rejection_probability`, …). */
  resultCell(metric: string): Locator {
    return this.page.getByTestId(`result-${metric}`);
  }

  /** A headline number of the results, by its metric (`rejection_probability`, `dollars_per_stream`, `tco`). */
  kpi(metric: string): Locator {
    return this.page.getByTestId(`kpi-${metric}`);
  }

  /** A tier's row of the results, by its role (`disk`, `file_cache`, `interval_cache`). */
  tierRow(role: string): Locator {
    return this.page.getByTestId(`tier-row-${role}`);
  }

  /** A flash tier's lifetime in the results. */
  flashLifetime(role: string): Locator {
    return this.page.getByTestId(`flash-${role}-lifetime`);
  }

  /** The results' chart of each tier's load. */
  get tierChart(): Locator {
    return this.page.getByTestId('tier-chart');
  }

  /** The results' time series (with `run.timeseries` on). */
  get timeseriesChart(): Locator {
    return this.page.getByTestId('timeseries-chart');
  }

  /** The phone's sticky run bar. */
  get runBar(): Locator {
    return this.page.getByTestId('run-bar');
  }

  /** A part of the run bar (`run`, `results`, `rejection`, `hit`, `streams`, `spd`, `jump`). */
  runBarPart(part: string): Locator {
    return this.page.getByTestId(`runbar-${part}`);
  }

  /** The results' heading (the run bar's jump lands on it). */
  get resultsTitle(): Locator {
    return this.page.locator('#results-title');
  }

  /** The hint under a field. */
  hint(path: string): Locator {
    return this.page.locator('.field', { has: this.field(path) }).locator('.hint');
  }

  /** A tier's bandwidth as derived from its device's timing, beside the datasheet's. */
  tierDerived(role: string): Locator {
    return this.page.getByTestId(`tier-${role}-derived`);
  }

  /** A tier's peak utilisation in the results. */
  tierPeak(role: string): Locator {
    return this.page.getByTestId(`tier-${role}-util_peak`);
  }

  /** The peak hour of the workload's rate profile. */
  get ratePeak(): Locator {
    return this.page.getByTestId('rate-profile-peak');
  }

  get catalog(): Locator {
    return this.page.getByTestId('device-catalog');
  }

  get catalogToggle(): Locator {
    return this.page.getByTestId('catalog-toggle');
  }

  /** The catalog row of the device at this index. */
  deviceRow(index: number): Locator {
    return this.page.getByTestId(`device-row-${index}`);
  }

  /** Unfold a device's flash fields in the catalog. */
  async showFlashDetails(index: number): Promise<void> {
    await this.page.getByTestId(`flash-details-${index}`).click();
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

  /** The note on results whose scenario differs from the form (what changed, and Run again). */
  get staleNote(): Locator {
    return this.page.getByTestId('results-stale');
  }

  /** The form's labels of what changed since the results ran, as the stale note lists them. */
  get staleChanges(): Locator {
    return this.page.getByTestId('results-stale-changes');
  }

  /** Run again, from the stale note: waits until the new results are current. */
  async runAgain(timeout = 120_000): Promise<void> {
    await this.page.getByTestId('results-run-again').click();
    await expect(this.results).toHaveAttribute('data-stale', 'false', { timeout });
  }

  async setField(path: string, value: string): Promise<void> {
    const f = this.field(path);
    await f.fill(value);
    await f.blur();
  }

  /** Wait until the core has validated the current scenario and found it valid. */
  async waitValid(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-valid', 'true');
    await expect(this.runButton).toBeEnabled();
  }

  /** Unfold the device catalog (folded on narrow screens; always open on wide ones). */
  async showCatalog(): Promise<void> {
    const toggle = this.catalogToggle;
    if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(this.catalog).toHaveAttribute('data-folded', 'false');
  }

  async loadPreset(id: string): Promise<void> {
    await this.page.getByTestId('preset-select').selectOption(id);
    await this.page.getByTestId('preset-load').click();
    // The preset comes from a worker: wait until it has arrived and the app has
    // applied it, so that a following edit, scenario() or waitValid() meets the
    // preset, not the old scenario (the default scenario is itself a preset, so
    // the marker alone can already read `id` while the load is on its way).
    await expect(this.presetStatus).toHaveAttribute('data-loading', 'false');
    await expect(this.presetStatus).toHaveAttribute('data-preset', id);
    await expect(this.presetStatus).toHaveAttribute('data-modified', 'false');
  }

  async run(): Promise<void> {
    await this.waitValid();
    await this.runButton.click();
  }

  async runToResults(timeout = 120_000): Promise<void> {
    await this.run();
    await expect(this.results).toBeVisible({ timeout });
  }

  /** The autosaved entry of this browser (its JSON text), or null. */
  async autosaved(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('tierplan.autosave'));
  }

  /** How far the page is wider than the window (≤ 0: no horizontal overflow). */
  async overflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  async scenario(): Promise<Scenario> {
    return JSON.parse(await this.page.getByTestId('scenario-json').textContent() ?? 'null') as Scenario;
  }

  async result(): Promise<RunResult> {
    return JSON.parse(await this.page.getByTestId('result-json').textContent() ?? 'null') as RunResult;
  }
}
