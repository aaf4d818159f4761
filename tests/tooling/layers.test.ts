// The layer check of `npm run lint` (scripts/check-layers.mjs): src/ is in
// layers — engine/ and charts/ (infrastructure), the features' worker side,
// worker/, shared/ state/ pwa/, the tabs, app/, the entry points — and an
// import may not point up. It must fail on the fixture tree (the engine
// importing a tab, shared importing the shell) and pass on src/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const check = (dir: string) => spawnSync(process.execPath, ['scripts/check-layers.mjs', dir], { cwd: root, encoding: 'utf8' });

describe('layer check', () => {
  it('fails on the fixture, naming each upward import and both layers', () => {
    const r = check('tests/fixtures/layers/src');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('2 upward imports');
    expect(r.stderr).toContain('engine/pool.ts:3 (engine, charts (infrastructure, kits), layer 0) imports planner/view.ts (a tab, layer 4)');
    expect(r.stderr).toContain('shared/format.ts:3 (shared, state, pwa, layer 3) imports app/App.ts (app/, layer 5)');
    // A tab importing shared/ (below it) is allowed.
    expect(r.stderr).not.toContain('planner/view.ts:3');
  });

  it('passes on src/: no upward import remains', () => {
    const r = check('src');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^check-layers: \d+ imports in src, none upward/);
    expect(r.status).toBe(0);
  });

  it('is part of npm run lint', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain('node scripts/check-layers.mjs src');
  });
});
