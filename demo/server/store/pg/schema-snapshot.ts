/**
 * One description of a schema that both dialects can be read into, so tests can compare the
 * SQLite store and the PostgreSQL one: tables, columns (type family, NOT NULL, default), indexes
 * (columns in order, unique, partial), foreign keys, CHECK constraints and triggers.
 */
import type pg from 'pg';
import type { Db } from '../db.ts';

export interface ColumnShape {
  type: 'text' | 'integer' | 'blob';
  notNull: boolean;
  default: string | null;
}

export interface SchemaShape {
  /** table → column → shape */
  tables: Record<string, Record<string, ColumnShape>>;
  /** table → sorted index signatures, e.g. `unique (group_id, email)` or `documents_created (created)` */
  indexes: Record<string, string[]>;
  /** table → sorted `cols -> table(cols) on delete X` */
  foreignKeys: Record<string, string[]>;
  /** table → how many CHECK constraints it has */
  checks: Record<string, number>;
  triggers: string[];
}

const SQLITE_TYPES: Record<string, ColumnShape['type']> = { TEXT: 'text', INTEGER: 'integer', BLOB: 'blob' };
const PG_TYPES: Record<string, ColumnShape['type']> = { text: 'text', citext: 'text', integer: 'integer', bigint: 'integer', bytea: 'blob' };

/** `''::text` and `''` are the same default; so are `0` and `'0'::integer`. */
function normalizeDefault(value: string | null): string | null {
  if (value === null) return null;
  return value.replace(/::[a-z ]+$/i, '').replace(/^'(-?\d+)'$/, '$1');
}

function indexSignature(name: string | null, columns: string[], unique: boolean, partial: boolean): string {
  return `${unique ? 'unique ' : ''}${partial ? 'partial ' : ''}${name ?? ''}(${columns.join(', ')})`;
}

function fkAction(action: string): string {
  return action.toUpperCase() === 'NO ACTION' ? '' : ` on delete ${action.toLowerCase()}`;
}

export function sqliteSchema(db: Db): SchemaShape {
  const shape: SchemaShape = { tables: {}, indexes: {}, foreignKeys: {}, checks: {}, triggers: [] };
  const tables = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
    name: string;
    sql: string;
  }[];
  for (const { name: table, sql } of tables) {
    // SQLite keeps no list of CHECK constraints, only the CREATE TABLE text.
    shape.checks[table] = (sql.match(/\bCHECK\s*\(/gi) ?? []).length;
    const columns = db.prepare(`SELECT * FROM pragma_table_info(?)`).all(table) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    shape.tables[table] = {};
    for (const column of columns) {
      const type = SQLITE_TYPES[column.type.toUpperCase()];
      if (!type) throw new Error(`SQLite column ${table}.${column.name} has type ${column.type}: map it in schema-snapshot.ts`);
      // A PRIMARY KEY column may hold NULL in SQLite by an old quirk; the store never writes one, PostgreSQL forbids it.
      shape.tables[table][column.name] = { type, notNull: column.notnull === 1 || column.pk > 0, default: normalizeDefault(column.dflt_value) };
    }
    const signatures: string[] = [];
    const pk = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (pk.length) signatures.push(indexSignature(null, pk, true, false));
    const indexes = db.prepare(`SELECT * FROM pragma_index_list(?)`).all(table) as { name: string; unique: number; origin: string; partial: number }[];
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const keys = (
        db.prepare(`SELECT * FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno`).all(index.name) as { cid: number; name: string | null }[]
      ).map((k) => (k.cid === -2 ? '<expression>' : String(k.name)));
      signatures.push(indexSignature(index.origin === 'c' ? index.name : null, keys, index.unique === 1, index.partial === 1));
    }
    shape.indexes[table] = signatures.sort();
    const fks = db.prepare(`SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq`).all(table) as {
      id: number;
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    const byId = new Map<number, typeof fks>();
    for (const fk of fks) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
    shape.foreignKeys[table] = [...byId.values()]
      .map((parts) => `(${parts.map((p) => p.from).join(', ')}) -> ${parts[0].table}(${parts.map((p) => p.to).join(', ')})${fkAction(parts[0].on_delete)}`)
      .sort();
  }
  shape.triggers = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all() as { name: string }[]).map((t) => t.name);
  return shape;
}

export async function postgresSchema(pool: pg.Pool): Promise<SchemaShape> {
  const shape: SchemaShape = { tables: {}, indexes: {}, foreignKeys: {}, checks: {}, triggers: [] };
  const columns = await pool.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const column of columns.rows) {
    if (column.column_name === 'rowid') continue; // SQLite's implicit rowid, explicit here (row-order-migrations.ts)
    const pgType = column.data_type === 'USER-DEFINED' ? column.udt_name : column.data_type;
    const type = PG_TYPES[pgType];
    if (!type) throw new Error(`PostgreSQL column ${column.table_name}.${column.column_name} has type ${pgType}: map it in schema-snapshot.ts`);
    shape.tables[column.table_name] ??= {};
    shape.tables[column.table_name][column.column_name] = { type, notNull: column.is_nullable === 'NO', default: normalizeDefault(column.column_default) };
  }
  // pg_indexes names the indexes; pg_index says which back a constraint (named by SQLite's autoindex, so unnamed here).
  const indexes = await pool.query<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    partial: boolean;
    from_constraint: boolean;
    columns: string[];
  }>(
    `SELECT t.relname AS table_name, c.relname AS index_name, i.indisunique AS is_unique, i.indpred IS NOT NULL AS partial,
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) AS from_constraint,
            ARRAY(SELECT CASE WHEN i.indkey[k - 1] = 0 THEN '<expression>' ELSE (SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attnum = i.indkey[k - 1]) END
                  FROM generate_series(1, i.indnkeyatts) AS k ORDER BY k) AS columns
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     JOIN pg_indexes pi ON pi.indexname = c.relname AND pi.schemaname = 'public'`,
  );
  for (const index of indexes.rows) {
    // Every SQLite index ends in the implicit rowid; PostgreSQL's list indexes name it.
    const columns = index.columns.at(-1) === 'rowid' && index.columns.length > 1 ? index.columns.slice(0, -1) : index.columns;
    (shape.indexes[index.table_name] ??= []).push(indexSignature(index.from_constraint ? null : index.index_name, columns, index.is_unique, index.partial));
  }
  const fks = await pool.query<{ table_name: string; ref_table: string; from_cols: string[]; to_cols: string[]; on_delete: string }>(
    `SELECT t.relname AS table_name, r.relname AS ref_table,
            ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY AS u(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY o)::text[] AS from_cols,
            ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY AS u(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY o)::text[] AS to_cols,
            CASE k.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT' WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END AS on_delete
     FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  for (const table of Object.keys(shape.tables)) {
    shape.indexes[table] = (shape.indexes[table] ?? []).sort();
    shape.foreignKeys[table] = fks.rows
      .filter((fk) => fk.table_name === table)
      .map((fk) => `(${fk.from_cols.join(', ')}) -> ${fk.ref_table}(${fk.to_cols.join(', ')})${fkAction(fk.on_delete)}`)
      .sort();
  }
  const checks = await pool.query<{ table_name: string; n: number }>(
    `SELECT t.relname AS table_name, count(*)::int AS n FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
     JOIN pg_namespace ns ON ns.oid = t.relnamespace WHERE k.contype = 'c' AND ns.nspname = 'public' GROUP BY t.relname`,
  );
  for (const table of Object.keys(shape.tables)) shape.checks[table] = checks.rows.find((c) => c.table_name === table)?.n ?? 0;
  const triggers = await pool.query<{ name: string }>(
    `SELECT DISTINCT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = 'public' ORDER BY 1`,
  );
  shape.triggers = triggers.rows.map((t) => t.name);
  return shape;
}
