// ESLint for the whole tree (run by `npm test`, stage "lint", with `prettier --check`). Rules come from the
// recommended sets; a rule switched off or down says why beside it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as lit } from 'eslint-plugin-lit';
import { configs as wc } from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      // scripts/build.ts builds beside dist/ and swaps it in: npm test lints while it builds.
      'dist.building-*/**',
      'demo/dist/**',
      'packages/**',
      'storybook-static/**',
      'node_modules/**',
      'test-results/**',
      'coverage/**',
      'examples/*/dist/**',
      'examples/*/node_modules/**',
      'demo/server/pdf/golden/**',
      'test/fixtures/**',
      '.storybook/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (an interface's shape, a destructured remainder).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // The server's promise rules need type information: eslint.promises.config.js, run with the type check.
  // The elements and the demo pages run in browsers.
  {
    files: [
      'src/**/*.ts',
      'stories/**/*.ts',
      'demo/web/**/*.js',
      'test/browser/**/*.ts',
      'test/support/{viewer,editor,signer}/**/*.ts',
      'bench/*-page.ts',
      'examples/**/*.{ts,tsx,js,jsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['src/**/*.ts'], ...lit['flat/recommended'] },
  { files: ['src/**/*.ts'], ...wc['flat/recommended'] },
);
