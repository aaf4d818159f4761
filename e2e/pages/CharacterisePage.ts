import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { CharacterizeRow } from '../../src/planner/characterise';

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

  async setSpec(s: Spec): Promise<void> {
    await this.page.getByTestId('char-queue_depths').fill(s.queueDepths);
    await this.page.getByTestId('char-seconds').fill(String(s.seconds));
    await this.page.getByTestId('char-precondition_passes').fill(String(s.passes));
    await this.page.getByTestId('char-seed').fill(String(s.seed));
    if (s.model) await this.page.getByTestId('char-model').selectOption(s.model);
  }

  async runToResult(timeout = 120_000): Promise<void> {
    await this.page.getByTestId('char-run').click();
    await expect(this.page.getByTestId('char-result')).toBeVisible({ timeout });
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
    const { violations } = await new AxeBuilder({ page: this.page }).include(`[data-testid="${testId}"]`).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  /** A screenshot of the viewport with the element at its top, under $SHOTS_DIR (default test-results/shots), to look at. */
  async shot(what: Locator, name: string): Promise<string> {
    const dir = process.env.SHOTS_DIR ?? 'test-results/shots';
    mkdirSync(dir, { recursive: true });
    const path = `${dir}/${name}.png`;
    await what.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await this.page.screenshot({ path });
    return path;
  }
}
