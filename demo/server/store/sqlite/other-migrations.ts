/**
 * The SQLite dialect of the smaller areas' tables (idempotency keys, credentials, uploads, signing previews,
 * blob references, template roles, the GraphQL feed), as pg/other-migrations.ts is their PostgreSQL one.
 */
import type { Migration } from '../db.ts';

export const idempotencyMigrations: Migration[] = [
  {
    id: 'idem-001-idempotency-keys',
    sql: `
      CREATE TABLE idempotency_keys (
        key_id TEXT NOT NULL,
        idem_key TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        status INTEGER,
        headers TEXT NOT NULL DEFAULT '{}',
        body BLOB,
        created TEXT NOT NULL,
        PRIMARY KEY (key_id, idem_key, method, path)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys(created);
    `,
  },
];

export const credentialMigrations: Migration[] = [
  {
    id: 'auth-001-user-credentials',
    sql: `CREATE TABLE user_credentials (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      srp_salt TEXT NOT NULL,
      srp_verifier TEXT NOT NULL,
      totp_secret TEXT,
      totp_pending TEXT,
      totp_last_step INTEGER,
      recovery_hashes TEXT NOT NULL DEFAULT '[]',
      generation INTEGER NOT NULL DEFAULT 0,
      failures INTEGER NOT NULL DEFAULT 0,
      locked_until TEXT,
      modified TEXT NOT NULL
    );`,
  },
  {
    id: 'auth-002-account-events',
    sql: `CREATE TABLE account_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id TEXT NOT NULL,
      event TEXT NOT NULL,
      ip TEXT NOT NULL DEFAULT '',
      user_agent TEXT NOT NULL DEFAULT '',
      created TEXT NOT NULL
    );
    CREATE INDEX account_events_user ON account_events (user_id, id);`,
  },
];

export const uploadMigrations: Migration[] = [
  {
    id: 'upload-001-uploads',
    sql: `
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'converting', 'done', 'failed')),
        options TEXT NOT NULL DEFAULT '{}',
        format TEXT,
        template_id TEXT,
        error_code TEXT,
        error_message TEXT,
        expires TEXT NOT NULL,
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX uploads_group ON uploads(group_id, created);
    `,
  },
  {
    id: 'upload-002-promised-template',
    // GraphQL `upload(id)` finds the upload that promised a template by its id.
    sql: `CREATE INDEX uploads_promised_template ON uploads(json_extract(options, '$.templateId'));`,
  },
];

export const previewMigrations: Migration[] = [
  {
    id: 'preview-001-signing-previews',
    sql: `
      CREATE TABLE signing_previews (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        title TEXT NOT NULL,
        fields TEXT NOT NULL,
        pdf BLOB NOT NULL,
        expires_ms INTEGER NOT NULL
      );
      CREATE INDEX signing_previews_expires ON signing_previews(expires_ms);
    `,
  },
];

export const blobMigrations: Migration[] = [
  {
    id: 'blobs-001-content-addressed',
    sql: `
      CREATE TABLE blobs (
        hash TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        refs INTEGER NOT NULL CHECK (refs >= 0),
        created_at TEXT NOT NULL
      );
      CREATE TABLE blob_names (
        name TEXT PRIMARY KEY,
        hash TEXT NOT NULL REFERENCES blobs(hash)
      );
      CREATE INDEX idx_blob_names_hash ON blob_names(hash);
      CREATE INDEX idx_blobs_unreferenced ON blobs(hash) WHERE refs = 0;
    `,
  },
];

export const templateRoleMigrations: Migration[] = [
  {
    id: 'roles-001-template-roles',
    sql: `
      CREATE TABLE template_roles (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL,
        name TEXT NOT NULL,
        role_type TEXT NOT NULL CHECK (role_type IN ('SIGNER', 'APPROVER', 'WITNESS')),
        signer_index INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        -- The signer role a witness witnesses; null for the other types.
        signer_parent TEXT,
        experience TEXT,
        created TEXT NOT NULL,
        modified TEXT NOT NULL,
        UNIQUE (template_id, signer_index)
      );
      CREATE INDEX template_roles_template ON template_roles(template_id, ordinal);
    `,
  },
];

export const feedMigrations: Migration[] = [
  {
    id: 'feed-001-feed-events',
    sql: `
      CREATE TABLE feed_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        -- user: a user's feed (user_id); group: a group's feed (group_id)
        feed TEXT NOT NULL,
        group_id TEXT,
        user_id TEXT,
        body TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      );
      CREATE INDEX feed_events_created ON feed_events(created_ms);
    `,
  },
];
