// The architect's question, start to finish: "20 000 titles, 2-hour movies
// at 8 Mbps, a peak of 12 000 concurrent streams, today's devices: the
// cheapest server that turns away < 1 % of viewers, and how long do its SSDs
// last?" — in at most eight actions from a fresh page, with the disks counted
// at the streaming bandwidth their timing gives (model §4).
import { expect, test, type Page } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dollars } from '../src/shared/format';
import type { RunResult } from '../src/engine/types';
import { nativeCli } from '../scripts/native-cli.mjs';
import { lookAt } from './pages/look';

function cli(args: string[]): string {
  const bin = nativeCli();
  return execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Counts what the user does: every click or typed field is one action. */
class Actions {
  n = 0;
  constructor(readonly page: Page) {}
  async click(testId: string) {
    this.n++;
    await this.page.getByTestId(testId).click();
  }
  async type(testId: string, value: string) {
    this.n++;
    const f = this.page.getByTestId(testId);
    await f.fill(value);
    await f.blur();
  }
}

for (const [name, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const) {
  test(`the architect's question in eight actions on today's devices (${name})`, async ({ page, app, optimiser: opt }, info) => {
    // A bound against a hang: two searches and a run, minutes on a busy machine.
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height });
    await app.open();
    const act = new Actions(page);

    // 1. A new plan: present-day devices, steady state.
    await act.click('new-plan');
    await expect(app.presetStatus).toHaveAttribute('data-preset', 'today-plan');
    const plan = await app.scenario();
    expect(plan.devices.some((d) => d.id === 'exos_x24')).toBe(true);
    expect(plan.run.warmup_h).toBeGreaterThanOrEqual(1);
    // Both halves by default: popularity moves (dynamic LFU, churn), so the SSDs are written.
    expect(plan.policy.lfu).toBe('dynamic');
    expect(plan.workload.churn).toBeTruthy();
    // The warm-up's hint says what a zero warm-up would do.
    await expect(app.hint('run.warmup_h')).toContainText('0 h would start empty');
    await lookAt(page, `architect-1-new-plan-${name}`);
    // 2–5. The question in the architect's units, streams typed before the
    // length: the streams stay what was typed, the warm-up follows the length.
    await act.type('field-workload.videos', '20000');
    await act.type('field-workload.concurrent_streams', '12000');
    await act.type('field-workload.classes[0].length_min', '120');
    await act.type('field-workload.classes[0].bitrate_mbps', '8');
    // 144 TB of titles do not fit the plan's one disk: the field says so, and
    // the optimiser searches its own counts regardless.
    await expect(app.error('tiers.disk.count')).toContainText('the library needs');
    const asked = await app.scenario();
    expect(asked.workload.arrival_rate).toBeCloseTo(12000 / 7200, 9);
    expect(asked.workload.classes[0].bitrate_kbps).toBe(976.5625);
    expect(asked.run.warmup_h).toBe(2);
    await expect(app.field('workload.concurrent_streams')).toHaveValue('12000');
    await lookAt(page, `architect-2-question-${name}`);
    // 6–7. The optimiser, on its own search space, its target 1 % by default.
    await act.click('tab-optimiser');
    await expect(opt.field('optimize.target')).toHaveValue('1');
    await act.click('opt-run');
    await expect(opt.status).toContainText('Done in', { timeout: 600_000 });
    const result = await opt.result();
    expect(result.target).toBe(0.01);
    // Decided as the Planner decides a target, every tier under the 90 % ceiling (the Planner's warning threshold).
    expect(result.max_peak_utilisation).toBe(0.9);
    await expect(opt.caption).toContainText('decided by the 95 % interval');
    await expect(opt.caption).toContainText('peak utilisation ≤ 90%');
    await expect(opt.field('optimize.max_peak_utilisation')).toHaveAttribute('placeholder', 'default: 90');
    // The cheapest architecture's row shows $/stream, capital, TCO and SSD lifetime.
    const best = result.architectures.filter((a) => a.best).sort((a, b) => a.best!.capital_cost - b.best!.capital_cost)[0];
    const row = opt.row(best.architecture);
    for (const id of ['opt-cost', 'opt-dps', 'opt-tco', 'opt-lifetime']) await expect(row.getByTestId(id)).not.toHaveText(/^(…|—)?$/);
    await expect(row.getByTestId('opt-dps')).toContainText('$');
    // N, the interval and the verdict; each tier's peak utilisation, at or under the ceiling.
    const m = best.best!.measurement!;
    await expect(row.getByTestId('opt-n')).toHaveText(`N = ${m.replications}`);
    await expect(row.getByTestId('opt-verdict')).toContainText('meets < 1%');
    expect(m.rejection_probability.mean + m.rejection_probability.ci95).toBeLessThan(0.01);
    expect(m.peak_utilisation.every((t) => t.worst <= 0.9)).toBe(true);
    await expect(row.getByTestId('opt-peak-disk')).toContainText('peak');
    // The chart labels each architecture's optimum.
    await expect(opt.chartLabel('SSD LFU')).toBeVisible();
    await lookAt(page, `architect-optimiser-${name}`, { fullPage: true });
    await lookAt(opt.results, `architect-table-${name}`);
    // The table fits: no page overflow, and nothing hidden in its scrolling wrapper.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const wrap = await opt.tableWrap.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(wrap[0]).toBeLessThanOrEqual(wrap[1]);
    // Every SSD row gives its lifetime and what replacing it costs (the TCO's count when there is a TCO, the wear's $/year otherwise).
    for (const a of result.architectures.filter((x) => x.best?.measurement?.ssd_lifetimes.length))
      await expect(opt.row(a.architecture).getByTestId('opt-replacement').first()).toContainText(/replacement|\/year/);
    // 8. Use this configuration: applied, shown and run.
    await act.click(`opt-use-${best.architecture}`);
    await expect(app.results).toBeVisible({ timeout: 600_000 });
    expect(act.n).toBeLessThanOrEqual(8);
    // The page brings the answer into view.
    await expect(app.results).toBeInViewport();
    await lookAt(page, `architect-3-answer-${name}`);

    const applied = await app.scenario();
    expect(applied.architecture).toBe(best.architecture);
    expect(applied.tiers.disk.count).toBe(best.best!.counts.disk);
    if (best.space.tiers.some((t) => t.role === 'file_cache')) expect(applied.tiers.file_cache?.count).toBe(best.best!.counts.file_cache);
    if (best.space.tiers.some((t) => t.role === 'interval_cache')) expect(applied.tiers.interval_cache?.count).toBe(best.best!.counts.interval_cache);
    // The results: capital, $/stream and the SSD lifetime, equal to the optimiser's row (the same run: its cap and target).
    expect(applied.run).toEqual(result.run);
    const run = await app.result();
    expect(run.decision?.verdict).toBe('meets');
    expect(run.replications).toHaveLength(best.best!.measurement!.replications);
    expect(run.capital_cost).toBe(best.best!.capital_cost);
    expect(run.summary.avg_streams).toEqual(best.best!.measurement!.avg_streams);
    await expect(app.kpi('dollars_per_stream')).toContainText('$');
    // … and the row's TCO per year beside them.
    const tco = best.best!.measurement!.tco!;
    await expect(app.kpi('tco')).toHaveText(dollars(tco.total / tco.years));
    if (applied.tiers.file_cache && applied.tiers.file_cache.count > 0 && applied.architecture !== 'hdd_only') {
      await expect(app.flashLifetime('file_cache')).toBeVisible();
      // Written by default: a lifetime, not "no writes".
      expect(run.flash.find((f) => f.role === 'file_cache')?.lifetime_h).toBeTruthy();
    }
    // The disks at their derived streaming bandwidth, the datasheet beside it, and each tier's peak utilisation.
    const disk = run.tiers.find((t) => t.role === 'disk')!;
    expect(disk.datasheet_mbps).toBe(271.8);
    expect(disk.bandwidth_mbps! / disk.count).toBeLessThan(0.5 * disk.datasheet_mbps!);
    await expect(app.tierDerived('disk')).toContainText('datasheet 271.8 MB/s');
    for (const t of run.tiers) await expect(app.tierPeak(t.role)).toContainText('%');
    // The link carries the applied scenario.
    await expect.poll(() => page.url()).toContain('#');
    await lookAt(page, `architect-results-${name}`, { fullPage: true });
    await lookAt(app.tierRow('disk'), `architect-disk-tier-${name}`);
    // No horizontal overflow on the Planner.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // What follows does not depend on the screen's size: checked once, at the desktop's.
    if (name !== 'desktop') return;
    // The same scenario runs identically in `tierplan run`.
    const file = join(mkdtempSync(join(tmpdir(), 'tierplan-architect-')), 'scenario.json');
    writeFileSync(file, JSON.stringify(applied));
    const native = JSON.parse(cli(['run', file])) as RunResult;
    expect(run.summary).toEqual(native.summary);
    expect(run.replications).toEqual(native.replications);
    // The answer holds on more evidence: re-run with 10 replications, it
    // still turns away < 1 % of viewers. (The row's TCO belongs to the
    // optimiser's configuration only: the edited scenario's results go without it.)
    await app.field('run.decide').uncheck();
    await app.setField('run.replications', '10');
    await app.run();
    await expect(app.kpi('tco')).toHaveCount(0);
    await expect(app.results).toBeVisible({ timeout: 600_000 });
    await expect(app.kpi('tco')).toHaveCount(0);
    const ten = await app.result();
    expect(ten.replications).toHaveLength(10);
    info.annotations.push({ type: 'ten-replications', description: `rejection ${ten.summary.rejection_probability.mean} ± ${ten.summary.rejection_probability.ci95}, worst ${ten.summary.max_rejection_probability}` });
    expect(ten.summary.rejection_probability.mean).toBeLessThan(0.01);
    // … by the same rule: the 95 % interval of the ten lies below 1 %.
    expect(ten.summary.rejection_probability.mean + ten.summary.rejection_probability.ci95).toBeLessThan(0.01);
    for (const t of ten.tiers) expect(t.util_peak.mean, t.role).toBeLessThanOrEqual(0.9);
    await lookAt(page, `architect-ten-replications-${name}`);
  });
}

test('the optimiser searches despite invalid scenario counts, and skips an architecture it cannot form', async ({ app, optimiser: opt }) => {
  await app.open();
  await app.newPlan.click();
  await expect(app.presetStatus).toHaveAttribute('data-preset', 'today-plan');
  await app.setField('tiers.disk.count', '0');
  await expect(app.error('tiers.disk.count')).toBeVisible();
  await app.openTab('optimiser');
  await expect(opt.countsIgnored).toContainText('Disk count');
  // SSD as interval cache while the scenario's interval cache is DRAM.
  await opt.architecture('ssd_ic_hdd').check();
  await expect(opt.runButton).toBeEnabled();
  await opt.runButton.click();
  await expect(opt.status).toContainText('Done in', { timeout: 240_000 });
  await expect(opt.row('ssd_ic_hdd').getByTestId('opt-none')).toContainText('tiers.interval_cache.device');
  await expect(opt.space('ssd_ic_hdd')).toContainText('not searched');
  for (const a of ['hdd_only', 'dram_ic_hdd', 'ssd_lfu_hdd']) await expect(opt.row(a).getByTestId('opt-cost')).toContainText('$');
});

// The architect at 60 000 streams (300 Gb/s of egress): no single box ships
// that, so the answer is a fleet — "N servers of <chassis>, limited by …" —
// in at most eight actions. A two-hour run (one measured after the warm-up) keeps
// the suite cheap; the full
// search is the optimiser benchmark's (scripts/bench-optimiser.mjs).
for (const [name, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const) {
  test(`60 000 streams reach a fleet answer in eight actions (${name})`, async ({ page, app, optimiser: opt }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height });
    await app.open();
    const act = new Actions(page);
    await act.click('new-plan');
    await expect(app.presetStatus).toHaveAttribute('data-preset', 'today-plan');
    await act.type('field-workload.videos', '20000');
    await act.type('field-workload.concurrent_streams', '60000');
    await act.type('field-run.duration_h', '2');
    await act.click('tab-optimiser');
    await act.click('opt-plan-fleet');
    await expect(page.getByTestId('opt-fleet-hint')).toContainText('every preset chassis');
    await act.click('opt-run');
    await expect(opt.fleetHeadline).toBeVisible({ timeout: 600_000 });
    expect(act.n).toBeLessThanOrEqual(8);
    const r = await opt.fleetResult();
    expect(r.egress_needed_gbps).toBeCloseTo(300, 0);
    const best = r.plans[0];
    expect(best).toBeTruthy();
    // No server over its egress: enough of them for the 300 Gb/s.
    expect(best.servers * best.egress_gbps).toBeGreaterThanOrEqual(r.egress_needed_gbps);
    expect(best.bays_used).toBeLessThanOrEqual(1);
    await expect(opt.fleetHeadline).toContainText(`${best.servers} servers of`);
    await expect(opt.fleetHeadline).toContainText(`limited by ${best.binding_label}`);
    // Servers, rack units and the binding limit: columns on a desktop, labelled lines of a card on a phone.
    const row = opt.fleetTable.getByTestId(`opt-fleet-row-${best.architecture}`);
    await expect(row.locator('td[data-label="Servers"]')).toHaveText(String(best.servers));
    await expect(row.locator('td[data-label="Rack units"]')).toHaveText(String(best.rack_units));
    await expect(row.locator('td[data-label="Binding limit"]')).toContainText(best.binding_label);
    if (name === 'desktop') for (const h of ['Servers', 'Rack units', 'Binding limit']) await expect(opt.fleetTable.locator('th', { hasText: h })).toBeVisible();
    await expect(opt.fleetResults).toBeInViewport({ ratio: 0.01 }).catch(() => undefined);
    await lookAt(page, `architect-fleet-${name}`, { fullPage: true });
    await lookAt(opt.fleetResults, `architect-fleet-table-${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The link carries the fleet request: opened afresh, the fleet is chosen.
    await expect.poll(() => page.url()).toContain('#v1.');
    await page.goto(page.url());
    await page.getByTestId('tab-optimiser').click();
    await expect(opt.planFleet).toBeChecked();
  });
}
