/**
 * The final-PDF job: runs once per document, for whoever moved it to "fields complete" (the
 * ceremony's conditional transition guarantees one), and again at start-up for documents left at
 * 20 without a final file by a crash. Builds the PDF (75 attachments appended, stamp, history page when `append_history`,
 * password), writes it before the transaction, then records it, moves the document to 30 and
 * emits `document.finalPdfCreated` in one transaction that re-checks the status.
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import type { AuditEvent } from '../../store/documents-history.ts';
import { DOCUMENT_STATUS, documentTransition, recipientStatusText } from '../../domain/statuses.ts';
import { buildFinalPdf } from '../../pdf/index.ts';
import type { SigningHistory } from '../../pdf/index.ts';
import { signerLabel } from '../../../../src/fields/index.ts';
import { documentFinalFileName, documentsOf } from '../documents/repositories.ts';
import { emitEvent } from '../../webhooks/emit.ts';
import { attachmentBytes, documentAttachments } from './attachments.ts';
import { appendAttachments } from './attachments-pdf.ts';
import { displayName } from '../../email/names.ts';

const SYSTEM = { type: 'system' as const, id: '', label: 'esign-elements', ip: '', userAgent: '' };

const ACTIONS: Record<string, string> = {
  document_sent: 'Sent the document',
  recipient_sent: 'Invited',
  recipient_send: 'Invited',
  invitation_queued: 'Invitation email queued',
  recipient_visited: 'Viewed the document',
  recipient_saved: 'Saved progress',
  attachment_uploaded: 'Attached a file',
  recipient_signed: 'Signed',
  recipient_witnessed: 'Witnessed',
  recipient_approved: 'Approved',
  recipient_witness_released: 'Signature witnessed',
  document_fields_complete: 'All recipients finished',
};

function roleText(r: RecipientRecord): string {
  return r.role === 'witness' ? `Witness of signer ${r.witnessOf}` : r.role === 'approver' ? 'Approver' : signerLabel(r.signerNumber);
}

/** Who acted, as the history page shows it: a recipient by its display name (honorifics apply), else as recorded. */
function actorName(doc: DocumentRecord, recipients: RecipientRecord[], e: AuditEvent): string {
  if (e.actor.type === 'system') return '';
  const r = e.actor.type === 'recipient' ? recipients.find((x) => x.id === e.actor.id) : undefined;
  return r ? `${displayName(doc, r)} <${r.email}>` : e.actor.label;
}

const INVITATIONS = new Set(['recipient_sent', 'recipient_send', 'invitation_queued']);

/** What happened; an invitation says whom (name and email), not just "Invited". */
function actionText(doc: DocumentRecord, recipients: RecipientRecord[], e: AuditEvent): string {
  const whom = INVITATIONS.has(e.event) && e.recipientId ? recipients.find((r) => r.id === e.recipientId) : undefined;
  if (!whom) return ACTIONS[e.event];
  const who = `${displayName(doc, whom)} <${whom.email}>`;
  return e.event === 'invitation_queued' ? `Invitation email to ${who} queued` : `Invited ${who}`;
}

export function signingHistory(doc: DocumentRecord, recipients: RecipientRecord[], events: AuditEvent[]): SigningHistory {
  const important = events.filter((e) => ACTIONS[e.event] && e.event !== 'recipient_saved');
  return {
    documentName: doc.name,
    documentId: doc.id,
    recipients: recipients.map((r) => ({
      name: displayName(doc, r),
      email: r.email,
      role: roleText(r),
      status: recipientStatusText(r.status),
      timestamps: events.filter((e) => e.recipientId === r.id && ['recipient_visited', 'recipient_signed', 'recipient_witnessed', 'recipient_approved'].includes(e.event))
        .filter((e, i, list) => list.findIndex((x) => x.event === e.event) === i)
        .map((e) => ({ label: ACTIONS[e.event], at: e.created })),
    })),
    events: important.map((e) => ({ at: e.created, actor: actorName(doc, recipients, e), action: actionText(doc, recipients, e), ip: e.actor.ip, userAgent: e.actor.userAgent })),
  };
}

/** When each signer number signed (for signing-date fields left empty). */
function signedAt(recipients: RecipientRecord[], events: AuditEvent[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const r of recipients) {
    const e = events.find((x) => x.recipientId === r.id && /^recipient_(signed|witnessed|approved)$/.test(x.event));
    if (e) out[r.signerNumber] = e.created;
  }
  return out;
}

/** Builds and records the final PDF. Returns false when another run already did (or the document moved on). */
export async function runFinalPdfJob(store: Store, documentId: string): Promise<boolean> {
  const { documents, history } = documentsOf(store);
  const doc = documents.get(documentId);
  if (!doc || doc.status !== DOCUMENT_STATUS.fieldsComplete || doc.finalFile) return false;
  const recipients = documents.recipients(doc.id);
  const events = history.events(doc.id);
  const source = store.files.readBytes(doc.sourceFile);
  const appendable = documentAttachments(store, doc.id, 75).map((a) => ({ name: a.name, type: a.type, bytes: attachmentBytes(store, doc.id, a.field) }));
  const appended = await appendAttachments(source, appendable);
  const { pdf, warnings } = await buildFinalPdf({
    source: appended.pdf,
    elements: documents.fields(doc.id),
    options: { signedAt: signedAt(recipients, events), completedAt: new Date() },
    history: doc.appendHistory ? { ...signingHistory(doc, recipients, events), originalPdf: source } : undefined,
    password: doc.pdfPassword || null,
    passwordType: doc.pdfPasswordType,
  });
  const file = documentFinalFileName(doc.id);
  const hash = crypto.createHash('sha256').update(pdf).digest('hex');
  store.files.write(file, pdf);
  return store.transaction(() => {
    const now = documents.get(doc.id)!;
    if (now.status !== DOCUMENT_STATUS.fieldsComplete || now.finalFile) return false; // removed meanwhile, or done by another run
    documents.setFinal(doc.id, file, hash);
    documents.setStatus(doc.id, documentTransition(now.status, 'complete') as 30, { completedAt: new Date().toISOString() });
    history.record(doc.id, 'final_pdf_created', SYSTEM, { sha256: hash, bytes: pdf.length, warnings: [...appended.warnings, ...warnings.map((w) => w.message)] });
    emitEvent(store.db, { object: 'document', event: 'finalPdfCreated', documentId: doc.id });
    return true;
  });
}

/** Documents left at "fields complete" without a final PDF (a crash between the two steps). */
export function pendingFinalPdfs(store: Store): string[] {
  const rows = store.db.prepare('SELECT id FROM documents WHERE status = ? AND final_file IS NULL').all(DOCUMENT_STATUS.fieldsComplete) as { id: string }[];
  return rows.map((r) => r.id);
}
