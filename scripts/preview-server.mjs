/* global fetch, setTimeout, process -- Node module */
// What the browser benchmarks share: a free local port, waiting until the
// `vite preview` server started on it answers, and a page on that server.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export async function waitHttp(url, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * Serve the build (`dist/`) with `vite preview` on a free port, open it in
 * Debian's headless Chromium at 1280×800, run `fn(page)`, then close both.
 */
export async function withPreviewPage(root, fn) {
  const port = await freePort();
  // Vite's own entry under this Node (not through npx), so that kill() stops the server itself.
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const preview = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });
  try {
    await waitHttp(`http://127.0.0.1:${port}/`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`http://127.0.0.1:${port}/`);
      return await fn(page);
    } finally {
      await browser.close();
    }
  } finally {
    preview.kill();
  }
}
