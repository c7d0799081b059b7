/**
 * The emails of the signing flow, composed and queued in the email outbox (same transaction as the
 * change that causes them). Delivery (SMTP or the local outbox) is delivery.ts's job.
 */
import type { Store } from '../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import { documentsOf } from '../services/documents/repositories.ts';
import { mintLinkToken, mintReviewLinkToken, reviewUrl, signingUrl } from '../services/signing/link-tokens.ts';
import { emailOpenUrl } from '../webhooks/email-open.ts';

import { displayName, greeting as greet } from './names.ts';

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const VERB: Record<RecipientRecord['role'], string> = { signer: 'sign', witness: 'witness', approver: 'approve' };

/** Queues the invitation (with its signing link) for one recipient of a document. Call inside a transaction. */
export function queueInvitation(store: Store, dataDir: string, baseUrl: string, doc: DocumentRecord, r: RecipientRecord): string {
  const link = signingUrl(baseUrl, r.id, mintLinkToken(dataDir, r.id, doc.id));
  const verb = VERB[r.role];
  const subject = r.subject || `Please ${verb}: ${doc.name}`;
  const note = r.message || doc.message;
  const text = `${greet(doc, r)}\n\nYou are asked to ${verb} the document "${doc.name}".\n${note ? `\n${note}\n` : ''}\nOpen it here:\n${link}\n\nThe link is personal: do not forward it.\n`;
  const html = `<p>${escapeHtml(greet(doc, r))}</p><p>You are asked to ${verb} the document <strong>${escapeHtml(doc.name)}</strong>.</p>`
    + `${note ? `<p>${escapeHtml(note)}</p>` : ''}<p><a href="${escapeHtml(link)}">Open the document to ${verb} it</a></p><p>The link is personal: do not forward it.</p>`
    // Tracking image: loading it reports recipient.emailOpened (webhooks/email-open.ts).
    + `<img src="${escapeHtml(emailOpenUrl(store, baseUrl, r.id))}" width="1" height="1" alt="" style="display:block;border:0">`;
  return documentsOf(store).history.queueEmail({ documentId: doc.id, recipientId: r.id, kind: 'invitation', to: r.email, cc: [], subject, text, html });
}

/**
 * Tells every recipient that the document is complete, with a personal review link (a read-only page
 * that shows the signed PDF, with its history page, as soon as it is made, and downloads it).
 * Call inside a transaction.
 */
export function queueCompletedNotices(store: Store, doc: DocumentRecord, recipients: readonly RecipientRecord[], links?: { dataDir: string; baseUrl: string }): void {
  for (const r of recipients) {
    const link = links ? reviewUrl(links.baseUrl, r.id, mintReviewLinkToken(links.dataDir, r.id, doc.id, r.email)) : '';
    const get = link
      ? { text: `Download the signed PDF, with its signing history, here:\n${link}\n\nThe link is personal: do not forward it.`, html: `<p><a href="${escapeHtml(link)}">Download the signed PDF</a>, with its signing history.</p><p>The link is personal: do not forward it.</p>` }
      : { text: 'The sender can give you the final PDF with its signing history.', html: '<p>The sender can give you the final PDF with its signing history.</p>' };
    documentsOf(store).history.queueEmail({
      documentId: doc.id, recipientId: r.id, kind: 'completed', to: r.email, cc: doc.cc,
      subject: `Completed: ${doc.name}`,
      text: `${greet(doc, r)}\n\nEveryone has signed "${doc.name}".\n\n${get.text}\n`,
      html: `<p>${escapeHtml(greet(doc, r))}</p><p>Everyone has signed <strong>${escapeHtml(doc.name)}</strong>.</p>${get.html}`,
    });
  }
}

/** Tells the other invited recipients that the document was rejected. Call inside a transaction. */
export function queueRejectedNotices(store: Store, doc: DocumentRecord, recipients: readonly RecipientRecord[], by: RecipientRecord): void {
  for (const r of recipients) {
    if (r.id === by.id || r.status === 4 || r.status === 5) continue;
    documentsOf(store).history.queueEmail({
      documentId: doc.id, recipientId: r.id, kind: 'rejected', to: r.email, cc: [],
      subject: `Rejected: ${doc.name}`,
      text: `${greet(doc, r)}\n\n${displayName(doc, by)} rejected "${doc.name}"; it no longer needs your attention.\n`,
      html: `<p>${escapeHtml(greet(doc, r))}</p><p>${escapeHtml(`${displayName(doc, by)}`)} rejected <strong>${escapeHtml(doc.name)}</strong>; it no longer needs your attention.</p>`,
    });
  }
}
