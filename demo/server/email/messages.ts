/**
 * The emails of the signing flow, composed and queued in the email outbox (same transaction as the
 * change that causes them). Delivery (SMTP or the local outbox) is delivery.ts's job.
 */
import type { Store } from '../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import { mintLinkToken, mintReviewLinkToken, reviewUrl, signingUrl } from '../auth/link-tokens.ts';
import { emailOpenUrl } from './open-tracking.ts';

import { displayName, greeting as greet } from './names.ts';
import { tr } from '../i18n/messages.ts';
import { directionOf } from 'esign-elements/i18n';

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sentence as HTML with the document's name in bold (escaped; the name's first occurrence). */
export function emphasise(sentence: string, name: string): string {
  const at = name ? sentence.indexOf(name) : -1;
  if (at < 0) return escapeHtml(sentence);
  return `${escapeHtml(sentence.slice(0, at))}<strong>${escapeHtml(name)}</strong>${escapeHtml(sentence.slice(at + name.length))}`;
}

/** HTML bodies outside English carry their language and direction (Arabic and Hebrew read right to left). */
export const htmlStart = (lang: string): string => (lang === 'en' ? '' : `<div lang="${escapeHtml(lang)}" dir="${directionOf(lang)}">`);
export const htmlEnd = (lang: string): string => (lang === 'en' ? '' : '</div>');

/** Queues the invitation (with its signing link) for one recipient of a document. Call inside a transaction. */
export async function queueInvitation(store: Store, dataDir: string, baseUrl: string, doc: DocumentRecord, r: RecipientRecord): Promise<string> {
  const link = signingUrl(baseUrl, r.id, mintLinkToken(dataDir, r.id, doc.id));
  const lang = doc.language;
  const subject = r.subject || tr(lang, `email.invite.subject.${r.role}`, { document: doc.name });
  const note = r.message || doc.message;
  const body = tr(lang, `email.invite.body.${r.role}`, { document: doc.name });
  const personal = tr(lang, 'email.invite.personal');
  const text = `${greet(doc, r)}\n\n${body}\n${note ? `\n${note}\n` : ''}\n${tr(lang, 'email.invite.open')}\n${link}\n\n${personal}\n`;
  const html =
    `${htmlStart(lang)}<p>${escapeHtml(greet(doc, r))}</p><p>${emphasise(body, doc.name)}</p>` +
    `${note ? `<p>${escapeHtml(note)}</p>` : ''}<p><a href="${escapeHtml(link)}">${escapeHtml(tr(lang, `email.invite.link.${r.role}`))}</a></p><p>${escapeHtml(personal)}</p>` +
    // Tracking image: loading it reports recipient.emailOpened (email/open-tracking.ts).
    `<img src="${escapeHtml(await emailOpenUrl(store, baseUrl, r.id))}" width="1" height="1" alt="" style="display:block;border:0">${htmlEnd(lang)}`;
  return await store.history.queueEmail({ documentId: doc.id, recipientId: r.id, kind: 'invitation', to: r.email, cc: [], subject, text, html });
}

/**
 * Tells every recipient that the document is complete, with a personal review link (a read-only page
 * that shows the signed PDF, with its history page, as soon as it is made, and downloads it).
 * Call inside a transaction.
 */
export async function queueCompletedNotices(
  store: Store,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  links?: { dataDir: string; baseUrl: string },
): Promise<void> {
  for (const r of recipients) {
    const link = links ? reviewUrl(links.baseUrl, r.id, mintReviewLinkToken(links.dataDir, r.id, doc.id, r.email)) : '';
    const lang = doc.language;
    const personal = tr(lang, 'email.invite.personal');
    const signed = tr(lang, 'email.completed.signed', { document: doc.name });
    const download = tr(lang, 'email.completed.download');
    const body = link
      ? {
          text: `${signed}\n\n${download}:\n${link}\n\n${personal}`,
          html: `<p>${emphasise(signed, doc.name)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(download)}</a></p><p>${escapeHtml(personal)}</p>`,
        }
      : {
          text: tr(lang, 'email.completed.body', { document: doc.name }),
          html: `<p>${emphasise(tr(lang, 'email.completed.body', { document: doc.name }), doc.name)}</p>`,
        };
    await store.history.queueEmail({
      documentId: doc.id,
      recipientId: r.id,
      kind: 'completed',
      to: r.email,
      cc: doc.cc,
      subject: tr(lang, 'email.completed.subject', { document: doc.name }),
      text: `${greet(doc, r)}\n\n${body.text}\n`,
      html: `${htmlStart(lang)}<p>${escapeHtml(greet(doc, r))}</p>${body.html}${htmlEnd(lang)}`,
    });
  }
}

/** Tells the other invited recipients that the document was rejected. Call inside a transaction. */
export async function queueRejectedNotices(store: Store, doc: DocumentRecord, recipients: readonly RecipientRecord[], by: RecipientRecord): Promise<void> {
  for (const r of recipients) {
    if (r.id === by.id || r.status === 4 || r.status === 5) continue;
    await store.history.queueEmail({
      documentId: doc.id,
      recipientId: r.id,
      kind: 'rejected',
      to: r.email,
      cc: [],
      subject: tr(doc.language, 'email.rejected.subject', { document: doc.name }),
      text: `${greet(doc, r)}\n\n${tr(doc.language, 'email.rejected.body', { who: displayName(doc, by), document: doc.name })}\n`,
      html: `${htmlStart(doc.language)}<p>${escapeHtml(greet(doc, r))}</p><p>${emphasise(tr(doc.language, 'email.rejected.body', { who: displayName(doc, by), document: doc.name }), doc.name)}</p>${htmlEnd(doc.language)}`,
    });
  }
}

/**
 * A reminder to a recipient who has not finished (automatic, email/reminders.ts, or asked for through
 * `POST /signer/{id}/send-reminder/` with the sender's `note`), in the document's language.
 */
export async function reminderEmail(
  store: Store,
  dataDir: string,
  baseUrl: string,
  doc: DocumentRecord,
  r: RecipientRecord,
  note = '',
): Promise<{ subject: string; text: string; html: string }> {
  const lang = doc.language;
  const link = signingUrl(baseUrl, r.id, mintLinkToken(dataDir, r.id, doc.id));
  const hello = greet(doc, r);
  const body = tr(lang, 'email.reminder.body', { document: doc.name });
  const personal = tr(lang, 'email.invite.personal');
  return {
    subject: tr(lang, 'email.reminder.subject', { document: doc.name }),
    text: `${hello}\n\n${note ? `${note}\n\n` : ''}${body}\n\n${tr(lang, 'email.invite.open')}\n${link}\n\n${personal}\n`,
    html:
      `${htmlStart(lang)}<p>${escapeHtml(hello)}</p>${note ? `<p>${escapeHtml(note)}</p>` : ''}<p>${emphasise(body, doc.name)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(tr(lang, 'email.reminder.link'))}</a></p><p>${escapeHtml(personal)}</p>` +
      // Tracking image: loading it reports recipient.emailOpened (email/open-tracking.ts).
      `<img src="${escapeHtml(await emailOpenUrl(store, baseUrl, r.id))}" width="1" height="1" alt="" style="display:block;border:0">${htmlEnd(lang)}`,
  };
}
