/**
 * PostgreSQL dialect of ../sqlite/list-index-migrations.ts: the same list indexes, and `document_counts` kept by
 * PL/pgSQL triggers with the same names and the same effect as the SQLite ones.
 */
import type { Migration } from '../db.ts';

export const pgListIndexMigrations: Migration[] = [
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
        group_id text NOT NULL,
        user_id text NOT NULL,
        status integer NOT NULL,
        archived integer NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (group_id, user_id, status, archived)
      );
      INSERT INTO document_counts (group_id, user_id, status, archived, n)
        SELECT group_id, user_id, status, archived, COUNT(*) FROM documents GROUP BY group_id, user_id, status, archived;

      CREATE FUNCTION document_counts_add(g text, u text, s integer, a integer) RETURNS void LANGUAGE sql AS $$
        INSERT INTO document_counts (group_id, user_id, status, archived, n) VALUES (g, u, s, a, 1)
          ON CONFLICT (group_id, user_id, status, archived) DO UPDATE SET n = document_counts.n + 1;
      $$;
      CREATE FUNCTION document_counts_remove(g text, u text, s integer, a integer) RETURNS void LANGUAGE sql AS $$
        UPDATE document_counts SET n = n - 1 WHERE group_id = g AND user_id = u AND status = s AND archived = a;
      $$;
      CREATE FUNCTION document_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM document_counts_add(NEW.group_id, NEW.user_id, NEW.status, NEW.archived);
        RETURN NULL;
      END $$;
      CREATE FUNCTION document_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM document_counts_remove(OLD.group_id, OLD.user_id, OLD.status, OLD.archived);
        RETURN NULL;
      END $$;
      CREATE FUNCTION document_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM document_counts_remove(OLD.group_id, OLD.user_id, OLD.status, OLD.archived);
        PERFORM document_counts_add(NEW.group_id, NEW.user_id, NEW.status, NEW.archived);
        RETURN NULL;
      END $$;

      CREATE TRIGGER document_counts_insert AFTER INSERT ON documents
        FOR EACH ROW EXECUTE FUNCTION document_counts_on_insert();
      CREATE TRIGGER document_counts_delete AFTER DELETE ON documents
        FOR EACH ROW EXECUTE FUNCTION document_counts_on_delete();
      CREATE TRIGGER document_counts_update AFTER UPDATE OF group_id, user_id, status, archived ON documents
        FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.status IS DISTINCT FROM NEW.status OR OLD.archived IS DISTINCT FROM NEW.archived)
        EXECUTE FUNCTION document_counts_on_update();
    `,
  },
];

/**
 * The counter triggers become deferred constraint triggers: they run at COMMIT, not at the row
 * change. A send inserts its document first and then a dozen more rows; under `read committed` the
 * counter row (one per group, sender, status and archived) stayed locked from that insert to COMMIT,
 * so concurrent sends into one group queued behind each other's whole transaction. Deferred, each
 * holds it only while it commits. Readers still see documents and counts change together: both
 * become visible at the same commit. Same names, functions and effect as before.
 */
export const pgListCountMigrations: Migration[] = [
  {
    id: 'lists-002-counts-at-commit',
    sql: `
      DROP TRIGGER document_counts_insert ON documents;
      DROP TRIGGER document_counts_delete ON documents;
      DROP TRIGGER document_counts_update ON documents;
      CREATE CONSTRAINT TRIGGER document_counts_insert AFTER INSERT ON documents
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION document_counts_on_insert();
      CREATE CONSTRAINT TRIGGER document_counts_delete AFTER DELETE ON documents
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION document_counts_on_delete();
      CREATE CONSTRAINT TRIGGER document_counts_update AFTER UPDATE OF group_id, user_id, status, archived ON documents
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.status IS DISTINCT FROM NEW.status OR OLD.archived IS DISTINCT FROM NEW.archived)
        EXECUTE FUNCTION document_counts_on_update();
    `,
  },
];
