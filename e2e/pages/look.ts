import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * A screenshot for a person to look at (a layout, a chart), written to
 * $SHOTS_DIR/NAME.png — and only when SHOTS_DIR is set, so `npm test` spends
 * no time encoding pictures nobody opens. A screenshot a test reads (the QR
 * code it decodes) is taken directly, never through here.
 */
export async function lookAt(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const path = `${dir}/${name}.png`;
  mkdirSync(dirname(path), { recursive: true });
  await target.screenshot({ path, ...options });
}
