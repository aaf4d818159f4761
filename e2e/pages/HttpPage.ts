import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

export interface MissPoint {
  series: string;
  x: number;
  y: number;
}

/** Page object of the "HTTP streaming" tab (request-level engine). */
export class HttpPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-http').click();
    await expect(this.page.getByTestId('http-view')).toBeVisible();
  }

  /** Load one of the study's configurations into the scenario. */
  async loadPreset(id: string): Promise<void> {
    await this.page.getByTestId('http-preset').selectOption(id);
    await this.page.getByTestId('http-preset-load').click();
    await expect(this.page.getByTestId('http-editor')).toBeVisible();
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  fieldError(path: string): Locator {
    return this.page.getByTestId(`error-${path}`);
  }

  async setField(path: string, value: number | string): Promise<void> {
    await this.field(path).fill(String(value));
  }

  async figureSettings(s: { fromRate: number; toRate: number; points: number; replications: number; durationH: number; warmupH: number }): Promise<void> {
    for (const [k, v] of Object.entries(s)) await this.page.getByTestId(`http-figure-${k}`).fill(String(v));
  }

  get runFigure(): Locator {
    return this.page.getByTestId('http-figure-run');
  }

  get cancelFigure(): Locator {
    return this.page.getByTestId('http-figure-cancel');
  }

  get figureStatus(): Locator {
    return this.page.getByTestId('http-figure-status');
  }

  async waitFigureDone(timeout = 120_000): Promise<void> {
    await expect(this.figureStatus).toHaveText(/runs done in/, { timeout });
  }

  /** Every point of the miss-ratio chart, from its data attributes. */
  async missPoints(): Promise<MissPoint[]> {
    return this.page
      .getByTestId('http-figure')
      .locator('circle[data-series]')
      .evaluateAll((els) => els.map((e) => ({ series: e.getAttribute('data-series') ?? '', x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')) })));
  }

  /** Click a button that downloads a file; the file's text. */
  async download(button: Locator): Promise<{ text: string; name: string }> {
    const [dl]: [Download, void] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    const text = (await readFile(await dl.path())).toString('utf8');
    return { text, name: dl.suggestedFilename() };
  }

  /** The miss-ratio figure's CSV. */
  async figureCsv(): Promise<string> {
    return (await this.download(this.page.getByTestId('http-miss-export-csv'))).text;
  }

  async runSingle(timeout = 60_000): Promise<void> {
    await expect(this.page.getByTestId('http-single-run')).toBeEnabled();
    await this.page.getByTestId('http-single-run').click();
    await expect(this.page.getByTestId('http-single-result')).toBeVisible({ timeout });
  }

  /** The scenario as the app holds it (the main tab's download), parsed. */
  async scenarioJson(): Promise<unknown> {
    await this.page.getByTestId('tab-scenario').click();
    const { text } = await this.download(this.page.getByTestId('download-scenario'));
    await this.page.getByTestId('tab-http').click();
    return JSON.parse(text) as unknown;
  }
}
