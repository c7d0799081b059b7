/**
 * Bounces reported by the mail transport become `recipient.bounced`. With SMTP the transport
 * learns of a bounce when the server refuses the message: a 5xx reply is a hard bounce, a 4xx
 * reply a soft bounce (mailbox full, greylisting, out of office), and a server that cannot be
 * reached or times out means the message is delayed (the outbox retries it). Each email reports
 * each kind at most once (the outbox retries a failing email up to ten times).
 */
import type { Store } from '../store/index.ts';
import type { QueuedEmail } from '../store/documents-history.ts';
import { documentIdOfRecipient, emitEvent } from '../webhooks/emit.ts';

export const BOUNCE = { hard: 1, soft: 2, delayed: 3 } as const;
export type BounceKind = (typeof BOUNCE)[keyof typeof BOUNCE];

const KIND_TEXT: Record<BounceKind, string> = { 1: 'hard bounce', 2: 'soft bounce', 3: 'delayed message' };

const UNREACHABLE = new Set(['ETIMEDOUT', 'ECONNECTION', 'ECONNREFUSED', 'ESOCKET', 'EDNS', 'ECONNRESET', 'EHOSTUNREACH']);

/** What an SMTP failure means for the recipient, or null when it is not about delivery (e.g. a bad address format). */
export function classifySmtpFailure(error: unknown): { kind: BounceKind; message: string } | null {
  const e = (error ?? {}) as { responseCode?: number; response?: string; code?: string; message?: string };
  const detail = (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { kind: BOUNCE.hard, message: `${KIND_TEXT[1]}: ${detail}` };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return { kind: BOUNCE.soft, message: `${KIND_TEXT[2]}: ${detail}` };
  if (e.code && UNREACHABLE.has(e.code)) return { kind: BOUNCE.delayed, message: `${KIND_TEXT[3]}: ${detail}` };
  return null;
}

/**
 * Records a bounce of `email` (history entry + `recipient.bounced`) unless this email already
 * reported this kind. Returns whether an event was written. Never throws for an email that is not
 * addressed to a recipient of an existing document.
 */
export async function reportBounce(
  store: Store,
  email: Pick<QueuedEmail, 'id' | 'documentId' | 'recipientId'>,
  kind: BounceKind,
  message: string,
): Promise<boolean> {
  if (!email.documentId || !email.recipientId) return false;
  return await store.transaction(async () => {
    if ((await documentIdOfRecipient(store, email.recipientId!)) !== email.documentId) return false;
    if (!(await store.webhooks.claimBounceReport(email.id, kind, Date.now()))) return false;
    await store.history.record(
      email.documentId!,
      'recipient_email_bounced',
      { type: 'system', id: '', label: 'mail transport', ip: '', userAgent: '' },
      { kind: KIND_TEXT[kind], message },
      email.recipientId,
    );
    await emitEvent(store, {
      object: 'recipient',
      event: 'bounced',
      documentId: email.documentId!,
      recipientId: email.recipientId!,
      emailBounce: kind,
      emailBounceMessage: message,
    });
    return true;
  });
}

/** For the mail transport's failure path: classify and report; never throws. */
export async function reportEmailFailure(
  store: Store,
  email: Pick<QueuedEmail, 'id' | 'documentId' | 'recipientId'>,
  error: unknown,
  log?: (error: unknown) => void,
): Promise<void> {
  try {
    const bounce = classifySmtpFailure(error);
    if (bounce) await reportBounce(store, email, bounce.kind, bounce.message);
  } catch (failure) {
    log?.(failure);
  }
}
