import { expect, type Locator, type Page } from '@playwright/test';

export interface BlockRow {
  cache: string;
  meanMs: string;
  hitRatio: string;
}

/** Page object of the "Block caches" tab (SPEC §13). */
export class BlockPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByTestId('app')).toBeVisible();
    await this.page.getByTestId('tab-block').click();
    await expect(this.page.getByTestId('block-view')).toBeVisible();
    await expect(this.page.getByTestId('block-run')).toBeVisible();
  }

  /** Choose a trace file (as the file chooser would). */
  async chooseTrace(path: string): Promise<void> {
    await this.page.getByTestId('block-trace').setInputFiles(path);
  }

  get format(): Locator {
    return this.page.getByTestId('block-trace-format');
  }

  get run(): Locator {
    return this.page.getByTestId('block-run');
  }

  get cancel(): Locator {
    return this.page.getByTestId('block-cancel');
  }

  get result(): Locator {
    return this.page.getByTestId('block-result');
  }

  /** The comparison table's rows: cache, mean response and hit ratio as shown. */
  async rows(): Promise<BlockRow[]> {
    await expect(this.result).toBeVisible();
    return this.result.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.children).map((c) => c.textContent ?? '');
        return { cache: cells[0], meanMs: cells[1], hitRatio: cells[3] };
      }),
    );
  }
}
