/**
 * One-time codes before signing (issue 29): each code a signer was sent (only its HMAC is kept), and
 * each recipient's verification state (what is required, when and how it was met).
 */
import type { Migration } from '../db.ts';

export const verificationMigrations: Migration[] = [
  {
    id: 'verify-001-codes',
    sql: `
      CREATE TABLE verification_codes (
        id TEXT PRIMARY KEY,
        recipient_id TEXT NOT NULL,
        -- sms | email
        channel TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_ms INTEGER
      );
      CREATE INDEX verification_codes_recipient ON verification_codes(recipient_id, created_ms);
      CREATE TABLE recipient_verifications (
        recipient_id TEXT PRIMARY KEY,
        -- The channel asked at send (email); null: sms when the recipient has a number.
        required_channel TEXT,
        verified_ms INTEGER,
        -- sms | email | sender
        verified_how TEXT
      );
    `,
  },
  {
    id: 'verify-002-group-default',
    // A group's default for the send flag email_verification (our extension); no row: off.
    sql: `
      CREATE TABLE group_verification_settings (
        group_id TEXT PRIMARY KEY,
        email_verification integer NOT NULL DEFAULT 0
      );
    `,
  },
];
