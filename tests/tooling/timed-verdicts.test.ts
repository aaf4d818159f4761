// The check that no test or benchmark smoke run decides on a time (`npm run
// lint` runs scripts/check-timed-verdicts.mjs over the project): it must
// name each clock read a test judges by, each short timeout and each
// benchmark exit that follows a timing target, in every language — and pass
// on a time that is only printed, on a long hang bound and on the project.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const check = (...args: string[]) => spawnSync(process.execPath, ['scripts/check-timed-verdicts.mjs', ...args], { cwd: root, encoding: 'utf8' });

describe('timed verdicts check', () => {
  it('fails on the fixture, naming every file and line that decides on a time', () => {
    const r = check('tests/fixtures/timed-verdicts');
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('  '));
    const where = lines.map((l) => l.trim().split(': ')[0]);
    expect(where).toEqual([
      'e2e/slow.spec.ts:3',
      'e2e/slow.spec.ts:4',
      'e2e/slow.spec.ts:5',
      'e2e/slow.spec.ts:10',
      'python/tests/test_fast.py:5',
      'python/tests/test_fast.py:6',
      'wasm/engine/tests/speed.rs:3',
      'wasm/engine/src/lib.rs:9',
      'scripts/bench-thing.mjs:4',
      'scripts/bench-thing.mjs:5',
      'scripts/bench-thing.mjs:5',
    ]);
    expect(r.stderr).toContain('e2e/slow.spec.ts:4: a 5000 ms timeout');
    expect(r.stderr).toContain('e2e/slow.spec.ts:10: a duration read back and compared');
    expect(r.stderr).toContain('scripts/bench-thing.mjs:5: a benchmark exits with a computed status');
    // A time printed with the marker, a two-minute bound, a clock outside
    // #[cfg(test)] and a benchmark's constant exit for missing input pass.
    expect(r.stderr).not.toContain('fine.ts');
    expect(r.stderr).not.toContain('bench-fine.mjs');
    expect(r.stderr).not.toContain('lib.rs:2');
  });

  it('passes on the project', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('is part of npm run lint, which scripts/test.sh runs', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain('node scripts/check-timed-verdicts.mjs');
    expect(readFileSync(`${root}scripts/test.sh`, 'utf8')).toContain('npm run lint');
  });
});
