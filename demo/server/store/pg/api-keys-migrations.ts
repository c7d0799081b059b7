/** PostgreSQL dialect of ../sqlite/api-keys-migrations.ts (same id and column). */
import type { Migration } from '../db.ts';

export const pgApiKeyMigrations: Migration[] = [
  {
    id: 'keys-001-name',
    sql: `ALTER TABLE api_keys ADD COLUMN name text NOT NULL DEFAULT '';`,
  },
];
