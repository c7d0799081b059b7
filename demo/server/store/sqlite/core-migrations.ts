/** Tables for users, groups, memberships, API keys and template PDFs. */
import type { Migration } from '../db.ts';

export const coreMigrations: Migration[] = [
  {
    id: 'core-001-users-groups-keys',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        password_hash TEXT,
        password_permanent INTEGER NOT NULL DEFAULT 0,
        is_admin INTEGER NOT NULL DEFAULT 0,
        created_by TEXT REFERENCES users(id),
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE TABLE groups (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        xframe_allow INTEGER NOT NULL DEFAULT 0,
        default_cc TEXT NOT NULL DEFAULT '',
        default_message_template TEXT,
        components_enabled INTEGER NOT NULL DEFAULT 1,
        deletion_requires_approval INTEGER NOT NULL DEFAULT 0,
        retention_days INTEGER,
        created_by TEXT REFERENCES users(id),
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE TABLE memberships (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        is_group_admin INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        PRIMARY KEY (user_id, group_id)
      );
      CREATE INDEX memberships_group ON memberships(group_id);
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        env TEXT NOT NULL CHECK (env IN ('sandbox', 'production')),
        legacy INTEGER NOT NULL DEFAULT 0,
        secret_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        last_used TEXT,
        revoked TEXT
      );
      CREATE UNIQUE INDEX api_keys_secret_hash ON api_keys(secret_hash);
    `,
  },
  {
    id: 'core-002-templates',
    sql: `
      CREATE TABLE templates (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        title TEXT NOT NULL,
        page_count INTEGER NOT NULL,
        pages_json TEXT NOT NULL,
        file_size INTEGER NOT NULL,
        process_tags INTEGER NOT NULL DEFAULT 0,
        archive_upon_send INTEGER NOT NULL DEFAULT 0,
        hide_sender_fields INTEGER NOT NULL DEFAULT 0,
        archived INTEGER NOT NULL DEFAULT 0,
        fields_json TEXT NOT NULL DEFAULT '[]',
        report_json TEXT NOT NULL DEFAULT '{}',
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX templates_group_created ON templates(group_id, created);
      CREATE INDEX templates_title ON templates(title);
      CREATE TABLE template_deletion_approvals (
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id),
        created TEXT NOT NULL,
        PRIMARY KEY (template_id, user_id)
      );
    `,
  },
  {
    // Named message templates of a group (name → text), chosen on send by `message_template`.
    id: 'core-003-group-message-templates',
    sql: `ALTER TABLE groups ADD COLUMN message_templates_json TEXT NOT NULL DEFAULT '{}';`,
  },
];
