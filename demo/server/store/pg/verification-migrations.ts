/** The PostgreSQL dialect of ../sqlite/verification-migrations.ts. */
import type { Migration } from '../db.ts';

export const pgVerificationMigrations: Migration[] = [
  {
    id: 'verify-001-codes',
    sql: `
      CREATE TABLE verification_codes (
        id text PRIMARY KEY,
        recipient_id text NOT NULL,
        channel text NOT NULL,
        code_hash text NOT NULL,
        created_ms bigint NOT NULL,
        expires_ms bigint NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        used_ms bigint
      );
      CREATE INDEX verification_codes_recipient ON verification_codes(recipient_id, created_ms);
      CREATE TABLE recipient_verifications (
        recipient_id text PRIMARY KEY,
        required_channel text,
        verified_ms bigint,
        verified_how text
      );
    `,
  },
  {
    id: 'verify-002-group-default',
    // A group's default for the send flag email_verification (our extension); no row: off.
    sql: `
      CREATE TABLE group_verification_settings (
        group_id text PRIMARY KEY,
        email_verification integer NOT NULL DEFAULT 0
      );
    `,
  },
];
