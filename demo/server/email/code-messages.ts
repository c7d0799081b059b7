/**
 * A one-time code by email (issue 29, `email_verification`): queued in the email outbox like every other
 * mail of the signing flow and delivered at once by the caller. Plain and short, with no link: the code
 * proves control of this mailbox, and a link beside it would let a forwarded mail carry both halves. In the
 * document's language: the body is the SMS text (services/signing/verification.ts), the subject from the table.
 */
import type { Store } from '../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import { escapeHtml } from './messages.ts';
import { tr } from '../i18n/messages.ts';

export async function queueCodeEmail(store: Store, doc: DocumentRecord, r: RecipientRecord, text: string): Promise<string> {
  const subject = tr(doc.language, 'code.email.subject', { document: doc.name });
  const html = `<p>${escapeHtml(text)}</p>`;
  return await store.history.queueEmail({
    documentId: doc.id,
    recipientId: r.id,
    kind: 'verification_code',
    to: r.email,
    cc: [],
    subject,
    text: `${text}\n`,
    html,
  });
}
