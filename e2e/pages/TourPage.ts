import { expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './AppPage';
import { SweepsPage } from './SweepsPage';
import { lookAt } from './look';

export type Theme = 'light' | 'dark';

export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Page object for whole-app tours: every tab the tab list shows (so a view
 * added later is visited too), each brought to a state with its charts drawn
 * and results shown by a small, fast action where the view needs one.
 */
export class TourPage {
  readonly app: AppPage;
  constructor(readonly page: Page) {
    this.app = new AppPage(page);
  }

  get tabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Views' }).getByRole('tab');
  }

  /** The ids of every tab, in order (`tab-<id>` test ids). */
  async tabIds(): Promise<string[]> {
    const ids = await this.tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace(/^tab-/, ''));
  }

  /** Before a tab opens: the flash tab's wear run simulates the scenario,
   * so shorten it (the scan needs the table, not ten hours of streams). */
  async prepare(id: string): Promise<void> {
    if (id !== 'flash') return;
    await this.app.setField('run.duration_h', '1');
    await this.app.setField('run.replications', '2');
    await this.app.waitValid();
  }

  async openTab(id: string): Promise<Locator> {
    await this.page.getByTestId(`tab-${id}`).click();
    await expect(this.page.getByTestId(`tab-${id}`)).toHaveAttribute('aria-selected', 'true');
    const panel = this.page.locator(`#view-${id}`);
    await expect(panel).toBeVisible();
    return panel;
  }

  async setTheme(theme: Theme): Promise<void> {
    const toggle = this.page.getByTestId('theme-toggle');
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
  }

  /**
   * Bring the view to a state with results: one short simulation on the
   * scenario tab, a small Fig. 11 sweep, the flash tab's own scenario run.
   * Views without an entry here (closed forms, or views added later) are
   * checked as they open.
   */
  async showResults(id: string): Promise<void> {
    const page = this.page;
    switch (id) {
      case 'scenario':
        if (!(await this.app.results.isVisible())) {
          await this.app.setField('run.duration_h', '2');
          await this.app.setField('run.replications', '2');
          await this.app.runToResults();
        }
        break;
      case 'sweeps': {
        const sw = new SweepsPage(page);
        await sw.settings(3, 1, 1);
        await sw.figureButton('fig11').click();
        await sw.waitDone();
        break;
      }
      case 'flash':
        await page.getByTestId('flash-scenario-run').click();
        await expect(page.getByTestId('flash-scenario-table')).toBeVisible({ timeout: 120_000 });
        break;
      case 'block':
        await page.getByTestId('block-trace').setInputFiles('public/sample-block-trace.csv');
        await page.getByTestId('block-cost-sweep').check();
        await page.getByTestId('block-run').click();
        await expect(page.getByTestId('block-result')).toBeVisible({ timeout: 120_000 });
        break;
      case 'optimiser':
        await page.getByTestId('opt-run').click();
        await expect(page.getByTestId('opt-status')).toContainText('Done in', { timeout: 120_000 });
        break;
      default:
        break;
    }
  }

  /** How far the page is wider than its viewport (≤ 0: no horizontal page scroll). */
  async overflowX(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }

  /**
   * The axis tick labels of every chart drawn on the page that stick out of
   * their SVG (by more than half a pixel), as "text: how far" — empty when
   * every tick label is whole — and how many visible tick labels were checked.
   */
  async clippedTicks(): Promise<{ checked: number; clipped: string[] }> {
    return this.page.evaluate(() => {
      const out: string[] = [];
      let checked = 0;
      for (const t of document.querySelectorAll<SVGTextElement>('svg text.ck-tick, svg text.chart-tick')) {
        const svg = t.ownerSVGElement;
        if (!svg || t.getClientRects().length === 0) continue;
        const a = t.getBoundingClientRect();
        const b = svg.getBoundingClientRect();
        if (a.width === 0 || b.width === 0) continue;
        checked++;
        const past = Math.max(b.left - a.left, a.right - b.right, b.top - a.top, a.bottom - b.bottom);
        if (past > 0.5) out.push(`${t.textContent ?? ''} (${svg.closest('[data-testid]')?.getAttribute('data-testid') ?? 'chart'}): ${past.toFixed(1)} px`);
      }
      return { checked, clipped: out };
    });
  }

  /** A screenshot of one element (a chart, the device catalog), to look at (e2e/pages/look.ts). */
  async shotOf(target: Locator, name: string): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    await lookAt(target, name);
  }

  /** A screenshot of the viewport, to look at (e2e/pages/look.ts). */
  async shot(name: string): Promise<void> {
    await lookAt(this.page, name);
  }

  /** Export the view's first chart as SVG, PNG and CSV (the PNG draws the SVG through a blob: image). */
  async exportFirstChart(): Promise<void> {
    const buttons = this.page.locator('[data-testid$="-export-svg"], [data-testid$="-export-png"], [data-testid$="-export-csv"]');
    const n = Math.min(3, await buttons.count());
    for (let i = 0; i < n; i++) {
      const [dl] = await Promise.all([this.page.waitForEvent('download'), buttons.nth(i).click()]);
      expect(await dl.failure()).toBeNull();
    }
  }
}
