/**
 * The npm package ships only what runs: no tests, no test support, no golden renders. Reads the file
 * list `npm pack --dry-run` would publish (package.json `files`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TEST_ONLY = [
  /\.test\.ts$/,
  /(^|\/)test\//,
  /test-support\.ts$/,
  /-test-helpers\.ts$/,
  /fake-server\.ts$/,
  /harness\.ts$/,
  /rest-test-server\.ts$/,
  /\/webhooks\/test-[^/]+\.ts$/,
  /\/golden\//,
];

test('npm pack ships no tests or test support', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files = (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  assert.ok(files.includes('src/fields/kinds/index.ts'), 'the source ships');
  assert.deepEqual(
    files.filter((p) => TEST_ONLY.some((re) => re.test(p))),
    [],
  );
});
