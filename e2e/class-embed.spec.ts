import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

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
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const src = q.get('src') ?? '';
    // ?snippet=: the page's HTML holds what the teacher pasted from "Copy embed code", as it is.
    const body = q.get('snippet') ?? `<iframe id="lesson" title="tierplan lesson" src="${src}" width="900" height="700"></iframe>`;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Storage systems, week 3</title><h1>Week 3: disks</h1><p>Work through the lesson, then hand in your code.</p>${body}`);
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
  await expect(frame.getByTestId('reveal')).toBeVisible({ timeout: 120_000 });
  await expect(frame.getByTestId('the-answer')).toContainText('%');
  await expect(frame.getByTestId('grade')).toContainText('percentage points');
  // "Open in tierplan" leads to the app itself (a new tab), not to the embed page.
  await expect(frame.getByTestId('embed-open')).toHaveAttribute('href', `${appOrigin}/#lesson=disk-bandwidth`);
});

test('"Copy embed code" gives a snippet that frames; a student hands in from the embed and the teacher\'s summary reads it', async ({ page, browser, classroom: c }) => {
  // The teacher copies the embed code of a lesson.
  await page.goto('/#lesson=overprovisioning&teacher');
  await c.copyEmbed.click();
  const snippet = await c.copiedText.inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]+" [^>]*title="tierplan lesson: [^"]+"[^>]*><\/iframe>$/);
  expect(snippet).toContain(`src="${appOrigin}/embed.html#lesson=overprovisioning"`);

  // The course page (another origin) pastes it as it is; a student works through the lesson in the frame.
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const student = await ctx.newPage();
  await student.goto(`${courseOrigin}/?snippet=${encodeURIComponent(snippet)}`);
  const frame = student.frameLocator('iframe');
  await expect(frame.getByTestId('class-embed')).toBeVisible();
  await expect(frame.getByTestId('student-code')).toHaveCount(0);
  await frame.getByTestId('student-name').fill('Dana');
  await frame.getByTestId('prediction-number').fill('85');
  await frame.getByTestId('class-run').click();
  await expect(frame.getByTestId('reveal')).toBeVisible({ timeout: 120_000 });
  await expect(frame.getByTestId('answer-progress')).toContainText('1 of 2 questions answered');
  await frame.getByTestId('next-step').click();
  await expect(frame.getByTestId('step-title')).toBeFocused();
  await frame.locator('input[type="radio"]').first().check();
  await frame.getByTestId('class-run').click();
  await expect(frame.getByTestId('reveal')).toBeVisible({ timeout: 120_000 });
  // Every question answered: the code is complete.
  const code = frame.getByTestId('student-code');
  await expect(code).toHaveAttribute('data-partial', 'false');
  const handedIn = await code.inputValue();
  expect(handedIn).toMatch(/^TPA1\./);
  if (process.env.CLASS_SHOTS) {
    await frame.getByTestId('answer-code').scrollIntoViewIfNeeded();
    await student.screenshot({ path: `${process.env.CLASS_SHOTS}/embed-course-page.png` });
  }
  await ctx.close();

  // The teacher pastes it as it came in a chat, the name in front and a greeting before it.
  await c.codes.fill(`hi, here is mine\nDana: ${handedIn}`);
  await expect(c.count).toHaveText('1 student read. 1 line without a code was skipped.');
  await expect(c.codeProblems).toHaveCount(0);
  await c.showNames.check();
  await expect(c.names).toHaveText('Handed in: Dana');
  await c.stepSelect.selectOption({ index: 1 });
  await expect(c.choicesCaption).toHaveText('Choices of 1 student');
});

test('the full app is never framed: the students\' link put in a frame by mistake gets the embed page, which says so (issue 51)', async ({ page, request }) => {
  // The server tells a framed navigation to the app (Sec-Fetch-Dest: iframe) from a tab's: the app keeps 'none'.
  expect((await request.get(`${appOrigin}/`)).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect((await request.get(`${appOrigin}/`, { headers: { 'Sec-Fetch-Dest': 'iframe' } })).headers()['content-security-policy']).toContain('frame-ancestors *');
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  // What a course page author pastes when they copied the students' link instead of the embed code.
  await page.goto(`${courseOrigin}/?src=${encodeURIComponent(`${appOrigin}/#lesson=disk-bandwidth`)}`);
  const frame = page.frameLocator('#lesson');
  // Not a blank grey frame: the lesson, and a note saying what happened and what to paste instead.
  await expect(frame.getByTestId('framed-student-link')).toContainText('students\' link');
  await expect(frame.getByTestId('framed-student-link')).toContainText('Copy embed code');
  await expect(frame.getByTestId('class-embed')).toBeVisible();
  await expect(frame.getByTestId('lesson-title')).toHaveText('Disks run out of bandwidth before space');
  await expect(frame.getByTestId('app')).toHaveCount(0);
  expect(refused).toEqual([]);
});
