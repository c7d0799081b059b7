/**
 * A sent document's rows as the code sees them (records, the list query) and how a database row
 * becomes one: shared by the repository (documents.ts), its insert (document-insert.ts) and its list
 * (document-list.ts), which imported each other for them.
 */
import type { StoredPageGeometry } from './templates.ts';
import type { DocumentStatus, RecipientStatus } from '../domain/statuses.ts';

/** Where a page begins: after (`next`) or before (`previous`) the row with this created/rowid. */
export interface ListKeyset {
  created: string;
  rowid: number;
  direction: 'next' | 'previous';
}

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
export const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;

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
