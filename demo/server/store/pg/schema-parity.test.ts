/**
 * The SQLite store and the PostgreSQL dialect describe one schema: a migration added to one dialect
 * only, or a column, index, foreign key or trigger that differs, fails here.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresForTests } from '../../../../test/support/postgres.ts';
import { openDatabase, runMigrations } from '../db.ts';
import type { Db } from '../db.ts';
import { migrations } from '../sqlite/migrations.ts';
import { pgMigrations } from './migrations.ts';
import { runPgMigrations } from './migrate.ts';
import { postgresSchema, sqliteSchema } from './schema-snapshot.ts';
import type { SchemaShape } from './schema-snapshot.ts';

const postgres = postgresForTests();
let dataDir: string;
let sqlite: Db;
let pool: pg.Pool;
let lite: SchemaShape;
let pgShape: SchemaShape;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-parity-'));
  sqlite = openDatabase(dataDir);
  runMigrations(sqlite, migrations);
  pool = new pg.Pool({ connectionString: await postgres.database('schema_parity') });
  await runPgMigrations(pool, pgMigrations);
  lite = sqliteSchema(sqlite);
  pgShape = await postgresSchema(pool);
});

after(async () => {
  sqlite?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await pool?.end();
});

test('both dialects have the same migration ids in the same order', () => {
  assert.deepEqual(
    pgMigrations.map((m) => m.id),
    migrations.map((m) => m.id),
  );
});

test('both dialects have the same tables', () => {
  assert.deepEqual(Object.keys(pgShape.tables).sort(), Object.keys(lite.tables).sort());
});

test('every table has the same columns: name, type family, NOT NULL and default', () => {
  for (const table of Object.keys(lite.tables)) {
    assert.deepEqual(pgShape.tables[table], lite.tables[table], `columns of ${table}`);
  }
});

test('every table has the same indexes: columns in order, unique, partial, and the name of each explicit index', () => {
  for (const table of Object.keys(lite.tables)) {
    assert.deepEqual(pgShape.indexes[table], lite.indexes[table], `indexes of ${table}`);
  }
  assert.ok(Object.values(lite.indexes).flat().length > 40, 'every table and index was read');
});

test('every table has the same foreign keys', () => {
  for (const table of Object.keys(lite.tables)) {
    assert.deepEqual(pgShape.foreignKeys[table], lite.foreignKeys[table], `foreign keys of ${table}`);
  }
});

test('every table has as many CHECK constraints', () => {
  assert.deepEqual(pgShape.checks, lite.checks);
  assert.ok(Object.values(lite.checks).reduce((a, b) => a + b, 0) >= 5, 'the CHECK constraints were read');
});

test('both dialects have the same triggers', () => {
  assert.deepEqual(pgShape.triggers, lite.triggers);
  assert.ok(lite.triggers.length >= 3, 'the document_counts triggers are there');
});

test('the comparison sees a difference: a column or an index added on one side only', () => {
  sqlite.exec('ALTER TABLE documents ADD COLUMN parity_probe TEXT; CREATE INDEX documents_probe ON documents(parity_probe)');
  try {
    const changed = sqliteSchema(sqlite);
    assert.notDeepEqual(changed.tables.documents, pgShape.tables.documents);
    assert.notDeepEqual(changed.indexes.documents, pgShape.indexes.documents);
  } finally {
    sqlite.exec('DROP INDEX documents_probe; ALTER TABLE documents DROP COLUMN parity_probe');
  }
});
