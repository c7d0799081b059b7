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

/**
 * Tables and columns for the resources of the hosted service's description beyond SERVICE-SPEC:
 * group profile, user timezone and last sign-in, member ids and permissions, invitations,
 * email attachments, text templates and what a text document was sent from.
 */
export const restMigrations: Migration[] = [
  {
    id: 'rest-001-description-resources',
    sql: `
      ALTER TABLE groups ADD COLUMN profile_json TEXT NOT NULL DEFAULT '{}';
      ALTER TABLE users ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';
      ALTER TABLE users ADD COLUMN last_login TEXT;
      ALTER TABLE memberships ADD COLUMN id TEXT;
      ALTER TABLE memberships ADD COLUMN permission INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE memberships ADD COLUMN modified TEXT;
      UPDATE memberships SET
        id = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
          || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
        modified = created;
      CREATE UNIQUE INDEX memberships_id ON memberships(id);
      CREATE TABLE group_invitations (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        email TEXT NOT NULL COLLATE NOCASE,
        permission INTEGER NOT NULL DEFAULT 1,
        invited_by TEXT REFERENCES users(id),
        created TEXT NOT NULL,
        UNIQUE (group_id, email)
      );
      CREATE TABLE email_attachments (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        filename TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        file_size INTEGER NOT NULL,
        created TEXT NOT NULL
      );
      CREATE INDEX email_attachments_group ON email_attachments(group_id, created);
      CREATE TABLE text_templates (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        title TEXT NOT NULL,
        latest_text TEXT NOT NULL,
        signee_count INTEGER NOT NULL DEFAULT 1,
        archived INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX text_templates_group ON text_templates(group_id, archived, created);
    `,
  },
  {
    id: 'rest-002-recipient-email-attachments',
    sql: `
      CREATE TABLE recipient_email_attachments (
        recipient_id TEXT NOT NULL,
        attachment_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (recipient_id, attachment_id)
      );
      CREATE INDEX recipient_email_attachments_attachment ON recipient_email_attachments(attachment_id);
    `,
  },
  {
    // What a text document was sent from; PDF sends have no row. Removed with the document (purge).
    id: 'rest-003-document-texts',
    sql: `
      CREATE TABLE document_texts (
        document_id TEXT PRIMARY KEY,
        text_template_id TEXT,
        html TEXT NOT NULL,
        header TEXT NOT NULL,
        footer TEXT NOT NULL
      );
    `,
  },
];
