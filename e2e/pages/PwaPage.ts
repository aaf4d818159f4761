import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';

export interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Page object for the installable, offline side of the app: service worker and manifest. */
export class PwaPage {
  constructor(readonly page: Page) {}

  /** Wait until the service worker has installed (precached everything) and is active. */
  async waitOfflineReady(): Promise<void> {
    // `ready` resolves once a worker is active, which may still be
    // 'activating' (finishing its activate handler): wait for 'activated'.
    await expect
      .poll(() => this.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 120_000 })
      .toBe('activated');
    await expect(this.page.getByTestId('pwa-offline-ready')).toBeVisible();
  }

  /** The offer of a new version ("Reload to update"). */
  get updateOffer(): Locator {
    return this.page.getByTestId('pwa-update');
  }

  get reloadButton(): Locator {
    return this.page.getByTestId('pwa-reload');
  }

  /** Ask the service worker registration to look for a new version. */
  async checkForUpdate(): Promise<void> {
    await this.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  }

  /** The manifest the page links to, and its URL. */
  async manifest(request: APIRequestContext): Promise<{ url: string; manifest: Manifest }> {
    const href = await this.page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const url = new URL(href ?? '', this.page.url()).href;
    const res = await request.get(url);
    expect(res.ok()).toBe(true);
    return { url, manifest: (await res.json()) as Manifest };
  }

  /** Width and height of a PNG from its IHDR chunk. */
  static pngSize(bytes: Buffer): [number, number] {
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  }
}

/**
 * Stand-in for a deploy: rewrite the built service worker in place with one
 * revision changed (same length, so `vite preview`'s cached file size still
 * holds). Returns a function that puts the original back.
 */
export function deployNewServiceWorker(dist = 'dist'): () => void {
  const path = `${dist}/sw.js`;
  const original = readFileSync(path, 'utf8');
  const changed = original.replace(/(url:"index\.html",revision:")([0-9a-f])/, (_, head: string, c: string) => `${head}${c === '0' ? '1' : '0'}`);
  if (changed === original) throw new Error('sw.js has no index.html revision to change');
  writeFileSync(path, changed);
  return () => writeFileSync(path, original);
}
