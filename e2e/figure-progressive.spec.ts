// The miss-ratio figure while you watch: the first pass draws every policy
// at a few rates (provisional: hollow markers, a legend entry), the status
// names the pass in a live region, Stop keeps every point done (and the CSV
// holds them, provisional ones marked), and a figure run to the end has no
// provisional point left. Short figures: a few rates, minutes of simulated time.
import { test, expect } from './fixtures';
import { csvParse } from 'd3-dsv';

const POLICIES = ['hdd', 'block', 'ring-cold', 'ring-warm', 'object'];

test('the first picture comes with provisional markers; Stop keeps the points and the CSV has them', async ({ http: h }) => {
  test.setTimeout(300_000);
  await h.open();
  await h.loadPreset('nossdav12-l2arc-cold');
  // 13 rates × 5 policies × 3 replications of half an hour: after the first
  // pass (6 rates) about twice its work is left, so Stop lands before the end
  // whatever the machine's speed (with 7 rates of 15 minutes the figure ended
  // a second after its first picture, once 0 % points below a confirmed 0 %
  // stopped at one replication).
  await h.figureSettings({ fromRate: 2, toRate: 26, points: 13, replications: 3, durationH: 0.5, warmupH: 0.25 });
  await expect(h.figurePlan).toHaveText(/13 rates × 5 policies = 65 points of 3 replications/);
  await h.runFigure.click();
  await expect(h.figureAnnounce).toHaveAttribute('aria-live', 'polite');
  await expect(h.figurePass).toHaveText(/^Pass 1: first picture/, { timeout: 240_000 });

  // The first complete picture: every policy at six rates or more, provisional.
  await expect(h.figureCard).toHaveAttribute('data-first-picture-ms', /^\d+$/, { timeout: 120_000 });
  const first = await h.missPoints();
  for (const p of POLICIES) expect(first.filter((x) => x.series === p).length, p).toBeGreaterThanOrEqual(6);
  expect(first.some((x) => x.open)).toBe(true);
  await expect(h.figureLegend('marker-open')).toHaveText('provisional: more replications to come');
  await expect(h.figurePass).toHaveText(/^Pass [2-9]\d*: /);
  await expect(h.figureAnnounce).toHaveText(/^Pass [2-9]\d*: /);

  await h.cancelFigure.click();
  await expect(h.figureStatus).toHaveText(/^Stopped in pass \d+ .*: \d+ points from \d+ finished runs are kept/);
  const kept = Number(/: (\d+) points from/.exec((await h.figureStatus.textContent()) ?? '')![1]);
  expect(kept).toBeGreaterThanOrEqual(first.length);
  await expect(h.figureAnnounce).toHaveText(`Figure stopped: ${kept} points kept.`);
  await expect(h.figurePoints).toHaveCount(kept);
  await expect(h.runFigure).toBeEnabled();

  const rows = csvParse((await h.figureCsv()).split('\n').filter((l) => !l.startsWith('#')).join('\n'));
  expect(rows).toHaveLength(kept);
  expect(rows.columns).toContain('provisional');
  expect(rows.some((r) => r.provisional === 'true')).toBe(true);
  for (const r of rows) expect(Number(r.replications)).toBeLessThanOrEqual(Number(r.target_replications));
});

test('a figure run to the end: the status says done, no point is provisional', async ({ http: h }) => {
  test.setTimeout(300_000);
  await h.open();
  await h.loadPreset('nossdav12-hdd-only');
  await h.figureSettings({ fromRate: 4, toRate: 24, points: 6, replications: 2, durationH: 0.02, warmupH: 0.02 });
  await h.runFigure.click();
  await h.waitFigureDone();
  await expect(h.figureStatus).toHaveText(/^Done: 30 points from \d+ runs in .* \(\d+ passes; the first complete picture after /);
  const points = await h.missPoints();
  expect(points).toHaveLength(30);
  expect(points.filter((p) => p.open)).toEqual([]);
  await expect(h.figureLegend('marker-open')).toHaveCount(0);
  await expect(h.figureCard).toHaveAttribute('data-first-picture-ms', /^\d+$/);
});
