/**
 * PostgreSQL dialect of ../sqlite/core-migrations.ts: same ids, tables, columns,
 * constraints and index names. Type mapping (see pg/migrations.ts): TEXT → text, TEXT COLLATE NOCASE
 * → citext (case-insensitive equality and uniqueness, as SQLite's NOCASE), INTEGER → integer
 * (flags, enums, positions) or bigint (sizes, counts, millisecond times).
 */
import type { Migration } from '../db.ts';

export const pgCoreMigrations: Migration[] = [
  {
    id: 'core-001-users-groups-keys',
    sql: `
      CREATE EXTENSION IF NOT EXISTS citext;
      CREATE TABLE users (
        id text PRIMARY KEY,
        email citext NOT NULL UNIQUE,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        password_hash text,
        password_permanent integer NOT NULL DEFAULT 0,
        is_admin integer NOT NULL DEFAULT 0,
        created_by text REFERENCES users(id),
        created text NOT NULL,
        modified text NOT NULL
      );
      CREATE TABLE groups (
        id text PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        xframe_allow integer NOT NULL DEFAULT 0,
        default_cc text NOT NULL DEFAULT '',
        default_message_template text,
        components_enabled integer NOT NULL DEFAULT 1,
        deletion_requires_approval integer NOT NULL DEFAULT 0,
        retention_days integer,
        created_by text REFERENCES users(id),
        created text NOT NULL,
        modified text NOT NULL
      );
      CREATE TABLE memberships (
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        is_group_admin integer NOT NULL DEFAULT 0,
        created text NOT NULL,
        PRIMARY KEY (user_id, group_id)
      );
      CREATE INDEX memberships_group ON memberships(group_id);
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        env text NOT NULL CHECK (env IN ('sandbox', 'production')),
        legacy integer NOT NULL DEFAULT 0,
        secret_hash text NOT NULL,
        created text NOT NULL,
        last_used text,
        revoked text
      );
      CREATE UNIQUE INDEX api_keys_secret_hash ON api_keys(secret_hash);
    `,
  },
  {
    id: 'core-002-templates',
    sql: `
      CREATE TABLE templates (
        id text PRIMARY KEY,
        group_id text NOT NULL REFERENCES groups(id),
        user_id text NOT NULL REFERENCES users(id),
        title text NOT NULL,
        page_count integer NOT NULL,
        pages_json text NOT NULL,
        file_size bigint NOT NULL,
        process_tags integer NOT NULL DEFAULT 0,
        archive_upon_send integer NOT NULL DEFAULT 0,
        hide_sender_fields integer NOT NULL DEFAULT 0,
        archived integer NOT NULL DEFAULT 0,
        fields_json text NOT NULL DEFAULT '[]',
        report_json text NOT NULL DEFAULT '{}',
        created text NOT NULL,
        modified text NOT NULL
      );
      CREATE INDEX templates_group_created ON templates(group_id, created);
      CREATE INDEX templates_title ON templates(title);
      CREATE TABLE template_deletion_approvals (
        template_id text NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users(id),
        created text NOT NULL,
        PRIMARY KEY (template_id, user_id)
      );
    `,
  },
  {
    id: 'core-003-group-message-templates',
    sql: `ALTER TABLE groups ADD COLUMN message_templates_json text NOT NULL DEFAULT '{}';`,
  },
];

export const pgRestMigrations: Migration[] = [
  {
    id: 'rest-001-description-resources',
    sql: `
      ALTER TABLE groups ADD COLUMN profile_json text NOT NULL DEFAULT '{}';
      ALTER TABLE users ADD COLUMN timezone text NOT NULL DEFAULT 'UTC';
      ALTER TABLE users ADD COLUMN last_login text;
      ALTER TABLE memberships ADD COLUMN id text;
      ALTER TABLE memberships ADD COLUMN permission integer NOT NULL DEFAULT 1;
      ALTER TABLE memberships ADD COLUMN modified text;
      UPDATE memberships SET id = gen_random_uuid()::text, modified = created;
      CREATE UNIQUE INDEX memberships_id ON memberships(id);
      CREATE TABLE group_invitations (
        id text PRIMARY KEY,
        group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        email citext NOT NULL,
        permission integer NOT NULL DEFAULT 1,
        invited_by text REFERENCES users(id),
        created text NOT NULL,
        UNIQUE (group_id, email)
      );
      CREATE TABLE email_attachments (
        id text PRIMARY KEY,
        group_id text NOT NULL REFERENCES groups(id),
        user_id text NOT NULL REFERENCES users(id),
        filename text NOT NULL,
        description text NOT NULL DEFAULT '',
        file_size bigint NOT NULL,
        created text NOT NULL
      );
      CREATE INDEX email_attachments_group ON email_attachments(group_id, created);
      CREATE TABLE text_templates (
        id text PRIMARY KEY,
        group_id text NOT NULL REFERENCES groups(id),
        user_id text NOT NULL REFERENCES users(id),
        title text NOT NULL,
        latest_text text NOT NULL,
        signee_count integer NOT NULL DEFAULT 1,
        archived integer NOT NULL DEFAULT 0,
        created text NOT NULL,
        modified text NOT NULL
      );
      CREATE INDEX text_templates_group ON text_templates(group_id, archived, created);
    `,
  },
  {
    id: 'rest-002-recipient-email-attachments',
    sql: `
      CREATE TABLE recipient_email_attachments (
        recipient_id text NOT NULL,
        attachment_id text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (recipient_id, attachment_id)
      );
      CREATE INDEX recipient_email_attachments_attachment ON recipient_email_attachments(attachment_id);
    `,
  },
  {
    id: 'rest-003-document-texts',
    sql: `
      CREATE TABLE document_texts (
        document_id text PRIMARY KEY,
        text_template_id text,
        html text NOT NULL,
        header text NOT NULL,
        footer text NOT NULL
      );
    `,
  },
];
