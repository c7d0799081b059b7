/**
 * Multi-row INSERTs: n rows in one statement instead of n, so on PostgreSQL n rows cost one round
 * trip and one parse. Rows go in chunks that stay under both dialects' limit on placeholders per
 * statement (SQLite 32,766; PostgreSQL 65,535). Both dialects number the rows' generated ids in
 * VALUES order, so ids keep insertion order as single-row INSERTs did.
 */
import type { SqlDb, SqlRow, SqlValue } from './sql.ts';

const MAX_PLACEHOLDERS = 30_000;

/**
 * Inserts `rows` (each one value per column, in `columns` order) into `table`. With `returning`
 * (`*`, or column names) answers the inserted rows as the database stored them, in no promised
 * order (SQLite's RETURNING order is arbitrary): sort them by a column of your own.
 */
export async function insertRows(db: SqlDb, table: string, columns: readonly string[], rows: readonly SqlValue[][], returning?: string): Promise<SqlRow[]> {
  const perChunk = Math.max(1, Math.floor(MAX_PLACEHOLDERS / columns.length));
  const stored: SqlRow[] = [];
  for (let start = 0; start < rows.length; start += perChunk) {
    const { sql, params } = insertStatement(table, columns, rows.slice(start, start + perChunk));
    if (returning) stored.push(...(await db.all(`${sql} RETURNING ${returning}`, params)));
    else await db.run(sql, params);
  }
  return stored;
}

/** Whether a statement with this many placeholders stays under both dialects' limit. */
export const fitsOneStatement = (placeholders: number): boolean => placeholders <= MAX_PLACEHOLDERS;

/** One multi-row `INSERT … VALUES` and its parameters; the caller keeps it under the limit (insertRows chunks). */
export function insertStatement(table: string, columns: readonly string[], rows: readonly SqlValue[][]): { sql: string; params: SqlValue[] } {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (const row of rows)
    if (row.length !== columns.length) throw new Error(`insert into ${table}: a row has ${row.length} values for ${columns.length} columns`);
  return { sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`, params: rows.flat() };
}
