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

  get scenarioRun(): Locator {
    return this.page.getByTestId('flash-scenario-run');
  }

  get scenarioCancel(): Locator {
    return this.page.getByTestId('flash-scenario-cancel');
  }

  get scenarioProgress(): Locator {
    return this.page.getByTestId('flash-scenario-progress');
  }

  get scenarioStatus(): Locator {
    return this.page.getByTestId('flash-scenario-status');
  }

  /** The wear run's table, or its row of one flash tier. */
  scenarioTable(role?: 'file_cache' | 'interval_cache'): Locator {
    return this.page.getByTestId(role ? `flash-scenario-table-${role}` : 'flash-scenario-table');
  }

  async runScenario(): Promise<void> {
    await this.scenarioRun.click();
    await expect(this.scenarioTable()).toBeVisible({ timeout: 120_000 });
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

  get compareProgress(): Locator {
    return this.page.getByTestId('flash-compare-progress');
  }

  /** The worked example of the study's lifetime formula. */
  get studyExample(): Locator {
    return this.page.getByTestId('study-example');
  }

  /** The SLC buffer's lifetime at the MLC buffer's write rate. */
  get slcSameRateLifetime(): Locator {
    return this.page.getByTestId('slc-same-rate-lifetime');
  }

  get lifetimeChart(): Locator {
    return this.page.getByTestId('lifetime-chart');
  }

  /** The table of write amplification against spare factor ρ, or its row at one ρ. */
  waTable(rho?: string): Locator {
    return this.page.getByTestId(rho === undefined ? 'wa-table' : `wa-row-${rho}`);
  }

  /** The WA chart's curve of the formula. */
  get waFormula(): Locator {
    return this.page.getByTestId('wa-chart-overlay-formula');
  }

  /** A point of the WA chart from the greedy-GC simulator. */
  waSimulated(i: number): Locator {
    return this.page.getByTestId(`wa-chart-point-sim-${i}`);
  }

  /** Where the cost model's inputs come from (the FAST'12 example, or the scenario). */
  get costOrigin(): Locator {
    return this.page.getByTestId('cost-origin');
  }

  /** The optimum utilisation u or read share r. */
  costOptimum(which: 'u' | 'r'): Locator {
    return this.page.getByTestId(`cost-optimum-${which}`);
  }

  get cachingGb(): Locator {
    return this.page.getByTestId('cost-caching-gb');
  }

  get overProvisioningGb(): Locator {
    return this.page.getByTestId('cost-op-gb');
  }

  /** The cost curve's optimum point. */
  get costCurveOptimum(): Locator {
    return this.page.getByTestId('cost-curve-point-optimum-0');
  }

  get costHeatmap(): Locator {
    return this.page.getByTestId('cost-heatmap');
  }

  get costHeatmapMarker(): Locator {
    return this.page.getByTestId('cost-heatmap-marker');
  }

  /** A row of the optimum-against-writes sweep. */
  costSweep(i: number): Locator {
    return this.page.getByTestId(`cost-sweep-${i}`);
  }

  /** The cache's partition into caching and over-provisioning. */
  get costPartition(): Locator {
    return this.page.getByTestId('cost-partition');
  }

  get costReset(): Locator {
    return this.page.getByTestId('cost-reset');
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
