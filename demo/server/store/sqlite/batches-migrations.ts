/**
 * The SQLite dialect of the GraphQL batches' tables (batches.ts), as pg/batches-migrations.ts is their PostgreSQL one.
 */
import type { Migration } from '../db.ts';

export const batchMigrations: Migration[] = [
  {
    id: 'batches-001-batches-and-tasks',
    sql: `
      CREATE TABLE batches (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        -- JSON AuditActor of who made the batch: its documents' history names them
        actor TEXT NOT NULL,
        -- CREATING (taking documents) | EMAILING (started) | COMPLETE
        status TEXT NOT NULL DEFAULT 'CREATING',
        task_id TEXT,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
      );
      CREATE TABLE batch_documents (
        id TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL REFERENCES batches(id),
        send_order INTEGER NOT NULL,
        body TEXT NOT NULL,
        -- set with the document, in its transaction: a row with a document is never sent again
        document_id TEXT,
        error TEXT,
        created_ms INTEGER NOT NULL,
        UNIQUE (batch_id, send_order)
      );
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        -- send | batch
        kind TEXT NOT NULL,
        group_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        title TEXT NOT NULL,
        batch_id TEXT,
        -- TODO | INPROGRESS | COMPLETED | FAILED
        status TEXT NOT NULL,
        total INTEGER NOT NULL DEFAULT 0,
        done INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        -- JSON: document ids of a send task (a batch task's come from batch_documents)
        documents TEXT NOT NULL DEFAULT '[]',
        lease_owner TEXT,
        lease_expires_at INTEGER,
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
      );
      CREATE INDEX tasks_open ON tasks(status) WHERE status IN ('TODO', 'INPROGRESS');
    `,
  },
  {
    // Document.batchId/batchName/batchOrder (GraphQL) look a document's row up by the document.
    id: 'batches-002-document-index',
    sql: `CREATE INDEX batch_documents_document ON batch_documents(document_id) WHERE document_id IS NOT NULL;`,
  },
  {
    // The processor's next chunk and its progress after each chunk read index entries, not every row with its body:
    // both grew with the batch on every chunk (rowCounts took 3 ms a chunk at 1,000 documents).
    id: 'batches-003-progress-indexes',
    sql: `CREATE INDEX batch_documents_pending ON batch_documents(batch_id, send_order) WHERE document_id IS NULL AND error IS NULL;
      CREATE INDEX batch_documents_failed ON batch_documents(batch_id) WHERE error IS NOT NULL;`,
  },
];
