// The e2e specs take their page objects from the fixtures of e2e/fixtures.ts;
// eslint.config.js refuses a spec that builds one with `new` or imports
// Playwright's own `test`. The fixture tests/fixtures/e2e-lint/new-page.spec.ts
// does both (it is left out of `npx eslint .`, and linted here on purpose).
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('e2e page objects come from the fixtures', () => {
  it('eslint fails on a spec that builds a page object with new and imports test from @playwright/test', async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [result] = await eslint.lintFiles(['tests/fixtures/e2e-lint/new-page.spec.ts']);
    // Exactly these: `test` and `expect` from @playwright/test (line 3), `new AppPage` (line 7).
    const found = result.messages.map((m) => `${m.line} ${m.ruleId}`).sort();
    expect(found).toEqual(['3 no-restricted-imports', '3 no-restricted-imports', '7 no-restricted-syntax']);
    expect(result.messages.find((m) => m.ruleId === 'no-restricted-syntax')?.message).toContain('e2e/fixtures.ts');
    expect(result.errorCount).toBe(3);
  });

  it('the rule covers every spec under e2e/ (and `npx eslint .` skips only the fixture)', async () => {
    const eslint = new ESLint({ cwd: root });
    const config = (await eslint.calculateConfigForFile('e2e/app.spec.ts')) as { rules: Record<string, unknown> };
    expect(config.rules['no-restricted-syntax']).toBeDefined();
    expect(config.rules['no-restricted-imports']).toBeDefined();
    expect(await eslint.isPathIgnored('tests/fixtures/e2e-lint/new-page.spec.ts')).toBe(true);
    expect(await eslint.isPathIgnored('e2e/app.spec.ts')).toBe(false);
  });
});
