import { axeViolations } from './pages/axe';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, pagesOf, test, type Page } from './fixtures';
import { LESSONS } from '../src/class/lessons';
import { Phone, answerAsClass, studentId } from '../scripts/room-load.mjs';
import { textsUnder } from './text-sizes';
import { lookAt } from './pages/look';

// The live room (issue 51): the presenter opens a room, phones join it and
// answer, and the class's answers appear on the presenter's step. The relay
// is the one `vite preview` serves (vite.config.ts); the 120 phones are
// node WebSocket clients over the same protocol (scripts/room-load.mjs).

const PORT = Number(process.env.E2E_PORT ?? 4173);
const RELAY = `ws://127.0.0.1:${PORT}/room`;
const lesson = LESSONS.find((l) => l.id === 'disk-bandwidth')!;
const step = lesson.steps[0];
const q = step.question!;
if (q.kind !== 'number') throw new Error('disk-bandwidth step 1 asks for a number');

/** Student i's answer: spread over the question's range, unevenly (more in the middle), all on whole numbers. */
const answerOf = (i: number) => [12, 35, 41, 48, 55, 58, 63, 66, 71, 88][i % 10] + (i % 3);

/** The text of the QR code in the screenshot of `sel`, decoded by jsQR from its pixels. */
async function readQr(page: Page, sel: string): Promise<string | null> {
  const png = PNG.sync.read(await page.locator(sel).screenshot());
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

test.describe('live room', () => {
  test.use({ viewport: { width: 1920, height: 1080 }, freshContext: "a presenter's screen for the whole context" });

  test('120 phones answer a step: the presenter shows 120 of 120 and their distribution; bad messages are refused and counted; a reconnecting phone counts once', async ({ page, classroom: c }) => {
    await page.goto(`/#lesson=${lesson.id}&present`);
    await expect(c.presenter).toBeVisible();
    const code = await c.openRoom();

    // The whole class answers at once (every answer is sent together, well within 10 s).
    const cls = await answerAsClass({ url: RELAY, code, lesson: lesson.id, step: 0, n: 120, answerOf });
    expect(cls.ok).toBe(120);
    console.log(`120 phones joined and answered in ${cls.ms} ms (reported, not judged)`);
    await expect(c.roomJoined).toHaveText('120 phones joined');
    await expect(c.classResultsCount).toHaveText('120 of 120 answered');

    // The distribution, against counts made here from the answers sent: ten bins of 10 over 0–100.
    const values = Array.from({ length: 120 }, (_, i) => answerOf(i));
    const expected = Array.from({ length: 10 }, (_, k) => values.filter((v) => v >= 10 * k && (v < 10 * (k + 1) || (k === 9 && v === 100))).length);
    await expect(c.histogram).toHaveAttribute('data-domain', '0,100');
    await expect(c.histogram).toHaveAttribute('data-count', '120');
    const bars = await c.histogramBars();
    const got = Array.from({ length: 10 }, (_, k) => bars.find(([x0]) => x0 === 10 * k)?.[2] ?? 0);
    expect(got).toEqual(expected);

    // Against the lesson's answer: how many were within its tolerance, counted here independently.
    await c.classResultsShow.click();
    const within = values.filter((v) => Math.abs(v - step.answer.expected) <= step.answer.tolerance).length;
    await expect(c.classResultsRight).toHaveAttribute('data-k', String(within));
    await expect(c.classResultsRight).toContainText(`${within} of 120`);
    await expect(c.histogram.locator('.truth-label')).toContainText("lesson's answer");
    // The answer's label is drawn above the bars, never over one.
    const label = (await c.histogram.locator('.truth-label').boundingBox())!;
    for (const bar of await c.histogram.getByTestId('histogram-bar').all()) {
      const b = (await bar.boundingBox())!;
      const overlaps = label.x < b.x + b.width && b.x < label.x + label.width && label.y < b.y + b.height && b.y < label.y + label.height;
      expect(overlaps, `label over the bar at x=${b.x}`).toBe(false);
    }

    // A phone sends a malformed message, an oversized one and one for another lesson: each refused and counted.
    const bad = cls.phones[0];
    expect((await bad.answer(lesson.id, 0, 'a lot')).why).toBe('malformed');
    bad.send({ t: 'answer', lesson: lesson.id, step: 0, value: 50, pad: 'x'.repeat(4000) });
    expect((await bad.next('refused')).why).toBe('oversized');
    expect((await bad.answer('skew', 0, 50)).why).toBe('otherLesson');
    await expect(c.roomRefused).toHaveText('Refused: 1 malformed, 1 too large, 1 from another lesson');

    // A phone drops and reconnects (same id), answering again: still 120 joined, 120 answers, its new answer counted.
    await cls.phones[7].close();
    const back = new Phone(RELAY);
    expect((await back.join(code, lesson.id, studentId(7))).t).toBe('joined');
    expect((await back.answer(lesson.id, 0, 99)).t).toBe('ok');
    await expect(c.histogram.getByTestId('histogram-bar').last()).toHaveAttribute('data-n', String(expected[9] + 1));
    await expect(c.classResultsCount).toHaveText('120 of 120 answered');
    await expect(c.roomJoined).toHaveText('120 phones joined');

    // Every text of the class's results on the projector is at least 24 px.
    expect(await textsUnder(page, '[data-testid="presenter"] .presenter-results', 24)).toEqual([]);
    expect(await textsUnder(page, '[data-testid="live-room"]', 24)).toEqual([]);
    await lookAt(page, 'presenter-live-results-1920');
    // The results and the room's panel pass axe (contrast on the projector's black, names, roles).
    const found = (await axeViolations(page)).map((v) => `${v.id} ×${v.nodes.length}: ${v.help} ${v.nodes[0]?.target.join(' ')}`);
    expect(found).toEqual([]);

    // A multiple-choice step: the counts per choice, as large.
    const choiceIx = lesson.steps.findIndex((x) => x.question?.kind === 'choice');
    const cq = lesson.steps[choiceIx].question!;
    if (cq.kind !== 'choice') throw new Error('a choice step');
    for (let i = 10; i < 15; i++) expect((await cls.phones[i].answer(lesson.id, choiceIx, cq.choices[i % 2].id)).t).toBe('ok');
    for (let i = 0; i < choiceIx; i++) await page.keyboard.press('ArrowRight');
    await expect(c.presenterCount).toHaveText(`Step ${choiceIx + 1} of ${lesson.steps.length}`);
    await expect(c.classResultsCount).toHaveText('5 of 120 answered');
    await expect(page.getByTestId(`class-choice-${cq.choices[0].id}`)).toHaveAttribute('data-n', '3');
    await expect(page.getByTestId(`class-choice-${cq.choices[1].id}`)).toHaveAttribute('data-n', '2');
    expect(await textsUnder(page, '[data-testid="presenter"] .presenter-results', 24)).toEqual([]);
    await lookAt(page, 'presenter-live-choices-1920');

    // Closing the room forgets it: a phone that joins now is told there is no such room.
    await c.closeRoom();
    const late = new Phone(RELAY);
    expect((await late.join(code, lesson.id, studentId(500))).why).toBe('noRoom');
    await Promise.all([...cls.phones.slice(1).filter((_, i) => i !== 6).map((p) => p.close()), back.close(), late.close()]);
  });

  test('a phone joins by the QR code, its answer reaches the presenter; the presenter\'s connection blinks and takes the room back; when the relay stops mid-lesson the phone is told and offered its code', async ({ page, browser, classroom: c }) => {
    // The presenter's connection can be dropped (and kept from coming back) when the test says so.
    let presenterCut = false;
    const presenterLinks: { close: () => Promise<void> }[] = [];
    await page.routeWebSocket(/\/room$/, (ws) => {
      if (presenterCut) return void ws.close();
      presenterLinks.push(ws.connectToServer());
    });
    await page.goto(`/#lesson=${lesson.id}&present`);
    await expect(c.presenter).toBeVisible();
    const code = await c.openRoom();
    // The QR code as a phone's camera reads it: the students' link with the room in it.
    const link = await readQr(page, '.presenter-qr [data-testid="lesson-qr"]');
    expect(link).toContain(`#lesson=${lesson.id}`);
    expect(link).toContain(`&room=${code}`);

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phonePage = await ctx.newPage();
    // The relay "stops" for this phone when the test says so: its connection is dropped and new ones are refused.
    let stopped = false;
    const live: { close: () => Promise<void> }[] = [];
    await phonePage.routeWebSocket(/\/room$/, (ws) => {
      if (stopped) return void ws.close();
      live.push(ws.connectToServer());
    });
    const s = pagesOf(phonePage).classroom;
    await phonePage.goto(link!);
    await expect(s.roomBanner).toHaveAttribute('data-status', 'joined');
    await expect(s.roomBanner).toContainText(`live room ${code}`);
    await lookAt(phonePage, 'phone-joined-390');
    await expect(c.roomJoined).toHaveText('1 phone joined');
    await s.predictNumber(72);
    await s.runAndReveal();
    await expect(s.roomBanner).toContainText('(1 sent)');
    await expect(c.classResultsCount).toHaveText('1 of 1 answered');
    await expect(c.histogram.getByTestId('histogram-bar')).toHaveAttribute('data-n', '1');

    // The presenter's network blinks: it says the server is not answering and keeps what arrived;
    // back, it takes its room again with the room's key, the answers still there.
    presenterCut = true;
    await Promise.all(presenterLinks.map((w) => w.close()));
    await expect(page.getByTestId('room-lost')).toBeVisible();
    await expect(c.classResultsCount).toHaveText('1 of 1 answered');
    presenterCut = false;
    await expect(c.liveRoom).toHaveAttribute('data-status', 'open');
    await expect(c.roomCode).toHaveText(code);
    await expect(c.classResultsCount).toHaveText('1 of 1 answered');

    // The relay stops mid-lesson: the phone says so and offers the code instead.
    stopped = true;
    await Promise.all(live.map((w) => w.close()));
    await expect(s.roomBanner).toHaveAttribute('data-status', 'unreachable');
    await expect(s.roomBanner).toContainText('hand them in with the code');
    // Seen wherever the student has scrolled to (here: at the answer, below the step's inputs).
    await expect(s.roomBanner).toBeInViewport();
    await s.handInEarly();
    await expect(s.studentCodeBox).toHaveValue(/^TPA1\./);
    await lookAt(phonePage, 'phone-relay-stopped-390');
    expect((await axeViolations(phonePage)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // The presenter keeps what arrived.
    await expect(c.classResultsCount).toHaveText('1 of 1 answered');
    await ctx.close();
  });
});

test('with no relay answering, the presenter says the room cannot open and that codes still work', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.routeWebSocket(/\/room$/, (ws) => ws.close());
  await page.goto(`/#lesson=${lesson.id}&present`);
  await page.getByTestId('room-open').click();
  await expect(page.getByTestId('room-unreachable')).toContainText('Students hand in codes instead');
});
