/**
 * What several server processes on one database share (issue 14): a lease on each outgoing email, so
 * one process sends it (email/delivery.ts), the rate-limit windows (store/shared-state.ts) and the
 * single-use ids of sign-in blocks, and the key files of the data directory (services/server-secrets.ts),
 * so processes on other machines sign and verify with the same keys. PostgreSQL dialect: pg/multiprocess-migrations.ts.
 */
import type { Migration } from '../db.ts';

export const multiprocessMigrations: Migration[] = [
  {
    id: 'multi-001-email-leases-shared-state',
    sql: `
      ALTER TABLE email_outbox ADD COLUMN lease_owner TEXT;
      ALTER TABLE email_outbox ADD COLUMN lease_expires_at INTEGER;
      CREATE TABLE rate_windows (
        bucket TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        calls INTEGER NOT NULL
      );
      CREATE INDEX rate_windows_start ON rate_windows(window_start);
      CREATE TABLE used_blocks (
        id TEXT PRIMARY KEY,
        expires_ms INTEGER NOT NULL
      );
      CREATE INDEX used_blocks_expires ON used_blocks(expires_ms);
      CREATE TABLE server_secrets (
        name TEXT PRIMARY KEY,
        bytes BLOB NOT NULL,
        created_ms INTEGER NOT NULL
      );
    `,
  },
];
