import { expect, type Locator, type Page } from '@playwright/test';
import type { ReproductionRow, Verdict } from '../../src/reproduce/types';
import { AppPage } from './AppPage';

/** Page object of the "Study claims" tab. */
export class ReproducePage {
  readonly app: AppPage;
  constructor(readonly page: Page) {
    this.app = new AppPage(page);
  }

  async open(): Promise<void> {
    await this.page.getByTestId('tab-reproduce').click();
    await expect(this.page.getByTestId('repro-table')).toBeVisible();
  }

  get runAll(): Locator {
    return this.page.getByTestId('repro-run');
  }

  get cancel(): Locator {
    return this.page.getByTestId('repro-cancel');
  }

  get progress(): Locator {
    return this.page.getByTestId('repro-progress');
  }

  get status(): Locator {
    return this.page.getByTestId('repro-status');
  }

  get tally(): Locator {
    return this.page.getByTestId('repro-tally');
  }

  /** The block of one claim (its row and its explanation). */
  claim(id: string): Locator {
    return this.page.getByTestId(`claim-${id}`);
  }

  async verdict(id: string): Promise<Verdict> {
    return (await this.claim(id).getAttribute('data-verdict')) as Verdict;
  }

  cell(id: string, what: 'ours' | 'published' | 'difference' | 'verdict' | 'note' | 'text'): Locator {
    return this.claim(id).getByTestId(`claim-${what}`);
  }

  /** Run every simulated claim and wait until all have finished. */
  async runAllToEnd(timeout = 840_000): Promise<void> {
    await this.runAll.click();
    await expect(this.status).toContainText(/^\d+ simulations done in/, { timeout });
    await expect(this.tally).not.toContainText('not run yet');
  }

  /** The table as the page shows it (its JSON export). */
  async rows(): Promise<ReproductionRow[]> {
    return JSON.parse((await this.page.getByTestId('repro-json').textContent()) ?? 'null') as ReproductionRow[];
  }

  /** Ids of the claims with a given verdict, read from the table. */
  async idsWith(verdict: Verdict): Promise<string[]> {
    const blocks = this.page.locator(`[data-testid^="claim-"][data-verdict="${verdict}"]`);
    const ids = await blocks.evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace(/^claim-/, '')));
    return ids;
  }
}
