/**
 * The final-PDF job: runs once per document, for whoever moved it to "fields complete" (the
 * ceremony's conditional transition guarantees one), and again at start-up for documents left at
 * 20 without a final file by a crash. Builds the PDF (75 attachments appended, stamp, history page when `append_history`,
 * password), writes it before the transaction, then records it, moves the document to 30 and
 * emits `document.finalPdfCreated` in one transaction that re-checks the status. It runs as a
 * background job (services/jobs/runner.ts): a throw is a failed attempt, retried with backoff.
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import type { AuditEvent } from '../../store/documents-history.ts';
import { DOCUMENT_STATUS, documentTransition, recipientStatusText } from '../../domain/statuses.ts';
import type { SigningHistory } from '../../pdf/index.ts';
import type { WorkPool } from '../../work/pool.ts';
import { signerLabel } from 'esign-elements/fields';
import { documentFinalFileName } from '../documents/repositories.ts';
import { emitEvent } from '../../webhooks/emit.ts';
import { attachmentBytes, documentAttachments } from './attachments.ts';
import { displayName } from '../../email/names.ts';
import { sealFor } from '../seal.ts';
import { VERIFICATION_EVENTS, verificationEventText, verificationMethodText } from './verification-history.ts';

/** The job kind (store/jobs.ts) of the final PDF. */
export const FINAL_PDF_JOB = 'final_pdf';
import { tr, trMaybe } from '../../i18n/messages.ts';
import { crashPoint } from '../../domain/crash-points.ts';

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

function roleText(r: RecipientRecord, lang: string): string {
  if (r.role === 'witness') return tr(lang, 'history.role.witness', { n: r.witnessOf ?? 0 });
  if (r.role === 'approver') return tr(lang, 'history.role.approver');
  return lang.toLowerCase().split('-')[0] === 'en' ? signerLabel(r.signerNumber) : tr(lang, 'history.role.signer', { n: r.signerNumber });
}

/** An audit event's action in the document's language (the English table above is the list of those shown). */
const actionText = (lang: string, event: string) => trMaybe(lang, `history.action.${event === 'recipient_send' ? 'recipient_sent' : event}`) ?? ACTIONS[event];

/** Who acted, as the history page shows it: a recipient by its display name (honorifics apply), else as recorded. */
function actorName(doc: DocumentRecord, recipients: RecipientRecord[], e: AuditEvent): string {
  if (e.actor.type === 'system') return '';
  const r = e.actor.type === 'recipient' ? recipients.find((x) => x.id === e.actor.id) : undefined;
  return r ? `${displayName(doc, r)} <${r.email}>` : e.actor.label;
}

/** `recipient_signed` → "Recipient signed": events the history page does not name (the audit log shows them all). */
function plainEventName(event: string): string {
  const words = event.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const INVITATIONS = new Set(['recipient_sent', 'recipient_send', 'invitation_queued']);

/** What happened, in the document's language; an invitation says whom (name and email), not just "Invited". */
function eventText(lang: string, doc: DocumentRecord, recipients: RecipientRecord[], e: AuditEvent): string {
  const verification = verificationEventText(e, lang);
  if (verification) return verification;
  const whom = INVITATIONS.has(e.event) && e.recipientId ? recipients.find((r) => r.id === e.recipientId) : undefined;
  if (!whom) return actionText(lang, e.event) ?? plainEventName(e.event);
  const who = `${displayName(doc, whom)} <${whom.email}>`;
  return tr(lang, e.event === 'invitation_queued' ? 'history.invitationQueued' : 'history.invited', { who });
}

/**
 * The history the final PDF appends: the events that tell the signing story. With `allEvents` (the
 * audit-log PDF) every recorded event, those without a history wording under their plain name.
 */
export function signingHistory(
  doc: DocumentRecord,
  recipients: RecipientRecord[],
  events: AuditEvent[],
  options: { allEvents?: boolean } = {},
): SigningHistory {
  const important = options.allEvents ? events : events.filter((e) => (ACTIONS[e.event] && e.event !== 'recipient_saved') || VERIFICATION_EVENTS.has(e.event));
  const lang = doc.language;
  return {
    documentName: doc.name,
    documentId: doc.id,
    language: lang,
    recipients: recipients.map((r) => ({
      name: displayName(doc, r),
      email: r.email,
      role: roleText(r, lang),
      status: trMaybe(lang, `history.status.${r.status}`) ?? recipientStatusText(r.status),
      timestamps: events
        .filter((e) => e.recipientId === r.id && ['recipient_visited', 'recipient_signed', 'recipient_witnessed', 'recipient_approved'].includes(e.event))
        .filter((e, i, list) => list.findIndex((x) => x.event === e.event) === i)
        .map((e) => ({ label: actionText(lang, e.event), at: e.created }))
        // How this recipient proved who they are (one-time code or the sender's word), when asked to.
        .concat(verificationMethodText(events, r.id, lang) ?? []),
    })),
    events: important.map((e) => ({
      at: e.created,
      actor: actorName(doc, recipients, e),
      action: eventText(lang, doc, recipients, e),
      ip: e.actor.ip,
      userAgent: e.actor.userAgent,
    })),
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
export async function runFinalPdfJob(store: Store, work: WorkPool, documentId: string): Promise<boolean> {
  const { documents, history } = store;
  const doc = await documents.get(documentId);
  if (!doc || doc.status !== DOCUMENT_STATUS.fieldsComplete || doc.finalFile) return false;
  const recipients = await documents.recipients(doc.id);
  const events = await history.events(doc.id);
  const source = await store.files.readBytes(doc.sourceFile);
  const appendable = await Promise.all(
    (await documentAttachments(store, doc.id, 75)).map(async (a) => ({ name: a.name, type: a.type, bytes: await attachmentBytes(store, doc.id, a.field) })),
  );
  const seal = await sealFor(store, doc.groupId, 'Completed document sealed by esign-elements');
  const auditChainHead = await store.history.chainHead(doc.id);
  // In the work pool (as the document's group): stamping is work over the sender's PDF and the signers' images;
  // the seal key (a KeyObject) travels to the worker with the rest. A failure (over a time or memory limit,
  // an unreadable PDF) is thrown to the job runner, which retries it and writes a permanent failure to the
  // document's history (services/jobs/runner.ts).
  const built = await work.run(doc.groupId, 'finalPdf', {
    attachments: appendable,
    input: {
      source,
      elements: await documents.fields(doc.id),
      options: { signedAt: signedAt(recipients, events), completedAt: new Date() },
      history: doc.appendHistory ? { ...signingHistory(doc, recipients, events), originalPdf: source, auditChainHead, seal: seal.key } : undefined,
      password: doc.pdfPassword || null,
      passwordType: doc.pdfPasswordType,
      seal,
    },
  });
  const { pdf, warnings } = built;
  const appended = { warnings: built.attachmentWarnings };
  const file = documentFinalFileName(doc.id);
  const hash = crypto.createHash('sha256').update(pdf).digest('hex');
  await store.files.write(file, pdf);
  crashPoint('final-pdf:stored');
  return await store.transaction(async () => {
    const now = (await documents.get(doc.id))!;
    if (now.status !== DOCUMENT_STATUS.fieldsComplete || now.finalFile) return false; // removed meanwhile, or done by another run
    await documents.setFinal(doc.id, file, hash);
    await documents.setStatus(doc.id, documentTransition(now.status, 'complete') as 30, { completedAt: new Date().toISOString() });
    await history.record(doc.id, 'final_pdf_created', SYSTEM, {
      sha256: hash,
      bytes: pdf.length,
      warnings: [...appended.warnings, ...warnings.map((w) => w.message)],
      seal_certificate_sha256: seal.key.fingerprint,
      audit_chain_head: auditChainHead,
    });
    await emitEvent(store, { object: 'document', event: 'finalPdfCreated', documentId: doc.id });
    return true;
  });
}

/** Documents left at "fields complete" without a final PDF (a crash between the two steps). */
export async function pendingFinalPdfs(store: Store): Promise<string[]> {
  return await store.documents.finalPdfPending(DOCUMENT_STATUS.fieldsComplete);
}
