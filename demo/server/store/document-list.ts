/**
 * The document list query. Rows come newest first (created DESC, rowid DESC); every filter has an
 * index in that order (sqlite/list-index-migrations.ts), so a page reads about `limit` rows. Pages are addressed by
 * offset (the hosted service's links) or by keyset: the (created, rowid) of the row a page starts
 * after, whose cost does not grow with how deep the page is. `total` sums `document_counts` when only
 * group, sender, status and archived filter; with a date or email filter it counts the matching
 * index range.
 */
import type { SqlDb } from './sql.ts';
import type { DocumentListQuery, DocumentRecord, Row } from './document-rows.ts';
import { toDocument } from './document-rows.ts';

export type { ListKeyset } from './document-rows.ts';

/** A row's place in list order, for building the next/previous keyset. */
export interface ListKey {
  created: string;
  rowid: number;
}

export interface DocumentListPage {
  total: number;
  documents: DocumentRecord[];
  /** The first and last rows' keys (absent on an empty page). */
  first?: ListKey;
  last?: ListKey;
}

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(',');

interface ListSql {
  count: string;
  page: string;
  params: (string | number)[];
  pageParams: (string | number)[];
  forward: boolean;
}

function listSql(q: DocumentListQuery): ListSql {
  const where = [`group_id IN (${placeholders(q.groupIds.length)})`];
  const params: (string | number)[] = [...q.groupIds];
  if (q.status !== undefined) {
    where.push('status = ?');
    params.push(q.status);
  }
  if (q.createdGt !== undefined) {
    where.push('created > ?');
    params.push(q.createdGt);
  }
  if (q.modifiedGt !== undefined) {
    where.push('modified > ?');
    params.push(q.modifiedGt);
  }
  if (q.userId !== undefined) {
    where.push('user_id = ?');
    params.push(q.userId);
  }
  if (q.archived !== undefined) {
    where.push('archived = ?');
    params.push(+q.archived);
  }
  if (q.email !== undefined) {
    where.push('EXISTS (SELECT 1 FROM document_recipients r WHERE r.document_id = documents.id AND lower(r.email) = lower(?))');
    params.push(q.email);
  }
  const clause = where.join(' AND ');
  // Only counter columns filter: the same WHERE runs over document_counts (a few rows per group and sender).
  const countable = q.createdGt === undefined && q.modifiedGt === undefined && q.email === undefined;
  const count = countable ? `SELECT COALESCE(SUM(n), 0) AS n FROM document_counts WHERE ${clause}` : `SELECT COUNT(*) AS n FROM documents WHERE ${clause}`;
  if (q.keyset) {
    const forward = q.keyset.direction === 'next';
    const page =
      `SELECT rowid AS _rowid, * FROM documents WHERE ${clause} AND (created, rowid) ${forward ? '<' : '>'} (?, ?) ` +
      `ORDER BY created ${forward ? 'DESC' : 'ASC'}, rowid ${forward ? 'DESC' : 'ASC'} LIMIT ?`;
    return { count, page, params, pageParams: [...params, q.keyset.created, q.keyset.rowid, q.limit], forward };
  }
  const page = `SELECT rowid AS _rowid, * FROM documents WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`;
  return { count, page, params, pageParams: [...params, q.limit, q.offset], forward: true };
}

export async function listDocuments(db: SqlDb, q: DocumentListQuery): Promise<DocumentListPage> {
  if (q.groupIds.length === 0) return { total: 0, documents: [] };
  const sql = listSql(q);
  const total = Number(((await db.get(sql.count, sql.params)) as { n: number }).n);
  const rows = (await db.all(sql.page, sql.pageParams)) as Row[];
  if (!sql.forward) rows.reverse();
  const keyOf = (r: Row): ListKey => ({ created: String(r.created), rowid: Number(r._rowid) });
  return {
    total,
    documents: rows.map(toDocument),
    ...(rows.length ? { first: keyOf(rows[0]), last: keyOf(rows[rows.length - 1]) } : {}),
  };
}

/** SQLite's query plans for a list's count and page (tests check no filter scans the documents table). */
export async function explainDocumentList(db: SqlDb, q: DocumentListQuery): Promise<{ count: string[]; page: string[] }> {
  const sql = listSql(q);
  const plan = async (text: string, params: (string | number)[]): Promise<string[]> =>
    ((await db.all(`EXPLAIN QUERY PLAN ${text}`, params)) as { detail: string }[]).map((r) => r.detail);
  return { count: await plan(sql.count, sql.params), page: await plan(sql.page, sql.pageParams) };
}
