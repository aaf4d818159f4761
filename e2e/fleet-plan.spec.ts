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
    test.use({ viewport: { width: size.width, height: size.height } });

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
