/**
 * Indexes and counters behind document lists at scale. Every list filter has an index that yields
 * rows already in list order (created DESC, rowid DESC), so a page costs its size, not the table's;
 * `document_counts` keeps, by triggers, how many documents each (group, sender, status, archived)
 * holds, so `total_count` for those filters sums a few counter rows instead of counting documents.
 */
import type { Migration } from '../db.ts';

export const listIndexMigrations: Migration[] = [
  {
    id: 'lists-001-filter-indexes-and-counts',
    sql: `
      CREATE INDEX documents_group_status_created ON documents(group_id, status, created);
      CREATE INDEX documents_group_archived_created ON documents(group_id, archived, created);
      CREATE INDEX documents_group_user_created ON documents(group_id, user_id, created);
      CREATE INDEX documents_user_created ON documents(user_id, created);
      CREATE INDEX documents_created ON documents(created);
      CREATE INDEX documents_modified ON documents(modified);

      CREATE TABLE document_counts (
        group_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        status INTEGER NOT NULL,
        archived INTEGER NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (group_id, user_id, status, archived)
      ) WITHOUT ROWID;
      INSERT INTO document_counts (group_id, user_id, status, archived, n)
        SELECT group_id, user_id, status, archived, COUNT(*) FROM documents GROUP BY group_id, user_id, status, archived;

      CREATE TRIGGER document_counts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO document_counts (group_id, user_id, status, archived, n) VALUES (NEW.group_id, NEW.user_id, NEW.status, NEW.archived, 1)
          ON CONFLICT (group_id, user_id, status, archived) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER document_counts_delete AFTER DELETE ON documents BEGIN
        UPDATE document_counts SET n = n - 1
          WHERE group_id = OLD.group_id AND user_id = OLD.user_id AND status = OLD.status AND archived = OLD.archived;
      END;
      CREATE TRIGGER document_counts_update AFTER UPDATE OF group_id, user_id, status, archived ON documents
      WHEN OLD.group_id IS NOT NEW.group_id OR OLD.user_id IS NOT NEW.user_id OR OLD.status IS NOT NEW.status OR OLD.archived IS NOT NEW.archived
      BEGIN
        UPDATE document_counts SET n = n - 1
          WHERE group_id = OLD.group_id AND user_id = OLD.user_id AND status = OLD.status AND archived = OLD.archived;
        INSERT INTO document_counts (group_id, user_id, status, archived, n) VALUES (NEW.group_id, NEW.user_id, NEW.status, NEW.archived, 1)
          ON CONFLICT (group_id, user_id, status, archived) DO UPDATE SET n = n + 1;
      END;
    `,
  },
];

/**
 * PostgreSQL runs its counter triggers at COMMIT instead of at each row change
 * (pg/list-index-migrations.ts), so the hot counter row is locked for the commit only. SQLite has
 * one writer, so nobody waits on a counter row: nothing to do, the migration keeps the ids equal.
 */
export const listCountMigrations: Migration[] = [{ id: 'lists-002-counts-at-commit', sql: 'SELECT 1' }];
