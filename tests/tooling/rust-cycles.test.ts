// @vitest-environment node
// The Rust module-cycle check of `npm test` (`npm run check:rust-cycles`,
// scripts/check-rust-cycles.mjs) must fail on a cycle and pass on a facade
// that only re-exports. Fixtures: tests/fixtures/rust-cycle (clock.rs and
// timer.rs import each other), tests/fixtures/rust-facade (no cycle).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const check = (...dirs: string[]) =>
  spawnSync(process.execPath, ['scripts/check-rust-cycles.mjs', ...dirs], { cwd: root, encoding: 'utf8' });

describe('Rust module cycle check', () => {
  it('fails on the fixture pair and names both modules and the edges', () => {
    const r = check('tests/fixtures/rust-cycle/src');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('1 module cycle(s)');
    expect(r.stdout).toContain('clock <-> timer');
    expect(r.stdout).toContain('clock -> timer');
    expect(r.stdout).toContain('timer -> clock');
  });

  it('passes on a facade that re-exports its children (and ignores paths in comments)', () => {
    const r = check('tests/fixtures/rust-facade/src');
    expect(r.stdout).toContain('no module cycle');
    expect(r.status).toBe(0);
  });

  it('npm test runs it over every crate of the workspace', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['check:rust-cycles']).toBe('node scripts/check-rust-cycles.mjs wasm/*/src');
    expect(readFileSync(`${root}scripts/test.sh`, 'utf8')).toContain('npm run check:rust-cycles');
  });
});
