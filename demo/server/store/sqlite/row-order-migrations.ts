/**
 * Lists break ties on insertion order with `rowid`, which every SQLite table has implicitly and
 * every index carries. PostgreSQL tables have no such column: its dialect of this migration adds
 * one (pg/row-order-migrations.ts). Here there is nothing to do; the migration exists so both stores
 * record the same ids.
 */
import type { Migration } from '../db.ts';

export const rowOrderMigrations: Migration[] = [{ id: 'order-001-row-ids', sql: 'SELECT 1' }];
