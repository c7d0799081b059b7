/** PostgreSQL dialect of ../sqlite/multiprocess-migrations.ts (same id, tables, columns and index names). */
import type { Migration } from '../db.ts';

export const pgMultiprocessMigrations: Migration[] = [
  {
    id: 'multi-001-email-leases-shared-state',
    sql: `
      ALTER TABLE email_outbox ADD COLUMN lease_owner text;
      ALTER TABLE email_outbox ADD COLUMN lease_expires_at bigint;
      CREATE TABLE rate_windows (
        bucket text PRIMARY KEY,
        window_start bigint NOT NULL,
        calls integer NOT NULL
      );
      CREATE INDEX rate_windows_start ON rate_windows(window_start);
      CREATE TABLE used_blocks (
        id text PRIMARY KEY,
        expires_ms bigint NOT NULL
      );
      CREATE INDEX used_blocks_expires ON used_blocks(expires_ms);
      CREATE TABLE server_secrets (
        name text PRIMARY KEY,
        bytes bytea NOT NULL,
        created_ms bigint NOT NULL
      );
    `,
  },
];
