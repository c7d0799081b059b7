/**
 * `document_counts` is kept by triggers on both stores: the same inserts, updates and deletes of
 * documents leave the same counter rows on SQLite and on PostgreSQL, and those equal a fresh count.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresForTests } from '../../../../test/support/postgres.ts';
import { openDatabase, runMigrations } from '../db.ts';
import { migrations } from '../sqlite/migrations.ts';
import { pgMigrations } from './migrations.ts';
import { runPgMigrations } from './migrate.ts';

const postgres = postgresForTests();

/** Statements written once in PostgreSQL's `$n` form; SQLite gets them with `?` placeholders. */
const steps: [sql: string, params: (string | number)[]][] = [
  ["INSERT INTO users (id, email, created, modified) VALUES ($1, $2, 'now', 'now')", ['u1', 'a@example.com']],
  ["INSERT INTO users (id, email, created, modified) VALUES ($1, $2, 'now', 'now')", ['u2', 'b@example.com']],
  ["INSERT INTO groups (id, slug, name, created, modified) VALUES ($1, $1, $1, 'now', 'now')", ['g1']],
  ["INSERT INTO groups (id, slug, name, created, modified) VALUES ($1, $1, $1, 'now', 'now')", ['g2']],
  ...(
    [
      ['d1', 'g1', 'u1', 10],
      ['d2', 'g1', 'u1', 10],
      ['d3', 'g1', 'u2', 20],
      ['d4', 'g2', 'u1', 10],
      ['d5', 'g2', 'u2', 30],
    ] as const
  ).map(([id, group, user, status]): [string, (string | number)[]] => [
    `INSERT INTO documents (id, group_id, user_id, name, status, template_ids_json, page_count, pages_json, source_file, created, modified)
     VALUES ($1, $2, $3, $1, $4, '[]', 1, '[]', 'src', 'now', 'now')`,
    [id, group, user, status],
  ]),
  ['UPDATE documents SET status = $1 WHERE id = $2', [30, 'd1']],
  ['UPDATE documents SET archived = 1 WHERE id = $1', ['d2']],
  ['UPDATE documents SET group_id = $1, user_id = $2 WHERE id = $3', ['g2', 'u2', 'd3']],
  ["UPDATE documents SET name = 'renamed' WHERE id = $1", ['d4']],
  ['DELETE FROM documents WHERE id = $1', ['d5']],
  ['DELETE FROM documents WHERE id = $1', ['d4']],
];

const COUNTS = 'SELECT group_id, user_id, status, archived, n FROM document_counts WHERE n > 0 ORDER BY group_id, user_id, status, archived';
const RECOUNT = `SELECT group_id, user_id, status, archived, COUNT(*) AS n FROM documents
  GROUP BY group_id, user_id, status, archived ORDER BY group_id, user_id, status, archived`;

type CountRow = { group_id: string; user_id: string; status: number; archived: number; n: number };
const plain = (rows: Record<string, unknown>[]): CountRow[] =>
  rows.map((r) => ({ group_id: String(r.group_id), user_id: String(r.user_id), status: Number(r.status), archived: Number(r.archived), n: Number(r.n) }));

test('the count triggers keep the same counts on SQLite and PostgreSQL', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-counts-'));
  const sqlite = openDatabase(dataDir);
  const pool = new pg.Pool({ connectionString: await postgres.database('count_triggers') });
  try {
    runMigrations(sqlite, migrations);
    await runPgMigrations(pool, pgMigrations);
    for (const [sql, params] of steps) {
      sqlite.prepare(sql.replace(/\$\d+/g, (p) => `?${p.slice(1)}`)).run(...params);
      await pool.query(sql, params);
    }
    const onSqlite = plain(sqlite.prepare(COUNTS).all() as Record<string, unknown>[]);
    const onPostgres = plain((await pool.query(COUNTS)).rows);
    assert.deepEqual(onPostgres, onSqlite);
    assert.deepEqual(onSqlite, plain(sqlite.prepare(RECOUNT).all() as Record<string, unknown>[]), 'SQLite counters equal a recount');
    assert.deepEqual(onPostgres, plain((await pool.query(RECOUNT)).rows), 'PostgreSQL counters equal a recount');
    assert.deepEqual(onPostgres, [
      { group_id: 'g1', user_id: 'u1', status: 10, archived: 1, n: 1 },
      { group_id: 'g1', user_id: 'u1', status: 30, archived: 0, n: 1 },
      { group_id: 'g2', user_id: 'u2', status: 20, archived: 0, n: 1 },
    ]);
  } finally {
    sqlite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pool.end();
  }
});

test('PostgreSQL bumps a counter at COMMIT: a second open transaction inserting into the same group does not wait for the first', async () => {
  const pool = new pg.Pool({ connectionString: await postgres.database('count_at_commit'), max: 3 });
  const [first, second] = [await pool.connect(), await pool.connect()];
  try {
    await runPgMigrations(pool, pgMigrations);
    for (const [sql, params] of steps.slice(0, 3)) await pool.query(sql, params);
    const insert = `INSERT INTO documents (id, group_id, user_id, name, status, template_ids_json, page_count, pages_json, source_file, created, modified)
      VALUES ($1, 'g1', 'u1', $1, 10, '[]', 1, '[]', 'src', 'now', 'now')`;
    await first.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    await first.query(insert, ['a']);
    await second.query('BEGIN ISOLATION LEVEL READ COMMITTED');
    // A row-level counter trigger would have locked g1's counter row until the first commits: this insert would wait.
    await second.query("SET LOCAL lock_timeout = '2s'");
    await second.query(insert, ['b']);
    await second.query('COMMIT');
    assert.deepEqual(
      plain((await pool.query(COUNTS)).rows),
      [{ group_id: 'g1', user_id: 'u1', status: 10, archived: 0, n: 1 }],
      'only the committed one counts',
    );
    await first.query('COMMIT');
    assert.deepEqual(plain((await pool.query(COUNTS)).rows), [{ group_id: 'g1', user_id: 'u1', status: 10, archived: 0, n: 2 }]);
    assert.deepEqual(plain((await pool.query(COUNTS)).rows), plain((await pool.query(RECOUNT)).rows));
  } finally {
    first.release();
    second.release();
    await pool.end();
  }
});
