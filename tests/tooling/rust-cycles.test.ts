// The Rust module-cycle check of `npm test` (`npm run check:rust-cycles`,
// scripts/check-rust-cycles.mjs) must fail on a cycle and pass on a facade
// that only re-exports. Fixtures: tests/fixtures/rust-cycle (clock.rs and
// timer.rs import each other), tests/fixtures/rust-facade (no cycle).
// Its dependency check (each crate's Cargo.toml against its `use`s and the
// workspace's layers) must fail on tests/fixtures/rust-deps: fx-idle declares
// fx-base and never uses it, fx-upward depends on a crate of a higher layer;
// fx-engine (a sibling only as a dev-dependency) passes.
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

  it('fails on a dependency a crate declares but never uses (a comment or string naming it is no use)', () => {
    const r = check('tests/fixtures/rust-deps/idle/src');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('declares fx-base in [dependencies] but src/ (outside test modules) never uses it');
  });

  it('passes a dependency declared for its features only when the crate says so', () => {
    const r = check('tests/fixtures/rust-deps/aligned/src');
    expect(r.stdout).toContain('aligned/src: 1 modules, no module cycle, dependencies match the code');
    expect(r.status).toBe(0);
  });

  it('fails on a dependency on a higher layer', () => {
    const r = check('tests/fixtures/rust-deps/upward/src');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('depends on fx-engine (layer 1) from layer 0: only lower layers');
  });

  it('passes a crate whose dependencies are its uses, with a sibling for its tests only', () => {
    const r = check('tests/fixtures/rust-deps/engine/src', 'tests/fixtures/rust-deps/base/src');
    expect(r.stdout).toContain('engine/src: 1 modules, no module cycle, dependencies match the code');
    expect(r.status).toBe(0);
  });

  it('the workspace declares its layers, and every crate of it passes', () => {
    expect(readFileSync(`${root}wasm/Cargo.toml`, 'utf8')).toContain('[workspace.metadata.layers]');
    const r = spawnSync('npm', ['run', '--silent', 'check:rust-cycles'], { cwd: root, encoding: 'utf8', shell: true });
    const crates = r.stdout.match(/no module cycle/g)?.length ?? 0;
    expect(crates).toBeGreaterThanOrEqual(10);
    expect(r.stdout.match(/dependencies match the code/g)?.length).toBe(crates);
    expect(r.status).toBe(0);
  });

  it('npm test runs it over every crate of the workspace', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['check:rust-cycles']).toBe('node scripts/check-rust-cycles.mjs wasm/*/src');
    expect(readFileSync(`${root}scripts/test.sh`, 'utf8')).toContain('npm run check:rust-cycles');
  });
});
