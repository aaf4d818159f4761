import { csvParse } from 'd3-dsv';
import { expect, test } from './fixtures';

// The Fig. 11 arrival-rate sweep, reduced to 5 points of 2 replications of
// 2 h so that the test stays short; the full figure is the benchmark's job.
const POINTS = 5;
const RATES = [0.02, 0.14, 0.26, 0.38, 0.5];

test('Fig. 11: one point per value per architecture, and the CSV holds the plotted numbers', async ({ page, sweeps: sw }) => {
  await sw.open();
  await sw.settings(POINTS, 2, 2);
  await sw.figureButton('fig11').click();
  await sw.waitDone();
  expect(await sw.status.getAttribute('data-total')).toBe(String(3 * 2 * POINTS));

  const card = sw.chart('arrival', 'cache_streams');
  const pts = await sw.points(card);
  expect(pts).toHaveLength(2 * POINTS);
  for (const series of ['dram', 'ssd']) {
    expect(pts.filter((p) => p.series === series).map((p) => p.x)).toEqual(RATES);
  }
  // The SSD's flash ceiling (155 MB/s at 245 KB/s) is drawn as a reference line.
  await expect(card.getByTestId(/reference-ssd-file_cache-ceiling$/)).toHaveCount(1);

  const csv = await sw.download(card, 'csv');
  expect(csv.name).toMatch(/\.csv$/);
  const header = csv.text.split('\n').filter((l) => l.startsWith('#'));
  expect(header.some((l) => /^# scenario: http:\/\/127\.0\.0\.1:\d+\/#v1\./.test(l))).toBe(true);
  expect(header).toContain('# seed: 1');
  expect(header.some((l) => /^# tierplan \d+\.\d+\.\d+$/.test(l))).toBe(true);
  const rows = csvParse(csv.text.split('\n').filter((l) => !l.startsWith('#')).join('\n')).filter((r) => r.kind === 'simulated');
  expect(rows).toHaveLength(pts.length);
  const labels = { dram: 'DRAM 5.23 GB interval cache', ssd: 'SSD 64 GB file-level LFU' } as Record<string, string>;
  for (const p of pts) {
    const row = rows.find((r) => r.series === labels[p.series] && Number(r.value) === p.x);
    expect(row, `CSV row for ${p.series} at ${p.x}`).toBeDefined();
    expect(Number(row!.mean)).toBe(p.y);
    expect(row!.parameter).toBe('workload.arrival_rate');
  }

  // Rejection chart: every point's CI is in the CSV too.
  const rej = sw.chart('arrival', 'rejection_probability');
  const rejPts = await rej.locator('circle[data-series]').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y')), Number(e.getAttribute('data-hi'))]));
  const rejCsv = csvParse((await sw.download(rej, 'csv')).text.split('\n').filter((l) => !l.startsWith('#')).join('\n'));
  for (const [x, y, hi] of rejPts) expect(rejCsv.some((r) => Number(r.value) === x && Number(r.mean) === y && Number(r.ci95_high) === hi)).toBe(true);

  const svg = await sw.download(card, 'svg');
  expect(svg.text).toMatch(/^<\?xml/);
  expect(svg.text).toContain('seed: 1');
  expect(svg.text).toContain('<svg');
  const png = await sw.download(card, 'png');
  expect([...png.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

  // Keyboard: Tab reaches the first point; → moves on and the tooltip names the value and its CI.
  const first = card.locator('circle[tabindex="0"]');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const tip = card.getByTestId(/-tooltip$/);
  await expect(tip).toContainText(`Arrival rate λ (requests/s): ${RATES[1]}`);
  await expect(tip).toContainText('95 % CI');
});

test('cancelling a sweep mid-way keeps the finished points', async ({ page, sweeps: sw }) => {
  await sw.open();
  // Long enough that Cancel lands mid-sweep on any machine.
  await sw.settings(25, 5, 40);
  await sw.figureButton('fig11').click();
  await expect.poll(async () => Number((await sw.status.getAttribute('data-done')) ?? 0), { timeout: 120_000, intervals: [50] }).toBeGreaterThanOrEqual(2);
  await sw.cancel.click();
  await expect(sw.status).toHaveText(/^Cancelled: kept the \d+ of 150 runs/);
  const kept = Number(await sw.status.getAttribute('data-done'));
  expect(kept).toBeGreaterThanOrEqual(2);
  expect(kept).toBeLessThan(150);
  // Each finished run is one point in the buffered-streams chart of its parameter.
  const count = async () => {
    let n = 0;
    for (const spec of ['arrival', 'zipf', 'length']) n += (await sw.points(sw.chart(spec, 'cache_streams'))).length;
    return n;
  };
  expect(await count()).toBe(kept);
  await page.waitForTimeout(800);
  expect(await count()).toBe(kept);
  await expect(sw.figureButton('fig11')).toBeEnabled();
});
