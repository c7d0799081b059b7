/**
 * How the one-time code events (services/signing/verification.ts) read on the final PDF's history page,
 * in the document's language like the page's other lines: every send, failure and success with the number
 * or address masked as recorded, and the method each recipient was verified by.
 */
import { directionOf } from 'esign-elements/i18n';
import type { AuditEvent } from '../../store/documents-history.ts';
import { tr } from '../../i18n/messages.ts';

export const VERIFICATION_EVENTS = new Set(['verification_code_sent', 'verification_send_failed', 'verification_failed', 'recipient_verified']);

interface Details {
  channel?: string;
  to?: string;
  reason?: string;
  method?: string;
}

/**
 * The channel's name and the masked destination. In Arabic and Hebrew the destination is wrapped in a
 * left-to-right isolate (U+2066 … U+2069): the bidi algorithm would otherwise scatter "+44 7••• ••• 123"
 * into runs read right to left (the page's bidi drawing keeps the isolate and draws no mark for it).
 */
function params(lang: string, d: Details): { method: string; to: string } {
  const to = String(d.to ?? '');
  return {
    method: tr(lang, d.channel === 'email' ? 'history.verification.email' : 'history.verification.sms'),
    to: directionOf(lang) === 'rtl' ? `\u2066${to}\u2069` : to,
  };
}

export function verificationEventText(e: AuditEvent, lang = 'en'): string | undefined {
  const d = e.details as Details;
  switch (e.event) {
    case 'verification_code_sent':
      return tr(lang, 'history.verification.sent', params(lang, d));
    case 'verification_send_failed':
      return tr(lang, 'history.verification.notSent', params(lang, d));
    case 'verification_failed':
      if (d.reason === 'expired') return tr(lang, 'history.verification.expired', params(lang, d));
      return tr(lang, d.reason === 'locked' ? 'history.verification.locked' : 'history.verification.wrong', params(lang, d));
    case 'recipient_verified':
      return d.method === 'sender' ? tr(lang, 'history.verification.sender') : tr(lang, 'history.verification.verified', params(lang, d));
    default:
      return undefined;
  }
}

/** The recipient's verification method, for its block on the history page ("Verified by SMS code sent to +44 7••• ••• 123"). */
export function verificationMethodText(events: readonly AuditEvent[], recipientId: string, lang = 'en'): { label: string; at: string } | undefined {
  const e = events.find((x) => x.event === 'recipient_verified' && x.recipientId === recipientId);
  return e && { label: verificationEventText(e, lang)!, at: e.created };
}
