/**
 * Sent documents, their recipients and their fields. The PDF bytes live in the file store
 * (`source_file`, `final_file` name files there). Hot statements are prepared once: the status
 * lookup is a single primary-key read.
 */
import type { SqlDb } from './sql.ts';
import { listDocuments } from './document-list.ts';
import type { DocumentListPage, ListKeyset } from './document-list.ts';
import { nowIso } from './db.ts';
import { insertDocument } from './document-insert.ts';
import type { FieldElement } from '../../../src/fields/types.ts';
import type { StoredPageGeometry } from './templates.ts';
import type { DocumentStatus, RecipientStatus } from '../domain/statuses.ts';

export interface StoredReviewer {
  email: string;
  firstname: string;
  lastname: string;
  includeLink: boolean;
}

export interface DocumentRecord {
  id: string;
  groupId: string;
  userId: string;
  name: string;
  status: DocumentStatus;
  templateIds: string[];
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
  doEmail: boolean;
  signersInOrder: boolean;
  cc: string[];
  message: string;
  messageTemplate: string;
  redirect: string;
  honorifics: boolean;
  /** The language of emails and the history page (a shipped locale tag, default 'en'). */
  language: string;
  convertSenderToSigner: boolean;
  strictFields: boolean;
  appendHistory: boolean;
  appendPdf: boolean;
  returnSignerLinks: boolean;
  pdfPassword: string;
  pdfPasswordType: 1 | 2 | null;
  pageCount: number;
  pages: StoredPageGeometry[];
  reviewers: StoredReviewer[];
  /** Recipients left out by `skip` (and the witnesses after them), kept for the record. */
  skipped: { firstname: string; lastname: string; email: string; role: string; signerNumber: number; reason: string }[];
  sourceFile: string;
  finalFile: string | null;
  finalHash: string | null;
  archived: boolean;
  completedAt: string | null;
  created: string;
  modified: string;
}

export interface RecipientRecord {
  id: string;
  documentId: string;
  position: number;
  order: number;
  role: 'signer' | 'approver' | 'witness';
  signerNumber: number;
  witnessOf: number | null;
  firstname: string;
  lastname: string;
  email: string;
  tel: string;
  honorific: string;
  message: string;
  subject: string;
  redirect: string;
  reviewers: StoredReviewer[];
  status: RecipientStatus;
  rejectionReason: string;
  hasFields: boolean;
  created: string;
  modified: string;
}

export type NewDocument = Omit<DocumentRecord, 'created' | 'modified' | 'finalFile' | 'finalHash' | 'archived' | 'completedAt'>;
export type NewRecipient = Omit<RecipientRecord, 'created' | 'modified' | 'documentId'>;

/** The few columns `GET /api/v1/status/{id}/` answers with. */
export interface DocumentStatusRow {
  id: string;
  group_id: string;
  status: number;
  archived: number;
  final_file: string | null;
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
  modified: string;
}

export interface DocumentListQuery {
  groupIds: string[];
  limit: number;
  offset: number;
  status?: number;
  createdGt?: string;
  modifiedGt?: string;
  userId?: string;
  archived?: boolean;
  email?: string;
  /** Keyset pagination: the page just after (`next`) or before (`previous`) this row, instead of `offset`. */
  keyset?: ListKeyset;
}

export type Row = Record<string, string | number | null>;

const bool = (v: unknown): boolean => v === 1;
const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;

export function toDocument(r: Row): DocumentRecord {
  return {
    id: String(r.id),
    groupId: String(r.group_id),
    userId: String(r.user_id),
    name: String(r.name),
    status: Number(r.status) as DocumentStatus,
    templateIds: json(r.template_ids_json),
    tag: String(r.tag),
    tag1: String(r.tag1),
    tag2: String(r.tag2),
    tag3: String(r.tag3),
    doEmail: bool(r.do_email),
    signersInOrder: bool(r.signers_in_order),
    cc: json(r.cc_json),
    message: String(r.message),
    messageTemplate: String(r.message_template),
    redirect: String(r.redirect),
    honorifics: bool(r.honorifics),
    language: r.language == null ? 'en' : String(r.language),
    convertSenderToSigner: bool(r.convert_sender_to_signer),
    strictFields: bool(r.strict_fields),
    appendHistory: bool(r.append_history),
    appendPdf: bool(r.append_pdf),
    returnSignerLinks: bool(r.return_signer_links),
    pdfPassword: String(r.pdf_password),
    pdfPasswordType: r.pdf_password_type === null ? null : (Number(r.pdf_password_type) as 1 | 2),
    pageCount: Number(r.page_count),
    pages: json(r.pages_json),
    reviewers: json(r.reviewers_json),
    skipped: json(r.skipped_json),
    sourceFile: String(r.source_file),
    finalFile: r.final_file === null ? null : String(r.final_file),
    finalHash: r.final_hash === null ? null : String(r.final_hash),
    archived: bool(r.archived),
    completedAt: r.completed_at === null ? null : String(r.completed_at),
    created: String(r.created),
    modified: String(r.modified),
  };
}

export function toRecipient(r: Row): RecipientRecord {
  return {
    id: String(r.id),
    documentId: String(r.document_id),
    position: Number(r.position),
    order: Number(r.order_no),
    role: String(r.role) as RecipientRecord['role'],
    signerNumber: Number(r.signer_number),
    witnessOf: r.witness_of === null ? null : Number(r.witness_of),
    firstname: String(r.firstname),
    lastname: String(r.lastname),
    email: String(r.email),
    tel: String(r.tel),
    honorific: String(r.honorific),
    message: String(r.message),
    subject: String(r.subject),
    redirect: String(r.redirect),
    reviewers: json(r.reviewers_json),
    status: Number(r.status) as RecipientStatus,
    rejectionReason: String(r.rejection_reason),
    hasFields: bool(r.has_fields),
    created: String(r.created),
    modified: String(r.modified),
  };
}

export class SqliteDocumentRepository {
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
