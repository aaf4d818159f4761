/* global process, console, fetch, setTimeout, window, document -- Node script; the page.evaluate bodies run in the browser */
// Screenshots of class mode as a lecture hall sees it (docs/class-mode.md):
// presenter view at 1920×1080 and 1280×720, the full-screen QR code, a
// student's phone, the authoring conflict, and the printed worksheet with
// and without answers (Chromium's PDF, turned into PNGs by pdftoppm).
// Usage: npx vite build && node scripts/class-screens.mjs [outDir]  (serves dist/ on port 4304)
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const out = process.argv[2] ?? 'screenshots/class';
const port = Number(process.env.SHOT_PORT ?? 4304);
const base = `http://127.0.0.1:${port}`;
mkdirSync(out, { recursive: true });

// vite itself (not through npx), so killing it stops the server.
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
try {
  for (let i = 0; i < 60; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const shot = async (name, page) => page.screenshot({ path: `${out}/${name}.png` });

  // Presenter at 1920×1080: before predicting (Run disabled), then the code full screen.
  let page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(`${base}/#lesson=disk-bandwidth&teacher`);
  await page.getByTestId('present-button').click();
  await page.getByTestId('class-run').waitFor();
  await shot('presenter-1920-disabled-run', page);
  await page.keyboard.press('q');
  await page.getByTestId('qr-full').waitFor();
  await shot('presenter-1920-qr-full', page);
  await page.keyboard.press('Escape');
  await page.getByTestId('prediction-number').fill('60');
  await page.keyboard.press('r');
  await page.getByTestId('reveal').waitFor({ timeout: 60_000 });
  await shot('presenter-1920-revealed', page);
  await page.close();

  // Presenter at 1280×720, dark theme, a sketch step revealed.
  page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'dark' });
  await page.goto(`${base}/#lesson=skew&step=2&teacher`);
  await page.getByTestId('present-button').click();
  await shot('presenter-1280-before', page);
  for (let i = 0; i < 5; i++) {
    await page.getByTestId(`sketch-handle-${i}`).focus();
    await page.keyboard.press('PageUp');
  }
  await page.keyboard.press('r');
  await page.getByTestId('reveal').waitFor({ timeout: 60_000 });
  await shot('presenter-1280-revealed', page);
  await page.close();

  // A student's phone: the lesson link alone, question first.
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await page.goto(`${base}/#lesson=disk-bandwidth`);
  await page.getByTestId('class-student').waitFor();
  await page.getByTestId('prediction-number').waitFor();
  await shot('student-phone-390', page);
  await page.getByTestId('prediction-number').fill('60');
  await page.getByTestId('class-run').click();
  await page.getByTestId('reveal').waitFor({ timeout: 60_000 });
  await page.getByTestId('reveal').scrollIntoViewIfNeeded();
  await shot('student-phone-390-revealed', page);
  await page.close();

  // Authoring: a multiple-choice key the simulation contradicts.
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/`);
  await page.getByTestId('tab-class').click();
  await page.getByTestId('authoring').locator('summary').click();
  await page.getByTestId('author-step-title').fill('Turned away?');
  await page.getByTestId('author-kind').selectOption('choice');
  await page.getByTestId('author-prompt').fill('How many requests are turned away?');
  await page.getByTestId('author-choices').fill('Fewer than half [0–50]\nHalf or more [50–100]');
  await page.getByTestId('author-compute').click();
  await page.getByTestId('author-expected').waitFor();
  await page.waitForFunction(() => (document.querySelector('[data-testid="author-expected"]')?.value ?? '') !== '');
  const v = Number(await page.getByTestId('author-expected').inputValue());
  await page.getByLabel('Correct choice (line number)').fill(v < 50 ? '2' : '1');
  await page.getByTestId('author-add-step').click();
  await page.getByTestId('author-mc-conflict').waitFor();
  await page.getByTestId('author-mc-conflict').scrollIntoViewIfNeeded();
  await shot('author-mc-conflict', page);
  await page.close();

  // The worksheet, printed without and with answers (the core computes the key first).
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/#lesson=disk-bandwidth&teacher`);
  await page.evaluate(() => {
    window.__prints = 0;
    window.print = () => (window.__prints += 1);
  });
  for (const [answers, name] of [
    [false, 'worksheet'],
    [true, 'worksheet-answers'],
  ]) {
    if (answers) await page.getByTestId('print-answers').check();
    const before = await page.evaluate(() => window.__prints);
    await page.getByTestId('print-button').click();
    await page.waitForFunction((n) => window.__prints > n, before, { timeout: 120_000 });
    await page.pdf({ path: `${out}/${name}.pdf`, format: 'A4', printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', `${out}/${name}.pdf`, `${out}/${name}`]);
  }
  await page.close();
  await browser.close();
  console.log(`screenshots in ${out}/`);
} finally {
  server.kill();
}
