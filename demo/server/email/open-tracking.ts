/**
 * "Email opened" through a tracking image in invitation emails: the image URL carries the
 * recipient id and an HMAC of it, so only URLs this server put in an email count. Loading it moves
 * the recipient to 15 ("email opened") when the transition table allows it, records the history
 * entry and emits `recipient.emailOpened` (once per recipient) in one transaction. The answer is
 * always the same 1×1 GIF, so the URL reveals nothing about recipients (routes/email-open.ts serves it).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/index.ts';
import { canRecipient, recipientTransition } from '../domain/statuses.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { ensureSigningIdentity } from '../webhooks/settings.ts';

/** A 1×1 transparent GIF. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Secret for tracking tokens, derived from the installation's webhook signing key (stable, per installation). */
function trackingSecret(store: Store): Buffer {
  ensureSigningIdentity(store); // normally made at start-up; made here if this process never started the app
  const key = store.webhooks.signingKey()!;
  return createHash('sha256').update('esign email-open tracking\0').update(key.privateKeyPem).digest();
}

export function emailOpenToken(store: Store, recipientId: string): string {
  return createHmac('sha256', trackingSecret(store)).update(`open:${recipientId}`).digest('base64url').slice(0, 32);
}

/** The absolute URL of a recipient's tracking image, for the invitation email's HTML. */
export function emailOpenUrl(store: Store, baseUrl: string, recipientId: string): string {
  return `${baseUrl}/api/v1/email-open/${encodeURIComponent(recipientId)}/${emailOpenToken(store, recipientId)}/`;
}

/** Whether `token` is the one this server wrote for the recipient (constant-time). */
export function tokenMatches(store: Store, recipientId: string, token: string): boolean {
  const expected = Buffer.from(emailOpenToken(store, recipientId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Records the opening; returns whether anything was recorded. */
export function recordEmailOpened(store: Store, recipientId: string, client: { ip: string; userAgent: string }): boolean {
  const { documents, history } = store;
  return store.transaction(() => {
    const recipient = documents.recipient(recipientId);
    if (!recipient || !canRecipient(recipient.status, 'email_opened')) return false;
    const to = recipientTransition(recipient.status, 'email_opened');
    if (to !== recipient.status) documents.setRecipientStatus(recipient.id, to);
    history.record(
      recipient.documentId,
      'recipient_email_opened',
      { type: 'recipient', id: recipient.id, label: `${recipient.firstname} ${recipient.lastname} <${recipient.email}>`, ...client },
      { status: to },
      recipient.id,
    );
    emitEvent(store, { object: 'recipient', event: 'emailOpened', documentId: recipient.documentId, recipientId: recipient.id });
    return true;
  });
}
