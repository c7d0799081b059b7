/** The PostgreSQL test harness: a real server that answers, gone without a trace after stop(), and a clear error when it cannot start. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../support/postgres.ts';

function postmasterPid(dir: string): number {
  return Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers signal 0 until its parent reaps it; its state says it is gone.
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^State:\s+(\w)/m)?.[1];
  return status !== 'Z';
}

test('startPostgres runs a real PostgreSQL 15, gives a database per call, and stop() leaves no process or dir', async () => {
  const cluster = await startPostgres();
  const pid = postmasterPid(cluster.dir);
  try {
    const first = await cluster.createDatabase('harness_a');
    const second = await cluster.createDatabase('harness_b');
    assert.notEqual(first, second);
    const client = new pg.Client({ connectionString: first });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string; db: string }>(`SELECT current_setting('server_version_num') AS version, current_database() AS db`);
      assert.match(rows[0].version, /^15\d{4}$/);
      assert.equal(rows[0].db, 'harness_a');
    } finally {
      await client.end();
    }
  } finally {
    cluster.stop();
  }
  assert.equal(fs.existsSync(cluster.dir), false, 'the temp dir is deleted');
  assert.equal(isRunning(pid), false, 'the postmaster is stopped');
});

test('startPostgres without PostgreSQL binaries throws naming the Debian package, and leaves no dir', async () => {
  await assert.rejects(
    startPostgres({ bin: '/nonexistent/postgresql/bin' }),
    /\/nonexistent\/postgresql\/bin\/initdb is missing\. Install the Debian package postgresql-15/,
  );
});

test('a test process killed by SIGTERM still stops its cluster and deletes the dir', async () => {
  const script = `
    import { startPostgres } from ${JSON.stringify(path.join(import.meta.dirname, '../support/postgres.ts'))};
    const cluster = await startPostgres();
    console.log(cluster.dir);
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
  });
  const pid = postmasterPid(dir);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGTERM');
  assert.equal(await exited, 'SIGTERM');
  assert.equal(fs.existsSync(dir), false, 'the temp dir is deleted');
  assert.equal(isRunning(pid), false, 'the postmaster is stopped');
});
