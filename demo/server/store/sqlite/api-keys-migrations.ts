/**
 * API keys get a name their owner gives them (issue 26: "which key is this?" in the portal's key list and
 * usage). Keys made before keep an empty name. PostgreSQL dialect: pg/api-keys-migrations.ts.
 */
import type { Migration } from '../db.ts';

export const apiKeyMigrations: Migration[] = [
  {
    id: 'keys-001-name',
    sql: `ALTER TABLE api_keys ADD COLUMN name TEXT NOT NULL DEFAULT '';`,
  },
];
