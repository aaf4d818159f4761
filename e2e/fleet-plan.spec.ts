import { expect, test } from './fixtures';
import { lookAt } from './pages/look';

// The architect plans servers, not a pile of devices (model §10b): picks a
// chassis beside the devices, sees a misfit named at its field, sets the
// number of servers, runs a short simulation and reads "N servers of …,
// limited by …" first in the results — on a laptop and on a phone.
for (const size of [
  { width: 1280, height: 800, name: 'laptop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test.describe(`fleet plan on a ${size.name}`, () => {
    // The laptop's size is the warm context's; the phone's needs a context of its own.
    test.use({ viewport: { width: size.width, height: size.height }, freshContext: size.name === 'phone' ? "a phone's viewport for the whole context" : undefined });

    test('pick a chassis, set servers, run, read the headline', async ({ app, page }) => {
      test.setTimeout(180_000);
      await app.open();
      await app.loadPreset('today-plan');
      // A 3.5" disk does not go into the all-NVMe edge: the core says so at the disk tier's device.
      await app.field('server.chassis.id').selectOption('edge_1u_nvme');
      await expect(app.error('tiers.disk.device')).toContainText('has no bay for it');
      await app.field('server.chassis.id').selectOption('storage_2u_12lff');
      await expect(page.getByTestId('chassis-facts')).toContainText('12 × 3.5" disk, 4 × U.2 NVMe');
      await expect(page.getByTestId('chassis-facts')).toContainText('2 × 25 Gb/s');
      await app.setField('server.fleet.servers', '4');
      // A short run: one replication, 12 minutes measured after the preset's hour of warm-up.
      await app.setField('run.replications', '1');
      await app.setField('run.duration_h', '1.2');
      await app.runToResults();
      await expect(page.getByTestId('server-headline')).toContainText(/^4 servers of 2U storage server .*, limited by .+ \(\d+ %\)$/);
      await expect(page.getByTestId('server-limits')).toContainText('network (NIC)');
      await expect(page.getByTestId('fleet-simulated')).toContainText('server 1 of 4');
      await expect(page.getByTestId('fleet-simulated')).toContainText('rack units');
      await page.getByTestId('server-section').scrollIntoViewIfNeeded();
      await lookAt(page.getByTestId('server-section'), `fleet-plan-picker-${size.name}`);
      await page.getByTestId('server-results').scrollIntoViewIfNeeded();
      await lookAt(page, `fleet-plan-results-${size.name}`);
    });
  });
}

// The published servers beside the Study claims: four short runs in the
// worker, each row with the publication's limit and throughput, the model's
// and a verdict from the core.
test('the published servers: limits and throughputs against the publications', async ({ app, reproduce, page }) => {
  test.setTimeout(180_000);
  await app.open();
  await reproduce.open();
  await page.getByTestId('published-servers-run').click();
  const table = page.getByTestId('published-servers-table');
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('published-eurobsdcon21-software-tls')).toContainText('host (CPU and memory bandwidth)');
  await expect(page.getByTestId('published-eurobsdcon21-software-tls')).toContainText('reproduced');
  await expect(page.getByTestId('published-eurobsdcon21-nic-tls')).toContainText('network (NIC)');
  await expect(page.getByTestId('published-fast21-hdd-flash')).toContainText('differs');
  await table.scrollIntoViewIfNeeded();
  await lookAt(page.getByTestId('published-servers'), 'published-servers');
});

// Cost against streams: the fleet search at the scenario's load and three
// lower ones, each point coloured by the limit that binds its cheapest
// fleet. A small load on the scenario's own chassis keeps each search short.
test('the cost chart plans the lower loads and colours each fleet by its binding limit', async ({ app, optimiser: opt, page }) => {
  test.setTimeout(300_000);
  await app.open();
  await app.loadPreset('today-plan');
  await app.field('server.chassis.id').selectOption('storage_2u_12lff');
  await app.setField('workload.videos', '2000');
  await app.setField('workload.concurrent_streams', '6000');
  await app.setField('run.duration_h', '1.2');
  await app.openTab('optimiser');
  await opt.planFleet.check();
  await opt.runButton.click();
  await expect(opt.fleetHeadline).toBeVisible({ timeout: 240_000 });
  const main = await opt.fleetResult();
  await page.getByTestId('opt-fleet-draw').click();
  await expect(page.getByTestId('opt-fleet-curve-status')).toContainText('Each point is the fleet search run at that load', { timeout: 240_000 });
  const points = page.locator('[data-testid^="opt-fleet-chart-point-"]');
  await expect(points).toHaveCount(4);
  // The right-most point is the scenario's own load and its cheapest fleet.
  const xs = await points.evaluateAll((els) => els.map((e) => Number(e.getAttribute('cx'))));
  const ys = await points.evaluateAll((els) => els.map((e) => Number(e.getAttribute('cy'))));
  const last = xs.indexOf(Math.max(...xs));
  // More streams never cost less (SVG y grows downwards).
  expect(ys[last]).toBeLessThanOrEqual(Math.min(...ys));
  await expect(page.getByTestId('opt-fleet-chart')).toContainText(main.plans[0].binding_label);
  for (const size of [
    { width: 1280, height: 800, name: '1280' },
    { width: 390, height: 844, name: '390' },
  ]) {
    await page.setViewportSize(size);
    await page.getByTestId('opt-fleet-curve').scrollIntoViewIfNeeded();
    await lookAt(page.getByTestId('opt-fleet-curve'), `fleet-cost-curve-${size.name}`);
  }
});

// Routed by title, each title lives on its servers and the hottest server
// decides: the optimiser sizes that server and says so. HDD only, a small
// load on the scenario's own chassis, keeps the search short.
test('routed by title, the fleet plan sizes the hottest server and says which', async ({ app, optimiser: opt, page }) => {
  test.setTimeout(300_000);
  await app.open();
  await app.loadPreset('today-plan');
  await app.field('server.chassis.id').selectOption('storage_2u_12lff');
  await app.setField('workload.videos', '2000');
  await app.setField('workload.concurrent_streams', '3000');
  await app.setField('run.duration_h', '1.2');
  await app.setField('run.replications', '2');
  await app.openTab('optimiser');
  await opt.architecture('dram_ic_hdd').uncheck();
  await opt.architecture('ssd_lfu_hdd').uncheck();
  await opt.planFleet.check();
  await expect(opt.fleetRouting).toHaveValue('any_server');
  await opt.fleetRouting.selectOption('by_title');
  await expect(page.getByTestId('opt-fleet-hint')).toContainText('routed by title');
  await opt.runButton.click();
  await expect(opt.fleetHeadline).toBeVisible({ timeout: 240_000 });
  await expect(opt.fleetHeadline).toContainText(/^\d+ servers of 2U storage server, routed by title, the hottest server simulated, limited by /);
  const r = await opt.fleetResult();
  const p = r.plans[0];
  expect(p.routing).toBe('by_title');
  expect(p.simulated?.servers).toBe(p.servers);
  await expect(page.getByTestId('opt-fleet-simulated')).toContainText(`by title: server ${p.simulated?.server} holds`);
  for (const size of [
    { width: 1280, height: 800, name: '1280' },
    { width: 390, height: 844, name: '390' },
  ]) {
    await page.setViewportSize(size);
    await opt.fleetResults.scrollIntoViewIfNeeded();
    await lookAt(page, `fleet-by-title-${size.name}`);
  }
});
