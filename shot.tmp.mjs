import { chromium } from 'playwright-core';
const [url, w, h, out, mode] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
const errs = [];
p.on('pageerror', (e) => errs.push(e.message));
p.on('console', (m) => m.type() === 'error' && errs.push(m.text()));
await p.goto(url);
await p.waitForSelector('[data-testid=lesson]', { timeout: 20000 });
await p.waitForTimeout(800);
const sketch = async () => {
  const n = await p.locator('[data-testid^=sketch-handle-]').count();
  for (let i = 0; i < n; i++) {
    await p.getByTestId(`sketch-handle-${i}`).focus();
    for (let k = 0; k <= i; k++) await p.keyboard.press('PageUp');
  }
};
if (mode.includes('sketch')) await sketch();
if (mode.includes('number')) await p.fill('[data-testid=prediction-number]', '30');
if (mode.includes('run')) {
  await p.click('[data-testid=class-run]');
  await p.waitForSelector('[data-testid=reveal]', { timeout: 30000 });
}
if (mode.includes('present')) {
  await p.locator('body').click({ position: { x: 2, y: 2 } });
  await p.keyboard.press('p');
  await p.waitForTimeout(1200);
}
if (mode.includes("scroll")) { await p.getByTestId(mode.includes("run") ? "reveal" : "step-title").evaluate((e) => e.scrollIntoView()); }
if (mode.includes("pdf")) {
  if (mode.includes("answers")) { await p.getByTestId("print-answers").check(); await p.evaluate(() => { window.print = () => { document.body.dataset.printed = "yes"; }; }); await p.getByTestId("print-button").click(); await p.waitForSelector("body[data-printed=yes]", { timeout: 30000 }); }
  await p.pdf({ path: out, format: 'A4', printBackground: true });
} else { console.log(await p.evaluate(() => [...document.querySelectorAll(".presenter svg")].map((s) => s.getAttribute("viewBox")).join(" | "))); await p.screenshot({ path: out, fullPage: !mode.includes("present") && !mode.includes("scroll") }); }
console.log(errs.join('\n'));
await b.close();
