import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

export interface MissPoint {
  series: string;
  x: number;
  y: number;
  /** Drawn hollow: provisional, more replications to come. */
  open: boolean;
  /** Drawn at a lower bound with an arrow: saturated. */
  atLeast: boolean;
  /** Drawn small: a rate never run, its 0 % vouched for by a higher rate. */
  inferred: boolean;
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

  /** The note shown while the scenario has no request section. */
  get noRequest(): Locator {
    return this.page.getByTestId('http-no-request');
  }

  /** What the figure's settings amount to (rates × policies = points). */
  get figurePlan(): Locator {
    return this.page.getByTestId('http-figure-plan');
  }

  /** The miss-ratio chart's points. */
  get figurePoints(): Locator {
    return this.page.getByTestId('http-figure').locator('circle[data-series]');
  }

  /** The table of each policy's highest rate. */
  get maxRateTable(): Locator {
    return this.page.getByTestId('http-maxrate-table');
  }

  /** The button that searches every policy for its highest rate. */
  get runMaxRate(): Locator {
    return this.page.getByTestId('http-maxrate-run');
  }

  /** A policy's searched highest rate (`hdd`, `block`, `ring-cold`, `ring-warm`, `object`). */
  maxRateSearch(policy: string): Locator {
    return this.page.getByTestId(`http-maxrate-search-${policy}`);
  }

  /** One of the figure's settings (`fromRate`, `toRate`, `points`, `replications`, `durationH`, `warmupH`). */
  figureSetting(name: string): Locator {
    return this.page.getByTestId(`http-figure-${name}`);
  }

  get singleRun(): Locator {
    return this.page.getByTestId('http-single-run');
  }

  get singleUtilChart(): Locator {
    return this.page.getByTestId('http-single-util-chart');
  }

  get singleRows(): Locator {
    return this.page.getByTestId('http-single-table-row');
  }

  /** Download the single run's result. */
  get singleDownload(): Locator {
    return this.page.getByTestId('http-single-download');
  }

  /** Export the run's I/O stream. */
  get ioExport(): Locator {
    return this.page.getByTestId('http-io-export');
  }

  /** An entry of the study's configurations in the picker. */
  presetOption(id: string): Locator {
    return this.page.getByTestId('http-preset').locator(`option[value="${id}"]`);
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
    for (const [k, v] of Object.entries(s)) await this.figureSetting(k).fill(String(v));
  }

  get runFigure(): Locator {
    return this.page.getByTestId('http-figure-run');
  }

  /** Stop: the figure keeps what is done. */
  get cancelFigure(): Locator {
    return this.page.getByTestId('http-figure-cancel');
  }

  get figureStatus(): Locator {
    return this.page.getByTestId('http-figure-status');
  }

  /** The pass under way, as the status shows it ("Pass 2: where the curves bend"). */
  get figurePass(): Locator {
    return this.page.getByTestId('http-figure-pass');
  }

  /** The figure's live region: what a screen reader is told (the pass, how the figure ended). */
  get figureAnnounce(): Locator {
    return this.page.getByTestId('http-figure-announce');
  }

  /** The figure's card; it carries `data-first-picture-ms` once the first complete picture is drawn. */
  get figureCard(): Locator {
    return this.page.getByTestId('http-figure');
  }

  /** A legend entry of the miss-ratio chart's markers (`marker-open`: provisional, `marker-at-least`: saturated). */
  figureLegend(id: 'marker-open' | 'marker-at-least' | 'marker-inferred'): Locator {
    return this.figureCard.getByTestId(`legend-${id}`);
  }

  async waitFigureDone(timeout = 240_000): Promise<void> {
    await expect(this.figureStatus).toHaveText(/^Done: \d+ points from \d+ runs/, { timeout });
  }

  /** Every point of the miss-ratio chart, from its data attributes. */
  async missPoints(): Promise<MissPoint[]> {
    return this.figurePoints.evaluateAll((els) =>
      els.map((e) => ({
        series: e.getAttribute('data-series') ?? '',
        x: Number(e.getAttribute('data-x')),
        y: Number(e.getAttribute('data-y')),
        open: e.getAttribute('data-open') === 'true',
        atLeast: e.getAttribute('data-at-least') === 'true',
        inferred: e.getAttribute('data-inferred') === 'true',
      })),
    );
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

  /** The miss-ratio chart's second x axis (Gb/s on the wire), along its top. */
  get figureGbpsAxis(): Locator {
    return this.page.getByTestId('http-miss-x2');
  }

  /** The rate whose runs the details explain. */
  get detailsRate(): Locator {
    return this.page.getByTestId('http-details-rate');
  }

  /** The policy whose run the details explain. */
  get detailsPolicy(): Locator {
    return this.page.getByTestId('http-details-policy');
  }

  /** The details of a chosen run, or one of its parts (`why`, `util`, `writes`, `split`). */
  details(part?: string): Locator {
    return this.page.getByTestId(part ? `http-details-${part}` : 'http-details');
  }

  /** The points of a device's busiest-second utilisation chart. */
  utilisationPoints(device: string): Locator {
    return this.page.locator(`[data-testid^="http-details-util-chart-point-${device}-"]`);
  }

  get writesMedian(): Locator {
    return this.page.getByTestId('http-details-writes-median');
  }

  /** The median marked on the write-size CDF. */
  get writesMedianMark(): Locator {
    return this.page.getByTestId('http-details-writes-chart-overlay-median');
  }

  /** The write-size CDF's values, in order. */
  async writeSizeCdf(): Promise<number[]> {
    return this.page.locator('[data-testid^="http-details-writes-chart-point-cdf-"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-y'))));
  }

  /** The parts of the time split. */
  get splitParts(): Locator {
    return this.page.locator('[data-testid^="http-details-split-part-"]');
  }

  /** The way from the details to the device catalog. */
  get toCatalog(): Locator {
    return this.page.getByTestId('http-to-catalog');
  }

  async runSingle(timeout = 120_000): Promise<void> {
    await expect(this.singleRun).toBeEnabled();
    await this.singleRun.click();
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
