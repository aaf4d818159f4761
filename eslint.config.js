// ESLint flat config: typescript-eslint's recommended type-aware rules and
// the React hooks rules, over the app, its tests and the e2e suite.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // tests/fixtures/e2e-lint/ breaks the e2e rules below on purpose (tests/tooling/e2e-lint.test.ts lints it);
  // tests/fixtures/timed-verdicts/ decides on times on purpose (tests/tooling/timed-verdicts.test.ts).
  { ignores: ['dist/', 'src/wasm-pkg/', 'wasm/', 'node_modules/', 'test-results/', 'playwright-report/', 'python/.venv/', 'tests/fixtures/e2e-lint/', 'tests/fixtures/timed-verdicts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // A test's own timeout (the third argument of it/test) only ever raises
  // the configured bound against hangs (vite.config.ts, docs/testing.md).
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(it|test)$/][arguments.length=3][arguments.2.type="Literal"][arguments.2.value<300000]',
          message: 'A test timeout bounds a hang and is at least the configured 300 s: leave it out (docs/testing.md).',
        },
      ],
    },
  },
  // e2e specs take their page objects from the fixtures of e2e/fixtures.ts
  // (`async ({ app, flash }) => …`, or pagesOf(page) for another page) and
  // import `test` and `expect` from there, so a page object is built in one place.
  {
    files: ['e2e/*.spec.ts', 'tests/fixtures/e2e-lint/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/Page$/]',
          message: 'Take page objects from the fixtures of e2e/fixtures.ts (a test argument, or pagesOf(page) for another page), not with `new`.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures', which hands the page objects to each test.",
            },
          ],
        },
      ],
    },
  },
);
