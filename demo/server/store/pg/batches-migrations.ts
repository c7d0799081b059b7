/** PostgreSQL dialect of the migration in ../sqlite/batches-migrations.ts (same id, tables, columns, index names); milliseconds are bigint. */
import type { Migration } from '../db.ts';

export const pgBatchMigrations: Migration[] = [
  {
    id: 'batches-001-batches-and-tasks',
    sql: `
      CREATE TABLE batches (
        id text PRIMARY KEY,
        group_id text NOT NULL,
        user_id text NOT NULL,
        name text NOT NULL,
        actor text NOT NULL,
        status text NOT NULL DEFAULT 'CREATING',
        task_id text,
        created_ms bigint NOT NULL,
        updated_ms bigint NOT NULL
      );
      CREATE TABLE batch_documents (
        id text PRIMARY KEY,
        batch_id text NOT NULL REFERENCES batches(id),
        send_order integer NOT NULL,
        body text NOT NULL,
        document_id text,
        error text,
        created_ms bigint NOT NULL,
        UNIQUE (batch_id, send_order)
      );
      CREATE TABLE tasks (
        id text PRIMARY KEY,
        kind text NOT NULL,
        group_id text NOT NULL,
        user_id text NOT NULL,
        title text NOT NULL,
        batch_id text,
        status text NOT NULL,
        total integer NOT NULL DEFAULT 0,
        done integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        documents text NOT NULL DEFAULT '[]',
        lease_owner text,
        lease_expires_at bigint,
        created_ms bigint NOT NULL,
        expires_ms bigint NOT NULL,
        updated_ms bigint NOT NULL
      );
      CREATE INDEX tasks_open ON tasks(status) WHERE status IN ('TODO', 'INPROGRESS');
    `,
  },
  {
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
