/**
 * The URLs the documentation tells people to call are the server's: every http/ws URL on 127.0.0.1 or
 * localhost in README.md and docs/ uses the port `esign-server serve` listens on by default (they once
 * said 3000 and 8787 while it listens on 8080).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from '../../demo/server/config.ts';

const root = new URL('../../', import.meta.url).pathname;
const markdown = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );

test('documented local URLs use the port the server listens on', () => {
  const port = new URL(resolveConfig({ dataDir: '/nonexistent' }).baseUrl).port;
  assert.equal(port, '8080');
  const stale: string[] = [];
  for (const file of ['README.md', 'demo/server/README.md', ...markdown('docs')]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\b(?:https?|wss?):\/\/(?:127\.0\.0\.1|localhost)(?::(\d+))?/g)) {
      if (m[1] !== port) stale.push(`${file}: ${m[0]}`);
    }
  }
  assert.deepEqual(stale, []);
});
