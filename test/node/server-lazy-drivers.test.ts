/**
 * The embedded default (SQLite, files on disk) starts without loading the AWS SDK or the pg driver:
 * store/index.ts imports them only when ESIGN_S3_BUCKET or ESIGN_DATABASE_URL asks for them. Each case
 * builds the app in a fresh Node process that records every module it resolves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const app = fileURLToPath(new URL('../../demo/server/app.ts', import.meta.url));

/** The node_modules packages among `pg` and `@aws-sdk/*` that building the app loaded under `env`. */
async function heavyModulesLoaded(env: Record<string, string>): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-lazy-'));
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) {
      const result = next(specifier, context);
      const match = /node_modules\\/(pg|@aws-sdk\\/[^/]+)\\//.exec(result.url);
      if (match) seen.add(match[1]);
      return result;
    } });
    const { buildApp } = await import(${JSON.stringify(app)});
    try {
      const app = await buildApp({ dataDir: ${JSON.stringify(dataDir)}, sweepIntervalMs: 0 });
      await app.close();
    } catch {
      // A database that is not there: the driver was loaded to find that out, which is what counts.
    }
    console.log(JSON.stringify([...seen].sort()));
    process.exit(0);
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=esign-source', '--input-type=module', '-e', script], {
      env: { ...process.env, ESIGN_S3_BUCKET: '', ESIGN_DATABASE_URL: '', ...env },
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('the embedded default loads neither the S3 client nor the pg driver', { timeout: 90_000 }, async () => {
  assert.deepEqual(await heavyModulesLoaded({}), []);
});

test('ESIGN_S3_BUCKET loads the S3 client, ESIGN_DATABASE_URL the pg driver', { timeout: 90_000 }, async () => {
  const s3 = await heavyModulesLoaded({ ESIGN_S3_BUCKET: 'bucket', ESIGN_S3_ENDPOINT: 'http://127.0.0.1:9' });
  assert.ok(s3.includes('@aws-sdk/client-s3'), s3.join(', '));
  assert.ok(!s3.includes('pg'));
  const pg = await heavyModulesLoaded({ ESIGN_DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' });
  assert.ok(pg.includes('pg'), pg.join(', '));
  assert.ok(!pg.some((name) => name.startsWith('@aws-sdk/')));
});
