/**
 * Emails to reviewers: people attached to a signer (or to the whole document) who read the document
 * and follow its progress, and never sign. Queued in the email outbox in the same transaction as the
 * change that causes them, delivered like every other email (SMTP or the local outbox).
 *
 * - "For review" when the recipient they review is invited (so the sequence is respected); a
 *   document-level reviewer when the document's first invitations go out.
 * - A notice when that recipient has signed (approved, witnessed), unless the document completed in
 *   the same step: then the "completed" notice says it all.
 * - A notice when the document is complete (every reviewer), and when it is rejected (reviewers
 *   already told about it).
 *
 * With `include_link` the email carries a review link: a read-only page showing the document with
 * <esign-viewer> (the final signed PDF once it exists). Reviewers are not recipients: their emails
 * have no recipient (no `recipient.emailNotification` webhook, no bounce event); each one is in the
 * audit log as `reviewer_email_queued` with the reviewer's email and the recipient it concerns.
 */
import type { Store } from '../store/index.ts';
import type { DocumentRecord, RecipientRecord, StoredReviewer } from '../store/documents.ts';
import { RECIPIENT_STATUS } from '../domain/statuses.ts';
import { mintReviewLinkToken, reviewUrl } from '../auth/link-tokens.ts';
import { escapeHtml, htmlEnd, htmlStart } from './messages.ts';
import { displayName } from './names.ts';
import { tr } from '../i18n/messages.ts';

export interface ReviewEmailContext {
  store: Store;
  dataDir: string;
  baseUrl: string;
}

export type ReviewEmailKind = 'review_request' | 'review_signed' | 'review_completed' | 'review_rejected';

const SYSTEM = { type: 'system' as const, id: '', label: 'esign-elements', ip: '', userAgent: '' };

interface ReviewerEmail {
  subject: string;
  /** Paragraphs before the link. */
  lines: string[];
  /** What the link opens, e.g. "Read the document". */
  linkText: string;
}

function reviewerName(v: StoredReviewer): string {
  return v.firstname || v.email;
}

/**
 * Queues one email to a reviewer and records it in the history. `about` is the recipient the
 * reviewer belongs to (null for a document-level reviewer); the link opens the document through the
 * document's first recipient in that case (a review token reads only the document, whoever it names).
 */
async function queueReviewerEmail(
  ctx: ReviewEmailContext,
  doc: DocumentRecord,
  v: StoredReviewer,
  about: RecipientRecord | null,
  kind: ReviewEmailKind,
  email: ReviewerEmail,
): Promise<void> {
  const { documents, history } = ctx.store;
  const anchor = about ?? (await documents.recipients(doc.id))[0];
  const link = v.includeLink && anchor ? reviewUrl(ctx.baseUrl, anchor.id, mintReviewLinkToken(ctx.dataDir, anchor.id, doc.id, v.email)) : '';
  const hello = tr(doc.language, 'email.hello', { name: reviewerName(v) });
  const footer = tr(doc.language, 'review.footer');
  const text = [hello, ...email.lines, ...(link ? [`${email.linkText}:\n${link}`] : []), footer].join('\n\n') + '\n';
  const html =
    htmlStart(doc.language) +
    [hello, ...email.lines].map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(email.linkText)}</a></p>` : '') +
    `<p>${escapeHtml(footer)}</p>` +
    htmlEnd(doc.language);
  // recipientId null: a reviewer is not a recipient (no recipient webhooks for this email).
  await history.queueEmail({ documentId: doc.id, recipientId: null, kind, to: v.email, cc: [], subject: email.subject, text, html });
  await history.record(doc.id, 'reviewer_email_queued', SYSTEM, { kind, reviewer: v.email, link: link !== '' }, about?.id ?? null);
}

/** "For review" to the reviewers of `r`, who has just been invited. Call inside the transaction that invites. */
export async function queueReviewRequests(ctx: ReviewEmailContext, doc: DocumentRecord, r: RecipientRecord): Promise<void> {
  const who = displayName(doc, r);
  for (const v of r.reviewers) {
    await queueReviewerEmail(ctx, doc, v, r, 'review_request', {
      subject: tr(doc.language, 'review.request.subject', { document: doc.name }),
      lines: [tr(doc.language, `review.request.${r.role}`, { document: doc.name, who }), ...(doc.message ? [doc.message] : [])],
      linkText: tr(doc.language, 'review.read'),
    });
  }
}

/** "For review" to the document-level reviewers; call once, when the document's first invitations are queued. */
export async function queueDocumentReviewRequests(ctx: ReviewEmailContext, doc: DocumentRecord): Promise<void> {
  for (const v of doc.reviewers) {
    await queueReviewerEmail(ctx, doc, v, null, 'review_request', {
      subject: tr(doc.language, 'review.request.subject', { document: doc.name }),
      lines: [tr(doc.language, 'review.request.document', { document: doc.name }), ...(doc.message ? [doc.message] : [])],
      linkText: tr(doc.language, 'review.read'),
    });
  }
}

/** Tells `r`'s reviewers that `r` has finished (signed, witnessed, approved). */
export async function queueReviewerFinishedNotices(ctx: ReviewEmailContext, doc: DocumentRecord, r: RecipientRecord): Promise<void> {
  for (const v of r.reviewers) {
    await queueReviewerEmail(ctx, doc, v, r, 'review_signed', {
      subject: tr(doc.language, `review.done.subject.${r.role}`, { document: doc.name }),
      lines: [tr(doc.language, `review.done.${r.role}`, { who: displayName(doc, r), document: doc.name })],
      linkText: tr(doc.language, 'review.readNow'),
    });
  }
}

/** Tells every reviewer (the document's and each recipient's) that the document is complete; the link opens the final PDF. */
export async function queueReviewerCompletedNotices(ctx: ReviewEmailContext, doc: DocumentRecord, recipients: readonly RecipientRecord[]): Promise<void> {
  const completed = (about: RecipientRecord | null) => (v: StoredReviewer) =>
    queueReviewerEmail(ctx, doc, v, about, 'review_completed', {
      subject: tr(doc.language, 'email.completed.subject', { document: doc.name }),
      lines: [tr(doc.language, 'review.completed', { document: doc.name })],
      linkText: tr(doc.language, 'review.openFinal'),
    });
  for (const v of doc.reviewers) await completed(null)(v);
  for (const r of recipients) for (const v of r.reviewers) await completed(r)(v);
}

/**
 * Tells the reviewers already engaged (the document's, and those of recipients who had been invited)
 * that `by` rejected the document. `recipients` are the statuses before the rejection.
 */
export async function queueReviewerRejectedNotices(
  ctx: ReviewEmailContext,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  by: RecipientRecord,
): Promise<void> {
  const rejected = (about: RecipientRecord | null) => (v: StoredReviewer) =>
    queueReviewerEmail(ctx, doc, v, about, 'review_rejected', {
      subject: tr(doc.language, 'email.rejected.subject', { document: doc.name }),
      lines: [tr(doc.language, 'review.rejected', { who: displayName(doc, by), document: doc.name })],
      linkText: tr(doc.language, 'review.read'),
    });
  for (const v of doc.reviewers) await rejected(null)(v);
  for (const r of recipients) {
    if (r.status !== RECIPIENT_STATUS.unsent && r.status !== RECIPIENT_STATUS.scheduled) for (const v of r.reviewers) await rejected(r)(v);
  }
}
