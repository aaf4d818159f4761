import { expect, type Locator, type Page } from '@playwright/test';
import type { CharacterizeRow } from '../../src/planner/characterise';
import { lookAt } from './look';
import { axeViolations } from './axe';

export interface Spec {
  queueDepths: string;
  seconds: number;
  passes: number;
  seed: number;
  model?: 'scalable' | 'reference';
}

/** Page object of a device's characterisation under the Scenario tab's device catalog. */
export class CharacterisePage {
  constructor(readonly page: Page) {}

  /** The catalog row of the device with this id. */
  row(id: string): Locator {
    return this.page.locator('[data-testid^="device-row-"]').filter({ hasText: `id: ${id}` });
  }

  async characterise(id: string): Promise<void> {
    await this.row(id).getByRole('button', { name: /^Characterise device/ }).click();
    await expect(this.panel).toHaveAttribute('data-device', id);
  }

  get panel(): Locator {
    return this.page.getByTestId('char-panel');
  }

  get status(): Locator {
    return this.page.getByTestId('char-status');
  }

  /** A field of the spec: `queue_depths`, `seconds`, `precondition_passes`, `seed`, `model`. */
  specField(name: string): Locator {
    return this.page.getByTestId(`char-${name}`);
  }

  async setSpec(s: Spec): Promise<void> {
    await this.specField('queue_depths').fill(s.queueDepths);
    await this.specField('seconds').fill(String(s.seconds));
    await this.specField('precondition_passes').fill(String(s.passes));
    await this.specField('seed').fill(String(s.seed));
    if (s.model) await this.specField('model').selectOption(s.model);
  }

  /** How many I/Os the spec asks for. */
  get estimate(): Locator {
    return this.page.getByTestId('char-estimate');
  }

  /** The bar of a running characterisation; `data-phase` is `preconditioning` or `measured tests`. */
  get progress(): Locator {
    return this.page.getByTestId('char-progress');
  }

  /** The counts beside the bar: preconditioning writes, then measured tests. */
  get progressCounts(): Locator {
    return this.page.getByTestId('char-counts');
  }

  get runButton(): Locator {
    return this.page.getByTestId('char-run');
  }

  get cancelButton(): Locator {
    return this.page.getByTestId('char-cancel');
  }

  get result(): Locator {
    return this.page.getByTestId('char-result');
  }

  get table(): Locator {
    return this.page.getByTestId('char-table');
  }

  /** The preconditioning chart (throughput over time). */
  get precondition(): Locator {
    return this.page.getByTestId('char-precondition');
  }

  /** The chart of IOPS against queue depth. */
  get qdChart(): Locator {
    return this.page.getByTestId('char-qd');
  }

  /** Every point of the queue-depth chart, fresh and steady. */
  get qdPoints(): Locator {
    return this.page.locator('[data-testid^="char-qd-fresh-point-"], [data-testid^="char-qd-steady-point-"]');
  }

  /** The points of the preconditioning chart, or the i-th one. */
  mbpsPoints(i?: number): Locator {
    return i === undefined ? this.page.locator('[data-testid^="char-mbps-point-mbps-"]') : this.page.getByTestId(`char-mbps-point-mbps-${i}`);
  }

  /** The throughput of each preconditioning bucket, in order. */
  async mbpsSeries(): Promise<number[]> {
    return this.mbpsPoints().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-y'))));
  }

  /** One row of the table: a pattern in a state at a queue depth. */
  tableRow(pattern: string, state: 'fresh' | 'steady', qd: number): Locator {
    return this.page.locator(`[data-testid="char-row"][data-pattern="${pattern}"][data-state="${state}"][data-qd="${qd}"]`);
  }

  /** The published figure shown beside a row. */
  published(row: Locator): Locator {
    return row.getByTestId('char-published');
  }

  async runToResult(timeout = 240_000): Promise<void> {
    await this.runButton.click();
    await expect(this.result).toBeVisible({ timeout });
  }

  /** The table's rows as the numbers behind them (data attributes), in the core's field names. */
  async rows(): Promise<CharacterizeRow[]> {
    return this.page.getByTestId('char-row').evaluateAll((els) =>
      els.map((e) => {
        const d = (e as HTMLElement).dataset;
        return {
          pattern: d.pattern,
          state: d.state,
          queue_depth: Number(d.qd),
          mbps: Number(d.mbps),
          iops: Number(d.iops),
          mean_ms: Number(d.meanMs),
          p99_ms: Number(d.p99Ms),
          p999_ms: Number(d.p999Ms),
          max_ms: Number(d.maxMs),
          wa: Number(d.wa),
        } as CharacterizeRow;
      }),
    );
  }

  /** axe (every rule) finds nothing inside the element with this test id. */
  async axeClean(testId = 'char-panel'): Promise<void> {
    const violations = await axeViolations(this.page, `[data-testid="${testId}"]`);
    expect(violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  /** A screenshot of the viewport with the element at its top, to look at (e2e/pages/look.ts). */
  async shot(what: Locator, name: string): Promise<void> {
    await what.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await lookAt(this.page, name);
  }

}
