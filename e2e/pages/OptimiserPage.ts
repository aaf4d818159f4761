import { expect, type Locator, type Page } from '@playwright/test';
import type { FleetResult, OptimizeResult } from '../../src/engine/types';

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
  /** The caption under the results table: how targets were decided and the ceiling applied. */
  get caption(): Locator {
    return this.page.getByTestId('opt-caption');
  }
  error(path: string): Locator {
    return this.page.getByTestId(`error-${path}`);
  }

  /** The peak hour of a fitted rate profile, as the view names it. */
  get peak(): Locator {
    return this.page.getByTestId('opt-peak');
  }

  /** Plan for the peak hour. */
  get peakHour(): Locator {
    return this.page.getByTestId('opt-peak-hour');
  }

  get progress(): Locator {
    return this.page.getByTestId('opt-progress');
  }

  /** An architecture's checkbox. */
  architecture(arch: string): Locator {
    return this.page.getByTestId(`opt-arch-${arch}`);
  }

  /** An architecture's search space (its size, or why it is not searched). */
  space(arch: string): Locator {
    return this.page.getByTestId(`opt-space-${arch}`);
  }

  /** The note that the scenario's invalid counts are ignored by the search. */
  get countsIgnored(): Locator {
    return this.page.getByTestId('opt-counts-ignored');
  }

  get errorSummary(): Locator {
    return this.page.getByTestId('opt-error-summary');
  }

  /** The note on a field left empty: derived from the workload. */
  derived(path: string): Locator {
    return this.page.getByTestId(`derived-${path}`);
  }

  get results(): Locator {
    return this.page.getByTestId('opt-results');
  }

  /** The table's scrolling wrapper. */
  get tableWrap(): Locator {
    return this.page.locator('.opt-table-wrap');
  }

  get chart(): Locator {
    return this.page.getByTestId('opt-chart');
  }

  /** A label of the chart. */
  chartLabel(text: string): Locator {
    return this.page.getByTestId('opt-chart-text').filter({ hasText: text });
  }

  /** The chart's points on the Pareto front. */
  get paretoPoints(): Locator {
    return this.page.locator('[data-testid^="opt-chart-point-"][data-pareto="true"]');
  }

  /** "Use this configuration" of an architecture's row. */
  use(arch: string): Locator {
    return this.page.getByTestId(`opt-use-${arch}`);
  }

  /** Every "Use this configuration" shown: one per architecture whose search has finished. */
  get useButtons(): Locator {
    return this.page.locator('[data-testid^="opt-use-"]');
  }

  /** What is known of the work left while the search runs: the core's bound, and the time at the recent pace once measured. */
  get left(): Locator {
    return this.page.getByTestId('opt-left');
  }

  /** An architecture's line in the progress list while the search runs. */
  progressOf(arch: string): Locator {
    return this.page.getByTestId(`opt-progress-${arch}`);
  }

  /** The rows of architectures a cancel stopped before they finished. */
  get cancelledRows(): Locator {
    return this.page.locator('[data-testid^="opt-row-"][data-cancelled="true"]');
  }

  /** The note on a space large enough to search for minutes. */
  get largeSpace(): Locator {
    return this.page.getByTestId('opt-large-space');
  }

  /** The large-space note's button that lowers a tier's count maximum. */
  lowerMax(role: string): Locator {
    return this.page.getByTestId(`opt-lower-${role}`);
  }

  /**
   * With a search running: wait until its first architecture has finished
   * (its row shows "Use this configuration"), then cancel the rest; the
   * architecture that finished first.
   */
  async cancelOnceOneFinished(): Promise<string> {
    await expect(this.useButtons.first()).toBeVisible({ timeout: 180_000 });
    await this.cancelButton.click();
    await expect(this.runButton).toBeEnabled();
    const id = (await this.useButtons.first().getAttribute('data-testid')) ?? '';
    return id.replace(/^opt-use-/, '');
  }

  /** "Plan a fleet" instead of one server. */
  get planFleet(): Locator {
    return this.page.getByTestId('opt-plan-fleet');
  }
  /** The fleet's routing: any server or by title. */
  get fleetRouting(): Locator {
    return this.page.getByTestId('opt-fleet-routing');
  }
  /** What the fleet's answer leads with: "N servers of …, limited by …". */
  get fleetHeadline(): Locator {
    return this.page.getByTestId('opt-fleet-headline');
  }
  get fleetTable(): Locator {
    return this.page.getByTestId('opt-fleet-table');
  }
  get fleetResults(): Locator {
    return this.page.getByTestId('opt-fleet-results');
  }
  /** The fleet search's result (its JSON export). */
  async fleetResult(): Promise<FleetResult> {
    return JSON.parse((await this.page.getByTestId('opt-fleet-json').textContent()) ?? 'null') as FleetResult;
  }

  /** The search's result (the table's JSON export). */
  async result(): Promise<OptimizeResult> {
    return JSON.parse((await this.page.getByTestId('opt-json').textContent()) ?? 'null') as OptimizeResult;
  }

  get studyCheck(): Locator {
    return this.page.getByTestId('study-check');
  }

  /** The study check's capacity-rule result (its JSON export). */
  async studyCapacityResult(): Promise<OptimizeResult> {
    return JSON.parse((await this.page.getByTestId('study-json-capacity').textContent()) ?? 'null') as OptimizeResult;
  }

  /** The ratio of the study's costs under its capacity rule. */
  get studyRatioCapacity(): Locator {
    return this.page.getByTestId('study-ratio-capacity');
  }

  /** Run the study check and wait for the reproduction table. */
  async runStudyCheck(): Promise<void> {
    await this.studyCheckButton.click();
    await expect(this.studyCheck).toBeVisible({ timeout: 120_000 });
    await expect(this.status).toContainText('Done in');
  }
}
