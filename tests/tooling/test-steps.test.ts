// `npm test`'s step runner (scripts/test-steps.sh, sourced by scripts/test.sh):
// a failed step must not stop the steps after it, every runner's counts must
// reach the summary, and the run must end non-zero with one closing line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `script` after sourcing the step runner; returns its output and status. */
function run(script: string) {
  const log = mkdtempSync(join(tmpdir(), 'test-steps-'));
  const r = spawnSync('bash', ['-c', `set -uo pipefail; log=${log}; . scripts/test-steps.sh\n${script}`], { cwd: root, encoding: 'utf8' });
  return { out: r.stdout, status: r.status };
}

const fake = (lines: string[], exit = 0) => `bash -c '${lines.map((l) => `echo "${l}"`).join('; ')}; exit ${exit}'`;

describe('npm test step runner', () => {
  it('runs every step after a failure and counts each runner', () => {
    const { out, status } = run(
      [
        `step cargo "cargo" ${fake(['test result: ok. 12 passed; 0 failed; 0 ignored', 'test result: FAILED. 3 passed; 2 failed; 0 ignored'], 101)}`,
        'step ts-lints "lint" false',
        `step vitest "vitest" ${fake(['      Tests  1 failed | 40 passed (41)'], 1)}`,
        // Files that failed before running a test (Vitest counts them apart).
        `step vitest-files "vitest" ${fake([' Test Files  3 failed | 1 passed (4)', '      Tests  11 passed (11)'], 1)}`,
        `step pytest "pytest" ${fake(['7 passed, 1 skipped in 3.21s'])}`,
        `step bench "bench" ${fake(['ok: bench-core', 'FAILED: bench-http (exit 1)', 'ok: bench-ssd'], 1)}`,
        `step playwright "pw" ${fake(['  2 failed', '  1 flaky', '  110 passed (5.2m)'], 1)}`,
        'summarise',
      ].join('\n'),
    );
    expect(status).toBe(1);
    // Every step ran and is in the table, with its runner's own counts.
    const row = (id: string) => out.split('\n').find((l) => l.trimStart().startsWith(`${id} `)) ?? '';
    expect(row('cargo')).toMatch(/FAILED \(exit 101\)\s+15 passed\s+2 failed/);
    expect(row('ts-lints')).toMatch(/FAILED \(exit 1\)\s+0 passed\s+1 failed/);
    expect(row('vitest')).toMatch(/FAILED \(exit 1\)\s+40 passed\s+1 failed/);
    expect(row('vitest-files')).toMatch(/FAILED \(exit 1\)\s+11 passed\s+3 failed/);
    expect(row('pytest')).toMatch(/ok\s+7 passed\s+0 failed/);
    expect(row('bench')).toMatch(/FAILED \(exit 1\)\s+2 passed\s+1 failed/);
    expect(row('playwright')).toMatch(/FAILED \(exit 1\)\s+110 passed\s+3 failed/);
    expect(out).toContain('6 of 7 steps failed');
    expect(out.trimEnd().split('\n').at(-1)).toBe('tests: 185 passed, 11 failed');
  });

  it('exits 0 with the closing line when every step passed', () => {
    const { out, status } = run([`step cargo "cargo" ${fake(['test result: ok. 4 passed; 0 failed'])}`, 'step ts-lints "lint" true', 'summarise'].join('\n'));
    expect(status).toBe(0);
    expect(out).toContain('0 of 2 steps failed');
    // Each step says how busy the machine's cores were while it ran (Linux: /proc/stat).
    const cargo = out.split('\n').find((l) => l.trimStart().startsWith('cargo ')) ?? '';
    expect(cargo).toMatch(/passed\s+0 failed\s+0m0\ds\s+(cores \d{1,3}% busy)?$/);
    expect(out.trimEnd().split('\n').at(-1)).toBe('tests: 4 passed, 0 failed');
  });

  it('runs a step beside the next ones, prints its output whole when it ends and counts it', () => {
    const { out, status } = run(
      [
        `step_beside vitest "vitest" bash -c 'sleep 1; echo "      Tests  1 failed | 4 passed (5)"; exit 1'`,
        `step cargo "cargo" ${fake(['test result: ok. 4 passed; 0 failed'])}`,
        'step_join vitest',
        'summarise',
      ].join('\n'),
    );
    expect(status).toBe(1);
    // Its output comes after its end line, not mixed into the step that ran beside it.
    expect(out.indexOf('vitest: ended')).toBeLessThan(out.indexOf('Tests  1 failed | 4 passed'));
    expect(out.indexOf('test result: ok. 4 passed')).toBeLessThan(out.indexOf('vitest: ended'));
    const row = out.split('\n').find((l) => l.trimStart().startsWith('vitest ')) ?? '';
    expect(row).toMatch(/FAILED \(exit 1\)\s+4 passed\s+1 failed/);
    expect(out.trimEnd().split('\n').at(-1)).toBe('tests: 8 passed, 1 failed');
  });

  it('is what scripts/test.sh runs, and .ci/run calls npm test after the README set-up', () => {
    expect(readFileSync(join(root, 'scripts/test.sh'), 'utf8')).toContain('. scripts/test-steps.sh');
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/bash scripts\/setup\.sh --ci\nbash scripts\/setup-tests\.sh\nnpm test\n/);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe('bash scripts/test.sh');
    expect(pkg.scripts.setup).toBe('bash scripts/setup.sh');
  });
});
