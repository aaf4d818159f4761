import { expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './AppPage';

/** The planner seen through its URL, autosave and preset controls (src/state). */
export class LinksPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async goto(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await expect(this.page.getByTestId('app')).toBeVisible();
  }

  get notice(): Locator {
    return this.page.getByTestId('notice');
  }

  get presetStatus(): Locator {
    return this.page.getByTestId('preset-status');
  }

  hash(): Promise<string> {
    return this.page.evaluate(() => location.hash);
  }

  /** Wait until the URL has followed the last edit (debounced pushState). */
  async waitUrlChangedFrom(previous: string): Promise<string> {
    await expect.poll(() => this.hash(), { timeout: 10_000 }).not.toBe(previous);
    return this.hash();
  }

  async copyLink(): Promise<string> {
    await this.page.getByTestId('share-link').click();
    const field = this.page.getByTestId('share-url');
    await expect(field).toBeVisible();
    return field.inputValue();
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

  async autosaved(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('tierplan.autosave'));
  }
}
