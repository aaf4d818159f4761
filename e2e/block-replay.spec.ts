// A long block-trace replay in the browser: the file is read in the worker
// slice by slice with progress in bytes, and Cancel stops it mid-file.
import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeCli } from '../scripts/native-cli.mjs';

/** A 400 000-I/O MSR trace of the msn preset, written by `tierplan block-trace generate`. */
function longTrace(): string {
  const cli = nativeCli();
  const file = join(mkdtempSync(join(tmpdir(), 'tierplan-long-')), 'msn-long.csv');
  execFileSync(cli, ['block-trace', 'generate', '--preset', 'msn', '--format', 'msr', '--seed', '3', '-o', file]);
  return file;
}

test('Cancel a long trace replay: progress in bytes, then stopped mid-file with nothing lost', async ({ block: b }) => {
  const trace = longTrace();
  const mb = statSync(trace).size / 1e6;
  expect(mb).toBeGreaterThan(10);
  await b.open();
  // All seven caches, so the replay lasts well beyond one click.
  for (const c of ['fp_fcl', 'rw_fcl', 'op_fcl']) await b.cache(c).check();
  await b.chooseTrace(trace);
  await expect(b.format).toContainText('MSR');
  await b.run.click();
  const progress = b.progress;
  await expect(progress).toContainText(/Read [\d.,]+ of [\d.,]+ MB/);
  await b.cancel.click();
  await expect(b.cancelled).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(b.result).toHaveCount(0);
  // The trace stays chosen: the run can start again at once.
  await expect(b.run).toBeEnabled();
  await expect(b.format).toContainText('msn-long.csv');
});
