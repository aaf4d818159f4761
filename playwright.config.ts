import { defineConfig } from '@playwright/test';

// E2E_PORT: another port when 4173 is taken (several checkouts on one machine).
const PORT = Number(process.env.E2E_PORT ?? 4173);

// Debian's Chromium, never a downloaded browser build.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

const HEAVY = /(reproduce|optimiser|architect)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Timeouts bound hangs; they never judge speed (docs/testing.md). A test
  // that takes a minute alone takes three on a machine whose cores are busy
  // with something else, and must pass there too.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  // Three workers on two cores for the quick specs (the cores stay 99 % busy
  // with them and the benchmark smoke run beside them, docs/testing.md), so a
  // short spec can start while two long ones run. The specs that keep the
  // whole worker pool busy for long (every Study claim, the optimiser's
  // searches) run in a second project after the rest, on two workers, so they
  // never starve a short test of CPU. `npm test` runs the two projects as two
  // steps (scripts/test.sh), so a failed quick spec never keeps the heavy ones
  // from running; `npx playwright test` alone runs heavy only after main passed.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    // --process-per-site: a worker's tests open their pages in one warm
    // context (e2e/fixtures.ts), and with this flag each new page joins the
    // renderer process that has already compiled the app's scripts and
    // WebAssembly, instead of starting a new one that compiles them again.
    launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--process-per-site'] },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  projects: [
    { name: 'main', testIgnore: HEAVY },
    { name: 'heavy', testMatch: HEAVY, dependencies: ['main'] },
  ],
  // `npm test` builds the app first (scripts/test.sh); this serves the build.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
