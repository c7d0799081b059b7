/**
 * The `esign-server` command runs from an installed package: Node refuses to strip types from files
 * under node_modules, so demo/bin/run-ts.mjs strips them through its own module hooks (which also makes
 * it work on Node 22.13 to 22.17, where stripping needs a flag). Checked on a copy of the package placed
 * under a temporary node_modules/, with its dependencies linked from the repository's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('esign-server runs its TypeScript from inside node_modules', { timeout: 60_000 }, async () => {
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const app = mkdtempSync(join(root, 'node_modules/.cache/esign-bin-test-'));
  try {
    const pkg = join(app, 'node_modules/esign-server');
    mkdirSync(pkg, { recursive: true });
    for (const part of ['package.json', 'bin', 'server']) cpSync(join(root, 'demo', part), join(pkg, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    const run = (file: string) => promisify(execFile)(process.execPath, [file, '--help'], { cwd: app });
    // (Plain `node .../node_modules/esign-server/server/cli.ts` fails here on Node 22 to 24 with
    // ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING.)
    const { stdout } = await run(join(pkg, 'bin/esign-server.mjs'));
    assert.match(stdout, /esign-server serve/);
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});
