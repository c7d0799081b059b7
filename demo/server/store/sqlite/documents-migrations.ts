/**
 * Tables for sent documents: the document, its recipients, its fields (one row each, so the
 * signing flow can save one value at a time), its history (audit events) and the email outbox
 * that notification and invitation emails are queued in. Never edit a shipped migration.
 */
import type { Migration } from '../db.ts';

export const documentMigrations: Migration[] = [
  {
    id: 'docs-001-documents',
    sql: `
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id),
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        status INTEGER NOT NULL,
        template_ids_json TEXT NOT NULL,
        tag TEXT NOT NULL DEFAULT '',
        tag1 TEXT NOT NULL DEFAULT '',
        tag2 TEXT NOT NULL DEFAULT '',
        tag3 TEXT NOT NULL DEFAULT '',
        do_email INTEGER NOT NULL DEFAULT 0,
        signers_in_order INTEGER NOT NULL DEFAULT 1,
        cc_json TEXT NOT NULL DEFAULT '[]',
        message TEXT NOT NULL DEFAULT '',
        message_template TEXT NOT NULL DEFAULT '',
        redirect TEXT NOT NULL DEFAULT '',
        honorifics INTEGER NOT NULL DEFAULT 0,
        convert_sender_to_signer INTEGER NOT NULL DEFAULT 0,
        strict_fields INTEGER NOT NULL DEFAULT 0,
        append_history INTEGER NOT NULL DEFAULT 0,
        append_pdf INTEGER NOT NULL DEFAULT 0,
        return_signer_links INTEGER NOT NULL DEFAULT 0,
        pdf_password TEXT NOT NULL DEFAULT '',
        pdf_password_type INTEGER,
        page_count INTEGER NOT NULL,
        pages_json TEXT NOT NULL,
        reviewers_json TEXT NOT NULL DEFAULT '[]',
        skipped_json TEXT NOT NULL DEFAULT '[]',
        source_file TEXT NOT NULL,
        final_file TEXT,
        final_hash TEXT,
        archived INTEGER NOT NULL DEFAULT 0,
        completed_at TEXT,
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX documents_group_created ON documents(group_id, created);
      CREATE INDEX documents_group_modified ON documents(group_id, modified);
      CREATE INDEX documents_user ON documents(user_id);

      CREATE TABLE document_recipients (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents(id),
        position INTEGER NOT NULL,
        order_no INTEGER NOT NULL,
        role TEXT NOT NULL,
        signer_number INTEGER NOT NULL,
        witness_of INTEGER,
        firstname TEXT NOT NULL,
        lastname TEXT NOT NULL,
        email TEXT NOT NULL,
        tel TEXT NOT NULL DEFAULT '',
        honorific TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '',
        subject TEXT NOT NULL DEFAULT '',
        redirect TEXT NOT NULL DEFAULT '',
        reviewers_json TEXT NOT NULL DEFAULT '[]',
        status INTEGER NOT NULL,
        rejection_reason TEXT NOT NULL DEFAULT '',
        has_fields INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        modified TEXT NOT NULL
      );
      CREATE INDEX document_recipients_document ON document_recipients(document_id, position);
      CREATE INDEX document_recipients_email ON document_recipients(email);

      CREATE TABLE document_fields (
        uuid TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents(id),
        position INTEGER NOT NULL,
        signer INTEGER,
        element_type TEXT NOT NULL,
        element_json TEXT NOT NULL,
        saved INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX document_fields_document ON document_fields(document_id, position);

      CREATE TABLE document_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        document_id TEXT NOT NULL REFERENCES documents(id),
        recipient_id TEXT,
        event TEXT NOT NULL,
        actor_type TEXT NOT NULL,
        actor_id TEXT NOT NULL DEFAULT '',
        actor_label TEXT NOT NULL DEFAULT '',
        ip TEXT NOT NULL DEFAULT '',
        user_agent TEXT NOT NULL DEFAULT '',
        details_json TEXT NOT NULL DEFAULT '{}',
        created TEXT NOT NULL
      );
      CREATE INDEX document_events_document ON document_events(document_id, id);

      CREATE TABLE email_outbox (
        id TEXT PRIMARY KEY,
        document_id TEXT,
        recipient_id TEXT,
        kind TEXT NOT NULL,
        to_address TEXT NOT NULL,
        cc_json TEXT NOT NULL DEFAULT '[]',
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL,
        sent_at TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX email_outbox_unsent ON email_outbox(sent_at, created);
      CREATE INDEX email_outbox_document ON email_outbox(document_id);
    `,
  },
  {
    // The language of a document's emails and history page (send field `language`, our extension).
    id: 'docs-002-language',
    sql: `ALTER TABLE documents ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  },
];

export const jobMigrations: Migration[] = [
  {
    id: 'jobs-001-background-jobs',
    sql: `
      CREATE TABLE background_jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        document_id TEXT NOT NULL REFERENCES documents(id),
        state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_owner TEXT,
        lease_expires_at INTEGER,
        last_error TEXT NOT NULL DEFAULT '',
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        UNIQUE (kind, document_id)
      );
      CREATE INDEX background_jobs_due ON background_jobs(state, next_attempt_at);
    `,
  },
];

/** The chain's columns, plus what sealing needs elsewhere: the group setting `seal_visible` and the lookup by final-PDF hash (sealed-documents.ts). */
export const sealMigrations: Migration[] = [
  {
    id: 'seal-001-audit-chain',
    sql: `
      ALTER TABLE document_events ADD COLUMN prev_hash TEXT;
      ALTER TABLE document_events ADD COLUMN hash TEXT;
      ALTER TABLE groups ADD COLUMN seal_visible INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX documents_final_hash ON documents(final_hash);
    `,
  },
];
