import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

// Embedding (issue 25): a course page on another origin frames the embed
// page (embed.html, which its header lets any site frame by default) and a
// student plays a step in it; the same course page cannot frame the full app
// (frame-ancestors 'none').

let course: Server;
let courseOrigin = '';
const appOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`;

test.beforeAll(async () => {
  // The course site: another origin (another host name and port) on this machine.
  course = createServer((req, res) => {
    const src = decodeURIComponent(new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Storage systems, week 3</title><h1>Week 3: disks</h1><iframe id="lesson" title="tierplan lesson" src="${src}" width="900" height="700"></iframe>`);
  });
  await new Promise<void>((resolve) => course.listen(0, 'localhost', resolve));
  courseOrigin = `http://localhost:${(course.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => course.close(resolve));
});

test('a course page on another origin frames the embed page, and a student plays a step in it', async ({ page, request }) => {
  const embed = `${appOrigin}/embed.html#lesson=disk-bandwidth&embed`;
  // The embed page's header lets other sites frame it; the app's does not.
  const eh = (await request.get(`${appOrigin}/embed.html`)).headers()['content-security-policy'];
  expect(eh).toContain('frame-ancestors *');
  expect(eh).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect((await request.get(`${appOrigin}/`)).headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await page.goto(`${courseOrigin}/?src=${encodeURIComponent(embed)}`);
  expect(new URL(page.url()).origin).not.toBe(appOrigin);
  const frame = page.frameLocator('#lesson');
  await expect(frame.getByTestId('class-embed')).toBeVisible();
  await expect(frame.getByTestId('lesson-title')).toHaveText('Disks run out of bandwidth before space');
  // No teacher panel and no app in the frame.
  for (const id of ['teacher-notes', 'class-summary', 'authoring', 'present-button', 'app']) await expect(frame.getByTestId(id)).toHaveCount(0);
  await frame.getByTestId('prediction-number').fill('60');
  await frame.getByTestId('class-run').click();
  await expect(frame.getByTestId('reveal')).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByTestId('the-answer')).toContainText('%');
  await expect(frame.getByTestId('grade')).toContainText('percentage points');
  // "Open in tierplan" leads to the app itself (a new tab), not to the embed page.
  await expect(frame.getByTestId('embed-open')).toHaveAttribute('href', `${appOrigin}/#lesson=disk-bandwidth`);
});

test('the full app refuses to be framed by another origin', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  await page.goto(`${courseOrigin}/?src=${encodeURIComponent(`${appOrigin}/#lesson=disk-bandwidth&embed`)}`);
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(refused[0]).toContain("frame-ancestors 'none'");
  const frame = page.frameLocator('#lesson');
  await expect(frame.getByTestId('class-embed')).toHaveCount(0);
  await expect(frame.getByTestId('app')).toHaveCount(0);
});
