/**
 * How the one-time code events (services/signing/verification.ts) read on the final PDF's history page:
 * every send, failure and success with the number or address masked as recorded, and the method each
 * recipient was verified by. English for now (the history page's other lines follow the document's language).
 */
import type { AuditEvent } from '../../store/documents-history.ts';

export const VERIFICATION_EVENTS = new Set(['verification_code_sent', 'verification_send_failed', 'verification_failed', 'recipient_verified']);

interface Details {
  channel?: string;
  to?: string;
  reason?: string;
  method?: string;
}

const by = (d: Details) => (d.channel === 'email' ? 'email' : 'SMS');

export function verificationEventText(e: AuditEvent): string | undefined {
  const d = e.details as Details;
  switch (e.event) {
    case 'verification_code_sent':
      return `One-time code sent by ${by(d)} to ${d.to}`;
    case 'verification_send_failed':
      return `One-time code could not be sent by ${by(d)} to ${d.to}`;
    case 'verification_failed':
      if (d.reason === 'expired') return `Entered an expired one-time code (${by(d)}, ${d.to})`;
      return `Entered a wrong one-time code (${by(d)}, ${d.to})${d.reason === 'locked' ? '; the code is locked' : ''}`;
    case 'recipient_verified':
      return d.method === 'sender' ? 'Identity vouched for by the sender at send (verified_by_sender)' : `Verified by ${by(d)} code sent to ${d.to}`;
    default:
      return undefined;
  }
}

/** The recipient's verification method, for its block on the history page ("Verified by SMS code sent to +44 7••• ••• 123"). */
export function verificationMethodText(events: readonly AuditEvent[], recipientId: string): { label: string; at: string } | undefined {
  const e = events.find((x) => x.event === 'recipient_verified' && x.recipientId === recipientId);
  return e && { label: verificationEventText(e)!, at: e.created };
}
