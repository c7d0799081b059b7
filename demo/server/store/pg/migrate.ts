/**
 * The PostgreSQL migration runner: applies, in list order, each migration not yet recorded in
 * `schema_migrations`, each in its own transaction together with its record, so a failed migration
 * leaves nothing behind. An advisory lock makes processes that start together apply each one once.
 */
import type pg from 'pg';
import type { Migration } from '../db.ts';

/** Any key works as long as every process uses the same one. */
const MIGRATION_LOCK_KEY = 7_214_000_014;

export async function runPgMigrations(pool: pg.Pool, migrations: readonly Migration[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at text NOT NULL)');
      const { rows } = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
      const done = new Set(rows.map((row) => row.id));
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [migration.id, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`PostgreSQL migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(migration.id);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
