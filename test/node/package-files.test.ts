/**
 * Each package ships only what runs (the file lists `npm pack --dry-run` would publish, package.json
 * `files`): the elements package no server code, no source, no tests, no precompressed .br/.gz copies; the server
 * package no tests, test support or golden renders. test/node/packages.test.ts installs the real tarballs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ONLY } from './test-only-paths.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function packed(cwd: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
}

test('esign-elements ships its build and README only: no server, no sources, no tests, no precompressed copies', () => {
  const files = packed(root);
  assert.ok(files.includes('dist/cdn/esign-signer.min.js'), 'the built CDN files ship');
  // The .br/.gz copies are for esign-server (scripts/precompress.ts); it compresses on request without them.
  assert.deepEqual(
    files.filter((p) => /\.(br|gz)$/.test(p)),
    [],
  );
  assert.deepEqual(
    files.filter((p) => !p.startsWith('dist/') && !['package.json', 'README.md'].includes(p)),
    [],
  );
  assert.deepEqual(
    files.filter((p) => TEST_ONLY.some((re) => re.test(p)) || /(^|\/)(server|portal)\//.test(p)),
    [],
  );
});

test('esign-server ships its command, server and pages, without tests', () => {
  const files = packed(`${root}demo`);
  for (const file of ['bin/esign-server.mjs', 'server/cli.ts', 'server/work/worker-entry.mjs', 'web/sign.html']) assert.ok(files.includes(file), file);
  assert.deepEqual(
    files.filter((p) => TEST_ONLY.some((re) => re.test(p))),
    [],
  );
});

test('the server package reaches src/ only through esign-elements/* exports, never relative paths', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (/\.(ts|mjs|js)$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)['"]((?:\.\.\/)+src\/[^'"]*)['"]/g))
          offenders.push(`${relative(root, path)}: ${match[1]}`);
      }
    }
  };
  walk(join(root, 'demo'));
  assert.deepEqual(offenders, []);
});
