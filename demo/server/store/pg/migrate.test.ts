import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { postgresForTests } from '../../../../test/support/postgres.ts';
import { pgMigrations } from './migrations.ts';
import { runPgMigrations } from './migrate.ts';

const postgres = postgresForTests();

async function withPool<T>(name: string, run: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: await postgres.database(name) });
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }
}

test('PostgreSQL: migrating from empty applies every migration; a second run applies none', async () => {
  await withPool('migrate_empty', async (pool) => {
    assert.deepEqual(
      await runPgMigrations(pool, pgMigrations),
      pgMigrations.map((m) => m.id),
    );
    assert.deepEqual(await runPgMigrations(pool, pgMigrations), []);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    assert.deepEqual(
      rows.map((r) => r.id),
      pgMigrations.map((m) => m.id).sort(),
    );
  });
});

test('PostgreSQL: two runners started together apply each migration once', async () => {
  await withPool('migrate_concurrent', async (pool) => {
    const [a, b] = await Promise.all([runPgMigrations(pool, pgMigrations), runPgMigrations(pool, pgMigrations)]);
    assert.deepEqual([...a, ...b].sort(), pgMigrations.map((m) => m.id).sort());
  });
});

test("PostgreSQL: migrating from the previous release's schema keeps its rows and backfills the list counters", async () => {
  await withPool('migrate_upgrade', async (pool) => {
    const newest = 3;
    const previous = pgMigrations.slice(0, -newest);
    await runPgMigrations(pool, previous);
    const now = new Date().toISOString();
    await pool.query(`INSERT INTO users (id, email, created, modified) VALUES ('u1', 'Ann@Example.com', $1, $1)`, [now]);
    await pool.query(`INSERT INTO groups (id, slug, name, created, modified) VALUES ('g1', 'acme', 'Acme', $1, $1)`, [now]);
    for (const [id, status] of [
      ['d1', 10],
      ['d2', 10],
      ['d3', 30],
    ] as const) {
      await pool.query(
        `INSERT INTO documents (id, group_id, user_id, name, status, template_ids_json, page_count, pages_json, source_file, created, modified)
         VALUES ($1, 'g1', 'u1', $1, $2, '[]', 1, '[]', 'src', $3, $3)`,
        [id, status, now],
      );
    }
    assert.deepEqual(
      await runPgMigrations(pool, pgMigrations),
      pgMigrations.slice(-newest).map((m) => m.id),
    );
    const users = await pool.query(`SELECT id, timezone FROM users WHERE email = 'ann@example.com'`);
    assert.deepEqual(users.rows, [{ id: 'u1', timezone: 'UTC' }], 'email is case-insensitive, as NOCASE on SQLite');
    const documents = await pool.query('SELECT id, language FROM documents ORDER BY id');
    assert.deepEqual(
      documents.rows.map((r) => `${r.id}:${r.language}`),
      ['d1:en', 'd2:en', 'd3:en'],
    );
    const counts = await pool.query('SELECT status, n::int AS n FROM document_counts ORDER BY status');
    assert.deepEqual(counts.rows, [
      { status: 10, n: 2 },
      { status: 30, n: 1 },
    ]);
  });
});

test('PostgreSQL: a failing migration leaves neither its changes nor its record', async () => {
  await withPool('migrate_failure', async (pool) => {
    const broken = [{ id: 'test-001-broken', sql: 'CREATE TABLE half_done (id text); SELECT no_such_column FROM half_done;' }];
    await assert.rejects(runPgMigrations(pool, broken), /test-001-broken failed: .*no_such_column/);
    const table = await pool.query(`SELECT to_regclass('half_done') AS t`);
    assert.equal(table.rows[0].t, null);
    const record = await pool.query(`SELECT count(*)::int AS n FROM schema_migrations WHERE id = 'test-001-broken'`);
    assert.equal(record.rows[0].n, 0);
  });
});
