// The check that formulas have one home (`npm run lint` runs
// scripts/check-core-formulas.mjs over src/): it must fail when TypeScript
// recomputes a core formula, name the file, line and the core's function,
// and pass on the project's tree and on code that only shows core values.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const check = (...dirs: string[]) => spawnSync(process.execPath, ['scripts/check-core-formulas.mjs', ...dirs], { cwd: root, encoding: 'utf8' });

describe('core formula check', () => {
  it('fails on the fixture that recomputes the t table, 1.96 and the library size, naming each line', () => {
    const r = check('tests/fixtures/core-formula');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tests/fixtures/core-formula/recompute.ts:6: a TypeScript definition named after a core formula');
    expect(r.stderr).toContain('recompute.ts:10: a Student t quantile table; the core computes it: tierplan_kit::stats::t_975');
    expect(r.stderr).toContain('recompute.ts:10: the normal 97.5 % quantile 1.96');
    expect(r.stderr).toContain('recompute.ts:16: a library or title size from the classes (share × length × bitrate); the core computes it: Workload::library_mb');
    expect(r.stderr).not.toContain('clean.ts');
  });

  it('fails on a length in seconds and on λ × length, either order, naming the core function and the echoed value', () => {
    const r = check('tests/fixtures/core-formula');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('recompute.ts:16: a video length in seconds (length_min × 60); the core computes it: VideoClass::length_s');
    expect(r.stderr).toContain('recompute.ts:20: a video length in seconds (length_min × 60)');
    expect(r.stderr).toContain('recompute.ts:21: the offered load λ × mean length; the core computes it: tierplan_scenario::offered_load; results echo the `offered_load`');
    expect(r.stderr).toContain('recompute.ts:25: the offered load λ × mean length');
    // Reading the echoed offered_load and mean_length_s is no copy.
    expect(r.stderr).not.toContain('clean.ts');
  });

  it("fails on a share-weighted mean length and on Little's law over a mean length, either way, and on their definitions by name", () => {
    const r = check('tests/fixtures/core-formula');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('recompute.ts:28: a TypeScript definition named after a core formula');
    expect(r.stderr).toContain('recompute.ts:30: a mean video length from the class shares (Σ share × length / Σ share); the core computes it: Workload::mean_length_s');
    expect(r.stderr).toContain("recompute.ts:32: Little's law (concurrent streams = λ × mean length); the core computes it: Workload::offered_load / Workload::rate_for_streams");
    expect(r.stderr).toContain("recompute.ts:33: Little's law");
  });

  it('passes on src/, the tree the lint step checks, with no known copy left', () => {
    const r = check('src');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // Issue 49 moved the last one (the Scenario tab's streams ⇄ λ conversion) into the core.
    expect(r.stdout).not.toContain('note:');
  });

  it('is part of npm run lint, which scripts/test.sh runs', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain('node scripts/check-core-formulas.mjs src');
    expect(readFileSync(`${root}scripts/test.sh`, 'utf8')).toContain('npm run lint');
  });
});
