import { expect, type Page } from '@playwright/test';
import { AppPage } from './AppPage';

/** The planner seen through its URL, autosave and preset controls (src/state). */
export class LinksPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async goto(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await expect(this.root).toBeVisible();
  }

  hash(): Promise<string> {
    return this.page.evaluate(() => location.hash);
  }

  /** Wait until the URL has followed the last edit (debounced pushState). */
  async waitUrlChangedFrom(previous: string): Promise<string> {
    await expect.poll(() => this.hash(), { timeout: 120_000 }).not.toBe(previous);
    return this.hash();
  }

  /** Every scenario field's value, by its path. */
  async formValues(): Promise<Record<string, string>> {
    return this.page.locator('[data-testid^="field-"]').evaluateAll((els) =>
      Object.fromEntries(
        els.map((el) => {
          const e = el as HTMLInputElement;
          return [e.dataset.testid ?? '', e.type === 'checkbox' || e.type === 'radio' ? String(e.checked) : e.value];
        }),
      ),
    );
  }
}
