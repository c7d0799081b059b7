/**
 * Two machines, one PostgreSQL, separate data directories: after start, both hold the same key files
 * (component tokens minted on one verify on the other), the database's copy winning over a different
 * local one. On SQLite nothing is shared or rewritten.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../store/index.ts';
import { shareSecretFiles } from './server-secrets.ts';
import { postgresForTests } from '../../../test/support/postgres.ts';

const postgres = postgresForTests();
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-secrets-'));
  dirs.push(dir);
  return dir;
}

const FILES = ['component-token.secret', 'sign-in-key.pem', 'seal-key.pem'];

test('postgres: processes with their own data directories end up with the same key files; the database copy wins', async () => {
  const url = await postgres.database('secrets');
  const [a, b] = [dataDir(), dataDir()];
  // Machine b had keys of its own from before (a different component-token secret).
  fs.writeFileSync(path.join(b, 'component-token.secret'), Buffer.alloc(32, 7));
  const storeA = await openStore(a, { databaseUrl: url });
  const storeB = await openStore(b, { databaseUrl: url });
  try {
    assert.deepEqual(await shareSecretFiles(storeA, a, {}), [], 'the first process makes the keys and offers them');
    assert.deepEqual(await shareSecretFiles(storeB, b, {}), FILES, "every file of b becomes the deployment's");
    for (const name of FILES) assert.ok(fs.readFileSync(path.join(a, name)).equals(fs.readFileSync(path.join(b, name))), `${name} is the same on both`);
    assert.equal((fs.statSync(path.join(b, 'sign-in-key.pem')).mode & 0o777).toString(8), '600');
    assert.deepEqual(await shareSecretFiles(storeB, b, {}), [], 'a second start changes nothing');
    assert.deepEqual(await shareSecretFiles(storeA, a, { ESIGN_SEAL_P12: '/etc/seal.p12' }), [], 'with a P12 the seal key is not shared');
  } finally {
    await storeA.close();
    await storeB.close();
  }
});

test('sqlite: the key files stay where they are', async () => {
  const dir = dataDir();
  const store = await openStore(dir);
  try {
    assert.deepEqual(await shareSecretFiles(store, dir, {}), []);
    assert.equal(fs.existsSync(path.join(dir, 'component-token.secret')), false);
  } finally {
    await store.close();
  }
});
