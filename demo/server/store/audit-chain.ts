/**
 * The audit trail as a hash chain, per document: every `document_events` row stores the hash of
 * the document's previous event (`prev_hash`, '' for the first) and its own `hash`, the SHA-256
 * of the previous hash and the row's canonical content. Changing, removing or reordering a row
 * breaks the link at that row. The chain has no secret: someone able to rewrite the database can
 * recompute every hash after the row they changed; what anchors it is the chain head at
 * completion, printed on the sealed history page (and recorded in `final_pdf_created`).
 *
 * Rows written before this migration have no hash. They are chained, in id order, when the
 * document's next event is written or when `esign-server audit verify` runs (a hash chain cannot
 * vouch for what happened before it existed); a missing hash after a hashed row is a break.
 */
import crypto from 'node:crypto';
import type { SqlDb } from './sql.ts';

/** The columns a hash covers, in this order. */
export interface ChainedContent {
  document_id: string;
  recipient_id: string | null;
  event: string;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  ip: string;
  user_agent: string;
  /** As stored (the JSON text), so the hash does not depend on how a reader re-serialises it. */
  details_json: string;
  created: string;
}

/** SHA-256 (hex) of the previous hash and the content as a JSON array in fixed column order (canonical by construction). */
export function eventHash(prevHash: string, c: ChainedContent): string {
  const canonical = JSON.stringify([
    prevHash,
    c.document_id,
    c.recipient_id,
    c.event,
    c.actor_type,
    c.actor_id,
    c.actor_label,
    c.ip,
    c.user_agent,
    c.details_json,
    c.created,
  ]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

type ChainRow = ChainedContent & { id: number; prev_hash: string | null; hash: string | null };

async function rowsOf(db: SqlDb, documentId: string): Promise<ChainRow[]> {
  return (await db.all('SELECT * FROM document_events WHERE document_id = ? ORDER BY id', [documentId])) as unknown as ChainRow[];
}

/** The hash of the document's newest event ('' when it has none). Chains unhashed older rows first. */
export async function chainHead(db: SqlDb, documentId: string): Promise<string> {
  const last = (await db.get('SELECT hash FROM document_events WHERE document_id = ? ORDER BY id DESC LIMIT 1', [documentId])) as
    { hash: string | null } | undefined;
  if (!last) return '';
  if (last.hash !== null) return last.hash;
  return await chainLegacyRows(db, documentId);
}

/** Hashes the leading rows that predate the chain (hash NULL) and returns the head. */
export async function chainLegacyRows(db: SqlDb, documentId: string): Promise<string> {
  let prev = '';
  for (const row of await rowsOf(db, documentId)) {
    if (row.hash !== null) return await chainHeadOf(db, documentId);
    const hash = eventHash(prev, row);
    await db.run('UPDATE document_events SET prev_hash = ?, hash = ? WHERE id = ? AND hash IS NULL', [prev, hash, row.id]);
    prev = hash;
  }
  return prev;
}

async function chainHeadOf(db: SqlDb, documentId: string): Promise<string> {
  const last = (await db.get('SELECT hash FROM document_events WHERE document_id = ? ORDER BY id DESC LIMIT 1', [documentId])) as
    { hash: string | null } | undefined;
  return last?.hash ?? '';
}

export interface ChainBreak {
  eventId: number;
  event: string;
  created: string;
  /** `content`: the row differs from what was hashed; `link`: prev_hash is not the previous row's hash (a row removed, reordered or inserted); `missing`: no hash after hashed rows. */
  kind: 'content' | 'link' | 'missing';
}

export interface ChainCheck {
  documentId: string;
  events: number;
  head: string;
  firstBreak: ChainBreak | null;
}

/** Checks one document's chain (chaining legacy rows first); reports the first broken link. */
export async function verifyChain(db: SqlDb, documentId: string): Promise<ChainCheck> {
  const first = (await db.get('SELECT hash FROM document_events WHERE document_id = ? ORDER BY id LIMIT 1', [documentId])) as
    { hash: string | null } | undefined;
  if (first && first.hash === null) await chainLegacyRows(db, documentId);
  const rows = await rowsOf(db, documentId);
  let prev = '';
  for (const row of rows) {
    const at = { eventId: row.id, event: row.event, created: row.created };
    if (row.hash === null) return { documentId, events: rows.length, head: '', firstBreak: { ...at, kind: 'missing' } };
    if (row.prev_hash !== prev) return { documentId, events: rows.length, head: '', firstBreak: { ...at, kind: 'link' } };
    if (eventHash(prev, row) !== row.hash) return { documentId, events: rows.length, head: '', firstBreak: { ...at, kind: 'content' } };
    prev = row.hash;
  }
  return { documentId, events: rows.length, head: prev, firstBreak: null };
}

/** Every document that has events, oldest first. */
export async function chainedDocumentIds(db: SqlDb): Promise<string[]> {
  return ((await db.all('SELECT document_id FROM document_events GROUP BY document_id ORDER BY MIN(id)')) as { document_id: string }[]).map(
    (r) => r.document_id,
  );
}
