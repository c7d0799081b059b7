// The server's store is asynchronous: a promise nobody awaits is a check that never blocks or a write
// that races the next one. These rules need the type checker's program, so they run with the type
// check (`npm run typecheck`, scripts/typecheck.ts), not with `npm run lint`, which stays fast.
// Not the tests: a test's unawaited promise shows up in that test's run (node:test reports activity
// after a test ended), and type information for them would double the time.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/*.test.ts'] },
  {
    files: ['demo/server/**/*.ts', 'test/support/server/**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // node:test's test() returns a promise the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
