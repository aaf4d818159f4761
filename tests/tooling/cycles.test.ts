// The import-cycle check of `npm test` (`npm run check:cycles`: madge with
// .madgerc, type-only imports included) must fail on a cycle. The fixture
// pair tests/fixtures/cycle/{clock,timer}.ts import each other; the project
// tree itself is checked by the script in scripts/test.sh.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const madge = (...args: string[]) =>
  spawnSync(process.execPath, ['node_modules/madge/bin/cli.js', '--circular', '--no-spinner', '--no-color', ...args], { cwd: root, encoding: 'utf8' });

describe('import cycle check', () => {
  it('fails on the fixture pair and names both files', () => {
    const r = madge('tests/fixtures/cycle');
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain('Found 1 circular dependency');
    expect(r.stdout).toContain('1) clock.ts > timer.ts');
  });

  it('passes once one half of the pair is left out (the cycle is what fails, not the set-up)', () => {
    const r = madge('--exclude', '^clock\\.ts$', 'tests/fixtures/cycle');
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).toContain('No circular dependency found');
  });

  it('npm test runs it over src, tests and e2e, leaving out only the fixture', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['check:cycles']).toMatch(/^madge --circular .*--exclude '\^\(tests\/fixtures\/\|src\/wasm-pkg\/\)' src tests e2e$/);
    expect(readFileSync(`${root}scripts/test.sh`, 'utf8')).toContain('npm run check:cycles');
  });
});
