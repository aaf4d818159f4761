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

  async readAndFit(): Promise<void> {
    await this.page.getByTestId('log-read').click();
    await expect(this.status).toContainText('requests', { timeout: 60_000 });
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
