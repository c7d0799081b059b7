/**
 * The embedded database: node:sqlite in WAL mode, a migrations runner, and a
 * transaction helper. Everything here is synchronous (DatabaseSync), so a
 * transaction can never interleave with another request on this process.
 */
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import fs from 'node:fs';
import path from 'node:path';

export interface Migration {
  /** Unique and stable, e.g. `core-001-users`. Applied once, in list order, recorded by id. */
  id: string;
  sql: string;
}

export type Db = DatabaseSync;

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'esign.db'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

/** A read-only second connection to the same file: sees committed data only (WAL). */
export function openReader(dataDir: string): Db {
  const db = new DatabaseSync(path.join(dataDir, 'esign.db'), { readOnly: true });
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export function runMigrations(db: Db, migrations: readonly Migration[]): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((row) => row.id));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    transaction(db, () => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, new Date().toISOString());
    });
    applied.push(migration.id);
  }
  return applied;
}

let depth = 0;

/**
 * Runs `work` in one transaction (nested calls become savepoints). `work` must be
 * synchronous: an await inside would let other requests run in the middle.
 */
export function transaction<T>(db: Db, work: () => T): T {
  const savepoint = `sp_${depth}`;
  if (depth === 0) db.exec('BEGIN IMMEDIATE');
  else db.exec(`SAVEPOINT ${savepoint}`);
  depth++;
  try {
    const result = work();
    if (result instanceof Promise) throw new Error('transaction(): work must be synchronous');
    depth--;
    if (depth === 0) db.exec('COMMIT');
    else db.exec(`RELEASE ${savepoint}`);
    return result;
  } catch (error) {
    depth--;
    if (depth === 0) db.exec('ROLLBACK');
    else db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
    throw error;
  }
}

const statementCache = new WeakMap<Db, Map<string, StatementSync>>();

/**
 * A prepared statement reused across calls (preparing costs ~20 µs; hot paths such as the
 * per-request API-key check use this). Only for fixed SQL text.
 */
export function prepared(db: Db, sql: string): StatementSync {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

export function nowIso(): string {
  return new Date().toISOString();
}
