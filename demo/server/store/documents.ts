/**
 * Sent documents, their recipients and their fields. The PDF bytes live in the file store
 * (`source_file`, `final_file` name files there). Hot statements are prepared once: the status
 * lookup is a single primary-key read.
 */
import type { SqlDb } from './sql.ts';
import { listDocuments } from './document-list.ts';
import type { DocumentListPage } from './document-list.ts';
import { nowIso } from './db.ts';
import { insertDocument } from './document-insert.ts';
import type { FieldElement } from 'esign-elements/fields';
import type { DocumentStatus, RecipientStatus } from '../domain/statuses.ts';
import { json, toDocument, toRecipient } from './document-rows.ts';
import type { DocumentListQuery, DocumentRecord, DocumentStatusRow, NewDocument, NewRecipient, RecipientRecord, Row } from './document-rows.ts';

export { toDocument, toRecipient } from './document-rows.ts';
export type { DocumentListQuery, DocumentRecord, DocumentStatusRow, NewDocument, NewRecipient, RecipientRecord, Row, StoredReviewer } from './document-rows.ts';

export class SqlDocumentRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  /**
   * Inserts a document with its recipients and fields (three multi-row INSERTs, document-insert.ts) and
   * answers the rows as stored; call inside a transaction.
   */
  async insert(doc: NewDocument, recipients: NewRecipient[], fields: FieldElement[]): Promise<{ document: DocumentRecord; recipients: RecipientRecord[] }> {
    return await insertDocument(this.db, doc, recipients, fields);
  }

  /** How many documents there are, in every group. */
  async count(): Promise<number> {
    return Number(((await this.db.get('SELECT COUNT(*) AS n FROM documents')) as { n: number }).n);
  }

  /** Many documents by id, in one statement; ids without a document are left out. */
  async getMany(ids: readonly string[]): Promise<Map<string, DocumentRecord>> {
    if (ids.length === 0) return new Map();
    // One document (a GraphQL document query): the primary-key read's fixed text, not an IN list built per call.
    if (ids.length === 1) {
      const document = await this.get(ids[0]!);
      return document ? new Map([[document.id, document]]) : new Map();
    }
    const rows = (await this.db.all(`SELECT * FROM documents WHERE id IN (${ids.map(() => '?').join(',')})`, [...ids])) as Row[];
    return new Map(rows.map((row) => [String(row.id), toDocument(row)]));
  }

  async get(id: string): Promise<DocumentRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM documents WHERE id = ?', [id])) as Row | undefined;
    return row ? toDocument(row) : undefined;
  }

  async statusRow(id: string): Promise<DocumentStatusRow | undefined> {
    return (await this.db.get('SELECT id, group_id, status, archived, final_file, tag, tag1, tag2, tag3, modified FROM documents WHERE id = ?', [id])) as
      DocumentStatusRow | undefined;
  }

  async recipients(documentId: string): Promise<RecipientRecord[]> {
    return ((await this.db.all('SELECT * FROM document_recipients WHERE document_id = ? ORDER BY position', [documentId])) as Row[]).map(toRecipient);
  }

  /** Recipients of many documents at once (for lists), keyed by document id. */
  async recipientsOf(documentIds: string[]): Promise<Map<string, RecipientRecord[]>> {
    const map = new Map<string, RecipientRecord[]>(documentIds.map((id) => [id, []]));
    if (documentIds.length === 0) return map;
    // One document (a GraphQL document query): the statement prepared once; many: cached per list length.
    if (documentIds.length === 1) {
      map.set(documentIds[0]!, await this.recipients(documentIds[0]!));
      return map;
    }
    const rows = (await this.db.all(
      `SELECT * FROM document_recipients WHERE document_id IN (${documentIds.map(() => '?').join(',')}) ORDER BY position`,
      documentIds,
    )) as Row[];
    for (const row of rows) map.get(String(row.document_id))!.push(toRecipient(row));
    return map;
  }

  async recipient(id: string): Promise<RecipientRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM document_recipients WHERE id = ?', [id])) as Row | undefined;
    return row ? toRecipient(row) : undefined;
  }

  async fields(documentId: string, elementType?: string): Promise<FieldElement[]> {
    const rows = (
      elementType === undefined
        ? await this.db.all('SELECT element_json FROM document_fields WHERE document_id = ? ORDER BY position', [documentId])
        : await this.db.all('SELECT element_json FROM document_fields WHERE document_id = ? AND element_type = ? ORDER BY position', [documentId, elementType])
    ) as Row[];
    return rows.map((r) => json<FieldElement>(r.element_json));
  }

  async list(q: DocumentListQuery): Promise<DocumentListPage> {
    return await listDocuments(this.db, q);
  }

  /** Moves the document's status (already checked against the transition table); call inside a transaction. */
  async setStatus(id: string, status: DocumentStatus, extra: { archived?: boolean; completedAt?: string } = {}): Promise<void> {
    const sets = ['status = ?', 'modified = ?'];
    const params: (string | number)[] = [status, nowIso()];
    if (extra.archived !== undefined) {
      sets.push('archived = ?');
      params.push(+extra.archived);
    }
    if (extra.completedAt !== undefined) {
      sets.push('completed_at = ?');
      params.push(extra.completedAt);
    }
    await this.db.run(`UPDATE documents SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  }

  /** Records the final PDF (written to the file store by the caller). */
  async setFinal(id: string, finalFile: string, finalHash: string): Promise<void> {
    await this.db.run('UPDATE documents SET final_file = ?, final_hash = ?, modified = ? WHERE id = ?', [finalFile, finalHash, nowIso(), id]);
  }

  async setRecipientStatus(id: string, status: RecipientStatus, rejectionReason?: string): Promise<void> {
    const now = nowIso();
    if (rejectionReason === undefined) await this.db.run('UPDATE document_recipients SET status = ?, modified = ? WHERE id = ?', [status, now, id]);
    else await this.db.run('UPDATE document_recipients SET status = ?, rejection_reason = ?, modified = ? WHERE id = ?', [status, rejectionReason, now, id]);
    await this.db.run('UPDATE documents SET modified = ? WHERE id = (SELECT document_id FROM document_recipients WHERE id = ?)', [now, id]);
  }

  /** Uuids of the fields a recipient has saved a value into (the description's field `state`). */
  async savedFieldIds(documentId: string): Promise<Set<string>> {
    return new Set(
      ((await this.db.all('SELECT uuid FROM document_fields WHERE document_id = ? AND saved = 1', [documentId])) as Row[]).map((r) => String(r.uuid)),
    );
  }

  /**
   * Permanent deletion: the document with its recipients (and their invitation attachment links), fields,
   * text source, history, queued emails and its final-PDF job. The caller removes the files (their names are in the record).
   * Webhook delivery logs stay (they are the dashboard's).
   */
  async purge(id: string): Promise<void> {
    await this.db.run('DELETE FROM background_jobs WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM email_outbox WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM document_events WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM document_fields WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM recipient_email_attachments WHERE recipient_id IN (SELECT id FROM document_recipients WHERE document_id = ?)', [id]);
    await this.db.run('DELETE FROM document_recipients WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM document_texts WHERE document_id = ?', [id]);
    await this.db.run('DELETE FROM documents WHERE id = ?', [id]);
  }

  /** Saves field values (the signing flow); `saved` marks a field a recipient has filled. */
  async saveFieldValues(documentId: string, values: Map<string, string>): Promise<void> {
    for (const [uuid, value] of values) {
      const row = (await this.db.get('SELECT element_json FROM document_fields WHERE uuid = ? AND document_id = ?', [uuid, documentId])) as Row | undefined;
      if (!row) continue;
      await this.db.run('UPDATE document_fields SET element_json = ?, saved = 1 WHERE uuid = ?', [
        JSON.stringify({ ...json<FieldElement>(row.element_json), value }),
        uuid,
      ]);
    }
    await this.db.run('UPDATE documents SET modified = ? WHERE id = ?', [nowIso(), documentId]);
  }

  /** Documents whose fields are complete but whose final PDF is not made yet. */
  async finalPdfPending(fieldsCompleteStatus: number): Promise<string[]> {
    return ((await this.db.all('SELECT id FROM documents WHERE status = ? AND final_file IS NULL', [fieldsCompleteStatus])) as { id: string }[]).map(
      (r) => r.id,
    );
  }

  /** The document whose final PDF has this SHA-256 (hex), if any: what verification names. */
  async idByFinalHash(sha256: string): Promise<string | undefined> {
    const row = (await this.db.get('SELECT id FROM documents WHERE final_hash = ? LIMIT 1', [sha256])) as { id: string } | undefined;
    return row?.id;
  }
}
