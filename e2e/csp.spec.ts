import { expect, test } from './fixtures';

const REQUIRED = ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "object-src 'none'", "base-uri 'none'"];

test('the production build is served under a strict CSP, as a header and as a meta tag', async ({ page }) => {
  const res = await page.goto('/');
  const header = res?.headers()['content-security-policy'] ?? '';
  const meta = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  for (const policy of [header, meta]) {
    for (const d of REQUIRED) expect(policy).toContain(d);
    expect(policy).not.toMatch(/'unsafe-eval'/);
    expect(policy).not.toMatch(/'unsafe-inline'/);
  }
  expect(header).toContain("frame-ancestors 'none'");
  // No inline script in the page: every <script> has a src.
  expect(await page.locator('script:not([src])').count()).toBe(0);
  // The policy is enforced (DevTools' own evaluation is exempt from CSP, so
  // the test plants a script as the page would): an inline script is refused
  // with a violation event and does not run.
  const refused = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.head.appendChild(s);
      }),
  );
  expect(refused).toBe('script-src-elem');
  expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
});

test('a tour of every tab with results and exports raises no CSP violation and no console error', async ({ page, tour }) => {
  test.setTimeout(750_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  await tour.app.open();
  const ids = await tour.tabIds();
  expect(ids.length).toBeGreaterThanOrEqual(5);
  for (const id of ids) {
    await tour.openTab(id);
    await tour.showResults(id);
    await tour.exportFirstChart();
  }
  await tour.setTheme('dark');
  await tour.setTheme('light');
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(errors).toEqual([]);
});
