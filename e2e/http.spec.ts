import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvParse } from 'd3-dsv';
import { expect, test } from './fixtures';
import { coreSettings, type FigureSettings } from '../src/http/figure';
import * as studies from '../src/wasm-pkg/tierplan_studies';
import type { Scenario } from '../src/engine/types';
import type { RequestResult } from '../src/http/types';
import { nativeCli } from '../scripts/native-cli.mjs';

const POLICIES = ['hdd', 'block', 'ring-cold', 'ring-warm', 'object'];

/** `tierplan run` (the native CLI over the same core) on a scenario; its RequestResult. */
function cliRun(s: Scenario): RequestResult {
  const cli = nativeCli();
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-http-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(s));
  return JSON.parse(execFileSync(cli, ['run', file, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 << 20 })) as RequestResult;
}

interface NativePoint {
  series: string;
  rate: number;
  miss_ratio: RequestResult['miss_ratio'];
}

/** `tierplan http-figure` (the same point scenarios, run natively) on a scenario and the figure's settings. */
function cliFigure(s: Scenario, f: FigureSettings): NativePoint[] {
  const cli = nativeCli();
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-http-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(s));
  const args = ['http-figure', file, '--format', 'json', '--from', String(f.fromRate), '--to', String(f.toRate), '--points', String(f.points)];
  args.push('--replications', String(f.replications), '--hours', String(f.durationH), '--warmup-hours', String(f.warmupH));
  return JSON.parse(execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 64 << 20 })) as NativePoint[];
}

function body(csv: string): string {
  return csv
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');
}

test('the miss-ratio figure: one point per rate per policy, the CSV holds the same numbers, every point equals tierplan http-figure', async ({ http: h }) => {
  test.setTimeout(450_000);
  await h.open();
  await expect(h.noRequest).toBeVisible();
  await h.loadPreset('nossdav12-l2arc-cold');
  const settings: FigureSettings = { fromRate: 6, toRate: 18, points: 3, replications: 2, durationH: 0.02, warmupH: 0.02 };
  await h.figureSettings(settings);
  await expect(h.figurePlan).toHaveText(/3 rates × 5 policies = 15 points of 2 replications/);
  await h.runFigure.click();
  await h.waitFigureDone();
  await expect(h.figureStatus).toHaveText(/^Done: 15 points from \d+ runs/);

  const points = await h.missPoints();
  expect(points).toHaveLength(15);
  for (const p of POLICIES) expect(points.filter((x) => x.series === p).map((x) => x.x)).toEqual([6, 12, 18]);
  for (const p of points) {
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeLessThanOrEqual(1);
  }

  // Rates also in Gb/s: the chart's second axis, and the details' rate picker (checked against the core below).
  await expect(h.figureGbpsAxis).toContainText('on the wire (Gb/s, mean segment)');
  const rateOptions = await h.detailsRate.locator('option').allTextContents();

  const csv = await h.figureCsv();
  expect(csv).toMatch(/^# Segment miss ratio against request rate/);
  expect(csv).toMatch(/\n# seed: 1\n/);
  const rows = csvParse(body(csv));
  expect(rows.columns).toEqual(['policy', 'rate', 'miss_ratio', 'ci95', 'min', 'max', 'replications', 'target_replications', 'provisional', 'saturated_lower_bound', 'zero_vouched_by']);
  expect(rows).toHaveLength(15);
  for (const p of points) {
    const row = rows.find((r) => r.policy === p.series && Number(r.rate) === p.x)!;
    expect(Number(row.miss_ratio)).toBe(p.y);
    expect(row.provisional).toBe('false');
    // A saturated point stops at one replication (its miss ratio a lower bound), as does a 0 % point below a rate whose
    // replications all missed nothing; the others have all of them.
    const one = row.saturated_lower_bound !== '' || row.zero_vouched_by !== '';
    expect(Number(row.replications)).toBe(one ? 1 : 2);
    if (row.zero_vouched_by !== '') expect(Number(row.miss_ratio)).toBe(0);
  }

  // Every point equals the native CLI's figure of the same scenario and seed.
  const scenario = (await h.scenarioJson()) as Scenario;
  const native = cliFigure(scenario, settings);
  expect(native).toHaveLength(15);
  for (const n of native) {
    const row = rows.find((r) => r.policy === n.series && Number(r.rate) === n.rate)!;
    expect(Number(row.miss_ratio), `${n.series} at ${n.rate}`).toBe(n.miss_ratio.mean);
    expect(Number(row.ci95), `${n.series} at ${n.rate}`).toBe(n.miss_ratio.ci95);
    expect(Number(row.max), `${n.series} at ${n.rate}`).toBe(n.miss_ratio.max);
  }
  // And a single point run alone (`tierplan run`) is the figure's point.
  // The core's point scenario (the studies module in Node, as the tab's worker makes it).
  studies.initSync({ module: readFileSync('src/wasm-pkg/tierplan_studies_bg.wasm') });
  const one = cliRun(studies.figurePointScenario(scenario, 'ring-cold', 18, coreSettings(settings)));
  expect(one.miss_ratio).toEqual(native.find((n) => n.series === 'ring-cold' && n.rate === 18)!.miss_ratio);

  // The details' rates in Gb/s are the core's (read while the figure was on screen, above).
  const loads = studies.rateLoads(scenario, Float64Array.from([6, 12, 18])) as { rate: number; gbps: number }[];
  expect(rateOptions).toEqual(loads.map((l) => `${l.rate} requests/s (${Number(l.gbps.toPrecision(2))} Gb/s)`));
});

test('rates below a 0 % one are not run: drawn small, in the CSV with no replication, as tierplan http-figure has them', async ({ http: h }) => {
  test.setTimeout(450_000);
  await h.open();
  await h.loadPreset('nossdav12-hdd-only');
  // 11 rates: the first picture runs every other one, and HDD only misses nothing in 72 s up to 20 requests/s, so the
  // rates between its first picture's below that are vouched for by the highest 0 % rate without a run.
  const settings: FigureSettings = { fromRate: 4, toRate: 24, points: 11, replications: 2, durationH: 0.02, warmupH: 0.02 };
  await h.figureSettings(settings);
  await h.runFigure.click();
  await h.waitFigureDone();
  await expect(h.figureStatus).toHaveText(/^Done: 55 points from \d+ runs/);
  const runs = Number(/from (\d+) runs/.exec((await h.figureStatus.textContent()) ?? '')![1]);
  const points = await h.missPoints();
  expect(points).toHaveLength(55);
  const small = points.filter((p) => p.inferred);
  expect(small.length).toBeGreaterThan(0);
  for (const p of small) expect(p.y).toBe(0);
  await expect(h.figureLegend('marker-inferred')).toHaveText('not run: 0 % vouched for by a higher rate');

  const rows = csvParse(body(await h.figureCsv()));
  const never = rows.filter((r) => r.replications === '0');
  expect(never.map((r) => `${r.policy}@${r.rate}`).sort()).toEqual(small.map((p) => `${p.series}@${p.x}`).sort());
  for (const r of never) {
    expect(Number(r.miss_ratio)).toBe(0);
    expect(Number(r.zero_vouched_by)).toBeGreaterThan(Number(r.rate));
  }
  // Every run the figure made is one replication of a point: the replications column adds up to the runs.
  expect(rows.reduce((n, r) => n + Number(r.replications), 0)).toBe(runs);

  const native = cliFigure((await h.scenarioJson()) as Scenario, settings);
  expect(native).toHaveLength(55);
  for (const n of native) {
    const row = rows.find((r) => r.policy === n.series && Number(r.rate) === n.rate)!;
    expect([Number(row.miss_ratio), Number(row.ci95), Number(row.replications)], `${n.series} at ${n.rate}`).toEqual([
      n.miss_ratio.mean,
      n.miss_ratio.ci95,
      n.miss_ratio.n,
    ]);
  }
});

test('Stop keeps the finished points of the figure', async ({ http: h }) => {
  test.setTimeout(450_000);
  await h.open();
  await h.loadPreset('nossdav12-hdd-only');
  // Half-hour runs: the figure lasts long enough that Stop lands before its end (with 6-minute runs it could end in about
  // 2 s of a loaded machine's time, once 0 % points below a confirmed 0 % took one replication).
  await h.figureSettings({ fromRate: 2, toRate: 30, points: 15, replications: 2, durationH: 0.5, warmupH: 0.5 });
  await h.runFigure.click();
  await expect(h.figureStatus).toHaveText(/ · [1-9]\d* runs done/, { timeout: 240_000 });
  // Finished runs are drawn at once.
  await expect(h.figurePoints.first()).toBeVisible({ timeout: 240_000 });
  await h.cancelFigure.click();
  await expect(h.figureStatus).toHaveText(/^Stopped in pass \d+.*: (\d+) points from \d+ finished runs are kept/);
  const kept = Number(/: (\d+) points from/.exec((await h.figureStatus.textContent()) ?? '')![1]);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThanOrEqual(75);
  const points = await h.missPoints();
  expect(points).toHaveLength(kept);
  await expect(h.runFigure).toBeEnabled();
  // The max-rate table reads off what was kept.
  await expect(h.maxRateTable).toBeVisible();
});

test('a single run equals tierplan run; bad input is named beside its field; the I/O stream exports', async ({ http: h }) => {
  test.setTimeout(300_000);
  await h.open();
  await h.loadPreset('nossdav12-flashcache-cold');
  await h.setField('request.chunk_kb', 99999);
  await expect(h.fieldError('request.chunk_kb')).toContainText(/larger than a segment|out of range/);
  await expect(h.singleRun).toBeDisabled();
  await h.setField('request.chunk_kb', 256);
  await expect(h.fieldError('request.chunk_kb')).toHaveCount(0);
  await h.setField('request.workload.rate', 8);
  await h.setField('request.run.duration_h', 0.03);
  await h.setField('request.run.replications', 2);
  await h.setField('request.run.seed', 11);
  await h.runSingle();
  await expect(h.singleUtilChart).toBeVisible();
  await expect(h.singleRows).toHaveCount(1);
  const browser = JSON.parse((await h.download(h.singleDownload)).text) as RequestResult;

  const io = await h.download(h.ioExport);
  expect(io.name).toBe('io-stream.csv');
  expect(io.text.split('\n')[0]).toBe('time_s,op,device,address,size');

  const scenario = (await h.scenarioJson()) as Scenario;
  expect(scenario.request!.run.seed).toBe(11);
  expect(browser).toEqual(cliRun(scenario));
});

test('a study configuration loaded here is the scenario’s preset: the Scenario tab names it, marks an edit, resets, and the preset link opens it', async ({ app, http: h }) => {
  await h.open();
  await h.loadPreset('nossdav12-l2arc-warm');
  await h.setField('request.layout.disks', '3');
  await app.openTab('scenario');
  const status = app.presetStatus;
  await expect(status).toHaveAttribute('data-preset', 'nossdav12-l2arc-warm');
  await expect(status).toHaveAttribute('data-modified', 'true');
  await expect(status).toContainText('HTTP segments: ZFS L2ARC on 60 GB, warm');
  await app.presetReset.click();
  await expect(status).toHaveAttribute('data-modified', 'false');
  const link = await app.presetLink.getAttribute('href');
  expect(link).toBe('#preset=nossdav12-l2arc-warm');
  await app.openTab('http');
  await expect(h.field('request.layout.disks')).not.toHaveValue('3');
});
