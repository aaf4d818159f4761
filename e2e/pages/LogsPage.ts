import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Page object of the Logs view (src/logs/). */
export class LogsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toHaveAttribute('data-valid', 'true');
    await this.page.getByTestId('tab-logs').click();
    await expect(this.page.getByTestId('logs')).toBeVisible();
  }

  /** Drop a file onto the drop zone, as a user dragging it from the desktop. */
  async drop(path: string, name: string): Promise<void> {
    const text = readFileSync(resolve(process.cwd(), path), 'utf8');
    const data = await this.page.evaluateHandle(
      ([t, n]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], n, { type: 'text/csv' }));
        return dt;
      },
      [text, name] as const,
    );
    await this.page.getByTestId('log-drop').dispatchEvent('dragover', { dataTransfer: data });
    await this.page.getByTestId('log-drop').dispatchEvent('drop', { dataTransfer: data });
    await expect(this.page.getByTestId('log-file-name')).toContainText(name);
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }
  get preview(): Locator {
    return this.page.getByTestId('log-preview');
  }
  get status(): Locator {
    return this.page.getByTestId('log-status');
  }
  get badLines(): Locator {
    return this.page.getByTestId('log-bad-lines');
  }

  /** The fitted exponent with its interval, in both conventions. */
  get theta(): Locator {
    return this.page.getByTestId('log-theta');
  }

  get rankChart(): Locator {
    return this.page.getByTestId('log-rank-chart');
  }

  get hourChart(): Locator {
    return this.page.getByTestId('log-hour-chart');
  }

  /** The fitted churn (new titles a day). */
  get churn(): Locator {
    return this.page.getByTestId('log-churn');
  }

  /** Load the sample log. */
  get sampleButton(): Locator {
    return this.page.getByTestId('log-sample');
  }

  /** The file chooser. */
  get fileInput(): Locator {
    return this.page.getByTestId('log-file');
  }

  get replayWindows(): Locator {
    return this.page.getByTestId('replay-windows');
  }

  get replayRun(): Locator {
    return this.page.getByTestId('replay-run');
  }

  /** The replay beside the fitted scenario. */
  get replayTable(): Locator {
    return this.page.getByTestId('replay-table');
  }

  /** Size the architectures on the replayed log. */
  get replayOptimise(): Locator {
    return this.page.getByTestId('replay-optimise');
  }

  get replayOptTable(): Locator {
    return this.page.getByTestId('replay-opt-table');
  }

  /** The title-curve panel (how much flash for the catalog). */
  get curve(): Locator {
    return this.page.getByTestId('log-curve');
  }

  get curveWindow(): Locator {
    return this.page.getByTestId('log-curve-window');
  }

  get curveTarget(): Locator {
    return this.page.getByTestId('log-curve-target');
  }

  get curvePolicy(): Locator {
    return this.page.getByTestId('log-curve-policy');
  }

  get curveRun(): Locator {
    return this.page.getByTestId('log-curve-run');
  }

  get curveResult(): Locator {
    return this.page.getByTestId('log-curve-result');
  }

  get curveChart(): Locator {
    return this.page.getByTestId('log-curve-chart');
  }

  /** The Zipf fit drawn over the curves. */
  get curveZipf(): Locator {
    return this.page.getByTestId('log-curve-chart-overlay-zipf');
  }

  /** The second axis: flash needed. */
  get curveFlashAxis(): Locator {
    return this.page.getByTestId('log-curve-chart-x2');
  }

  /** How many titles reach the target share. */
  get curveAtTarget(): Locator {
    return this.page.getByTestId('log-curve-at-target');
  }

  /** Count shares in bytes served. */
  get curveCountBytes(): Locator {
    return this.page.getByTestId('log-curve-count-bytes');
  }

  /** Count shares in requests. */
  get curveCountRequests(): Locator {
    return this.page.getByTestId('log-curve-count-requests');
  }

  /** Use the size in the flash file cache. */
  get curveUse(): Locator {
    return this.page.getByTestId('log-curve-use');
  }

  get curveApplied(): Locator {
    return this.page.getByTestId('log-curve-applied');
  }

  /** The x and y of every point of a title-curve series (`static_lfu`, `lru`, `windowed_lfu`). */
  async curvePoints(series: string): Promise<[number, number][]> {
    return this.curveChart.locator(`[data-series="${series}"]`).evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y'))] as [number, number]));
  }

  /** Choose a log file, as the file chooser would. */
  async chooseFile(name: string, text: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  }

  async readAndFit(): Promise<void> {
    await this.page.getByTestId('log-read').click();
    await expect(this.status).toContainText('requests', { timeout: 120_000 });
  }

  exponent(): Promise<number> {
    return this.page
      .getByTestId('log-exponent')
      .getAttribute('data-value')
      .then((v) => Number(v));
  }
  async peakHour(): Promise<number> {
    return Number(await this.page.getByTestId('log-peak').getAttribute('data-hour'));
  }

  async useFit(): Promise<void> {
    await this.page.getByTestId('log-use-fit').click();
  }
}
