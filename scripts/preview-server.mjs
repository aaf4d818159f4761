/* global fetch, setTimeout, clearTimeout, process -- Node script */
// Helpers of the benchmarks that serve the production build with `vite preview`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** A TCP port nobody listens on right now. */
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

/** Resolve once `url` answers 200, or throw after `ms`. */
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
 * Serve `root`'s dist/ with `vite preview` on `port` (Vite's own entry under
 * this Node, not through npx, so that kill() stops the server itself) and
 * open Debian's Chromium (CHROMIUM_PATH to use another). Returns the server
 * process and the browser; the caller closes both.
 */
export async function previewAndChromium(root, port) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const preview = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });
  try {
    await waitHttp(`http://127.0.0.1:${port}/`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    return { preview, browser };
  } catch (e) {
    preview.kill();
    throw e;
  }
}

/**
 * `vite preview` in its own process group (so stopping it also stops what npx
 * started); resolves once it listens, with the function that stops it (also
 * called on exit).
 */
export async function startPreview(port) {
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('vite preview did not start in 30 s')), 30_000);
    server.stdout.on('data', (d) => {
      if (String(d).includes(String(port))) {
        clearTimeout(t);
        resolve();
      }
    });
  });
  return stop;
}

/**
 * Serve `root`'s build with `vite preview` on a free port, open it in headless
 * Chromium at 1280×800, run `fn(page)`, then close both.
 */
export async function withPreviewPage(root, fn) {
  const port = await freePort();
  const { preview, browser } = await previewAndChromium(root, port);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    return await fn(page);
  } finally {
    await browser.close();
    preview.kill();
  }
}
