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
async function deriveTrackingSecret(store: Store): Promise<Buffer> {
  // Normally made at start-up; made here if this process never started the app.
  const key = (await store.webhooks.signingKey()) ?? (await ensureSigningIdentity(store), (await store.webhooks.signingKey())!);
  return createHash('sha256').update('esign email-open tracking\0').update(key.privateKeyPem).digest();
}

/**
 * Once per store: the signing key is never replaced once made, and every invitation asks. (Each used to
 * read the key twice and parse and check it as an RSA key and certificate: about a tenth of a send.)
 */
const trackingSecrets = new WeakMap<Store, Promise<Buffer>>();
function trackingSecret(store: Store): Promise<Buffer> {
  let secret = trackingSecrets.get(store);
  if (!secret) {
    secret = deriveTrackingSecret(store);
    trackingSecrets.set(store, secret);
    secret.catch(() => trackingSecrets.delete(store)); // a store closing meanwhile: not remembered
  }
  return secret;
}

export async function emailOpenToken(store: Store, recipientId: string): Promise<string> {
  return createHmac('sha256', await trackingSecret(store))
    .update(`open:${recipientId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The absolute URL of a recipient's tracking image, for the invitation email's HTML. */
export async function emailOpenUrl(store: Store, baseUrl: string, recipientId: string): Promise<string> {
  return `${baseUrl}/api/v1/email-open/${encodeURIComponent(recipientId)}/${await emailOpenToken(store, recipientId)}/`;
}

/**
 * An email's HTML without its tracking image, for anyone but its recipient (the sender reading the outbox):
 * their mail client or page loading it would record the recipient as having opened the email.
 */
export function withoutTrackingImage(html: string): string {
  return html.replace(/<img\b[^>]*\/api\/v1\/email-open\/[^>]*>/g, '');
}

/** Whether `token` is the one this server wrote for the recipient (constant-time). */
export async function tokenMatches(store: Store, recipientId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await emailOpenToken(store, recipientId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Records the opening; returns whether anything was recorded. */
export async function recordEmailOpened(store: Store, recipientId: string, client: { ip: string; userAgent: string }): Promise<boolean> {
  const { documents, history } = store;
  return await store.transaction(async () => {
    const recipient = await documents.recipient(recipientId);
    if (!recipient || !canRecipient(recipient.status, 'email_opened')) return false;
    const to = recipientTransition(recipient.status, 'email_opened');
    if (to !== recipient.status) await documents.setRecipientStatus(recipient.id, to);
    await history.record(
      recipient.documentId,
      'recipient_email_opened',
      { type: 'recipient', id: recipient.id, label: `${recipient.firstname} ${recipient.lastname} <${recipient.email}>`, ...client },
      { status: to },
      recipient.id,
    );
    await emitEvent(store, { object: 'recipient', event: 'emailOpened', documentId: recipient.documentId, recipientId: recipient.id });
    return true;
  });
}
