/**
 * The document list query. Rows come newest first (created DESC, rowid DESC); every filter has an
 * index in that order (list-indexes.ts), so a page reads about `limit` rows. Pages are addressed by
 * offset (the hosted service's links) or by keyset: the (created, rowid) of the row a page starts
 * after, whose cost does not grow with how deep the page is. `total` sums `document_counts` when only
 * group, sender, status and archived filter; with a date or email filter it counts the matching
 * index range.
 */
import type { Db } from './db.ts';
import type { DocumentListQuery, DocumentRecord, Row } from './documents.ts';
import { toDocument } from './documents.ts';

/** Where a page begins: after (`next`) or before (`previous`) the row with this created/rowid. */
export interface ListKeyset {
  created: string;
  rowid: number;
  direction: 'next' | 'previous';
}

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

export function listDocuments(db: Db, q: DocumentListQuery): DocumentListPage {
  if (q.groupIds.length === 0) return { total: 0, documents: [] };
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
  const total = countDocuments(db, q, where, params);
  const clause = where.join(' AND ');
  let rows: Row[];
  if (q.keyset) {
    const forward = q.keyset.direction === 'next';
    const sql =
      `SELECT rowid AS _rowid, * FROM documents WHERE ${clause} AND (created, rowid) ${forward ? '<' : '>'} (?, ?) ` +
      `ORDER BY created ${forward ? 'DESC' : 'ASC'}, rowid ${forward ? 'DESC' : 'ASC'} LIMIT ?`;
    rows = db.prepare(sql).all(...params, q.keyset.created, q.keyset.rowid, q.limit) as Row[];
    if (!forward) rows.reverse();
  } else {
    rows = db
      .prepare(`SELECT rowid AS _rowid, * FROM documents WHERE ${clause} ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...params, q.limit, q.offset) as Row[];
  }
  const keyOf = (r: Row): ListKey => ({ created: String(r.created), rowid: Number(r._rowid) });
  return {
    total,
    documents: rows.map(toDocument),
    ...(rows.length ? { first: keyOf(rows[0]), last: keyOf(rows[rows.length - 1]) } : {}),
  };
}

function countDocuments(db: Db, q: DocumentListQuery, where: string[], params: (string | number)[]): number {
  if (q.createdGt === undefined && q.modifiedGt === undefined && q.email === undefined) {
    // Only counter columns filter: the same WHERE runs over document_counts (a few rows per group).
    const row = db.prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM document_counts WHERE ${where.join(' AND ')}`).get(...params) as { n: number };
    return Number(row.n);
  }
  return Number((db.prepare(`SELECT COUNT(*) AS n FROM documents WHERE ${where.join(' AND ')}`).get(...params) as { n: number }).n);
}
