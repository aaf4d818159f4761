import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

export interface PlotPoint {
  series: string;
  x: number;
  y: number;
}

/** Page object of the "Sweeps & figures" tab. */
export class SweepsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-sweeps').click();
    await expect(this.page.getByTestId('sweeps-view')).toBeVisible();
  }

  async settings(points: number, replications: number, durationH: number): Promise<void> {
    await this.page.getByTestId('sweep-points').fill(String(points));
    await this.page.getByTestId('sweep-replications').fill(String(replications));
    await this.page.getByTestId('sweep-durationH').fill(String(durationH));
  }

  figureButton(id: string): Locator {
    return this.page.getByTestId(`figure-${id}`);
  }

  get status(): Locator {
    return this.page.getByTestId('sweep-status');
  }

  get cancel(): Locator {
    return this.page.getByTestId('sweep-cancel');
  }

  /** The chart card showing `metric` for the sweep `spec`. */
  chart(spec: string, metric: string): Locator {
    return this.page.locator(`[data-spec="${spec}"][data-metric="${metric}"]`);
  }

  /** Every measured point of a chart card, from its data attributes. */
  async points(card: Locator): Promise<PlotPoint[]> {
    return card.locator('circle[data-series]').evaluateAll((els) =>
      els.map((e) => ({ series: e.getAttribute('data-series') ?? '', x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')) })),
    );
  }

  async waitDone(timeout = 240_000): Promise<void> {
    await expect(this.status).toHaveText(/^Done: \d+ runs/, { timeout });
  }

  /** Click an export button of a chart card and return the downloaded file's text. */
  async download(card: Locator, kind: 'csv' | 'svg' | 'png'): Promise<{ text: string; bytes: Buffer; name: string }> {
    const [dl]: [Download, void] = await Promise.all([
      this.page.waitForEvent('download'),
      card.locator(`[data-testid$="-export-${kind}"]`).first().click(),
    ]);
    const path = await dl.path();
    const bytes = await readFile(path);
    return { text: bytes.toString('utf8'), bytes, name: dl.suggestedFilename() };
  }
}
