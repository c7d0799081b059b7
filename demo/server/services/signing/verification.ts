/**
 * One-time codes before signing (issue 29; docs/decisions/signing.md). A recipient sent with `sms`
 * (stored as `tel`) proves control of that number before its fields open for signing: save and
 * complete are refused until a code sent there is entered. Codes are 6 digits from crypto.randomInt,
 * valid 10 minutes, kept only as an HMAC-SHA-256 under a key derived from the data directory's
 * component-token secret, and never logged; 5 wrong tries lock a code; at most 5 sends per
 * recipient per hour, 30 s apart. Every send, failure and check goes into the document's history
 * with the number masked.
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import type { VerificationChannel, VerifiedHow } from '../../store/verifications.ts';
import { ExpiredError, ForbiddenError, RateLimitedError, UnavailableError, conflict, unprocessable, invalidInput } from '../../domain/errors.ts';
import type { SmsDelivery } from '../../email/sms-delivery.ts';
import { verificationNow } from './verification-clock.ts';
import { tr } from '../../i18n/messages.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const MAX_SENDS_PER_HOUR = 5;
export const RESEND_AFTER_MS = 30_000;
const HOUR_MS = 60 * 60_000;

export interface VerificationDeps {
  store: Store;
  sms: SmsDelivery;
  /** The server secret the code HMAC key is derived from. */
  secret: Uint8Array;
}

/** `+447700900123` → `+44 7••• ••• 123`: the country code, the first and the last three digits. */
export function maskPhone(tel: string): string {
  const digits = tel.replace(/\D/g, '');
  if (digits.length < 7) return '•'.repeat(digits.length);
  const plus = tel.trim().startsWith('+');
  const cc = plus ? digits.slice(0, digits.length > 11 ? 2 : 1) : '';
  const rest = digits.slice(cc.length);
  const hidden = rest.length - 4;
  const dots = '•'.repeat(hidden).replace(/(•{3})(?=•)/g, '$1 ');
  return `${plus ? `+${cc} ` : ''}${rest[0]}${dots} ${rest.slice(-3)}`;
}

/** `ann@example.com` → `a••@example.com`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, local.length - 1))}@${domain}`;
}

function codeHash(secret: Uint8Array, codeId: string, code: string): string {
  const key = crypto.createHmac('sha256', secret).update('esign one-time codes v1').digest();
  return crypto.createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');
}

export interface VerificationState {
  /** The channel this recipient must verify by, null when none is asked. */
  required: VerificationChannel | null;
  verified: boolean;
  verifiedAt: string | null;
  method: VerifiedHow | null;
  /** Where codes go, masked. */
  destination: string;
  /** The newest code, while one may still be entered (sent, not used, not expired, not locked). */
  code: { expiresAt: string; triesLeft: number } | null;
  /** Seconds before another code may be sent (0: now). */
  resendIn: number;
}

export async function verificationState(store: Store, recipient: RecipientRecord, now = verificationNow(recipient.id)): Promise<VerificationState> {
  const row = await store.verifications.state(recipient.id);
  const required = row?.requiredChannel ?? (recipient.tel ? 'sms' : null);
  const verified = required === null || row?.verifiedMs != null;
  let code: VerificationState['code'] = null;
  let resendIn = 0;
  if (required && !verified) {
    const latest = await store.verifications.latestCode(recipient.id);
    if (latest && latest.usedMs === null && latest.attempts < MAX_WRONG_TRIES && now < latest.expiresMs)
      code = { expiresAt: new Date(latest.expiresMs).toISOString(), triesLeft: MAX_WRONG_TRIES - latest.attempts };
    resendIn = Math.ceil(resendWaitMs(await store.verifications.sentSince(recipient.id, now - HOUR_MS), now) / 1000);
  }
  return {
    required,
    verified,
    verifiedAt: row?.verifiedMs != null ? new Date(row.verifiedMs).toISOString() : null,
    method: row?.verifiedHow ?? null,
    destination: required === 'sms' ? maskPhone(recipient.tel) : required === 'email' ? maskEmail(recipient.email) : '',
    code,
    resendIn,
  };
}

/** How long before the next send: 5 an hour, 30 s apart. `sent`: the send times of the last hour, oldest first. */
function resendWaitMs(sent: number[], now: number): number {
  const last = sent.at(-1);
  if (sent.length >= MAX_SENDS_PER_HOUR) return Math.max(0, sent[sent.length - MAX_SENDS_PER_HOUR]! + HOUR_MS - now);
  return last !== undefined && now - last < RESEND_AFTER_MS ? last + RESEND_AFTER_MS - now : 0;
}

/**
 * At send: the recipients asked to verify by email (the send's `email_verification`, or its group's default) get
 * that channel unless they have a number (sms wins); those the sender vouches for (`verified_by_sender`) are
 * verified at once, method `sender`, in the history.
 */
export async function applySendVerification(
  store: Store,
  documentId: string,
  recipients: readonly { id: string; tel: string; emailVerification: boolean; verifiedBySender: boolean }[],
  actor: AuditActor,
  now = Date.now(),
): Promise<void> {
  for (const r of recipients) {
    if (r.emailVerification && !r.tel) await store.verifications.requireChannel(r.id, 'email');
    if (r.verifiedBySender && (r.tel || r.emailVerification)) {
      await store.verifications.markVerified(r.id, 'sender', now);
      await store.history.record(documentId, 'recipient_verified', actor, { channel: r.tel ? 'sms' : 'email', method: 'sender' }, r.id);
    }
  }
}

/** Save and complete call this first: a recipient asked to verify may not touch its fields before. */
export async function assertVerified(store: Store, recipient: RecipientRecord): Promise<void> {
  const state = await verificationState(store, recipient);
  if (state.verified) return;
  throw new ForbiddenError(
    'verification_required',
    `This recipient must enter the one-time code sent to ${state.destination} before signing: POST /api/v1/signer/${recipient.id}/verification/send/, then /verification/check/ with the code.`,
  );
}

export interface SentCode {
  channel: VerificationChannel;
  to: string;
  expiresAt: string;
  /** Seconds before another code may be asked for. */
  resendIn: number;
}

export type Deliver = (channel: VerificationChannel, text: string) => Promise<{ ok: true } | { ok: false; error: string }>;

export async function sendCode(
  deps: VerificationDeps,
  document: DocumentRecord,
  recipient: RecipientRecord,
  actor: AuditActor,
  deliver: Deliver,
  now = verificationNow(recipient.id),
): Promise<SentCode> {
  const { store } = deps;
  const state = await verificationState(store, recipient, now);
  if (!state.required) throw conflict('This recipient was sent without verification: there is no code to send.', 'verification_not_required');
  if (state.verified) throw conflict('This recipient is already verified.', 'already_verified');
  const wait = resendWaitMs(await store.verifications.sentSince(recipient.id, now - HOUR_MS), now);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new RateLimitedError('code_throttled', `A code was sent recently; another can be sent in ${seconds} s.`, seconds);
  }
  const channel = state.required;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = crypto.randomUUID();
  // In the document's language, the code first (phones offer a code at the start of a message to fill in).
  const text = tr(document.language, 'code.sms', { code, document: document.name });
  const result = await deliver(channel, text);
  const details = { channel, to: state.destination };
  if (!result.ok) {
    // The recipient keeps its place (nothing else changes); the sender sees the failure in the history.
    await store.history.record(document.id, 'verification_send_failed', actor, { ...details, error: result.error }, recipient.id);
    throw new UnavailableError(
      'code_not_sent',
      `The code could not be sent to ${state.destination}; try again in a moment, or ask the sender to check the number.`,
    );
  }
  await store.verifications.addCode({
    id,
    recipientId: recipient.id,
    channel,
    codeHash: codeHash(deps.secret, id, code),
    createdMs: now,
    expiresMs: now + CODE_TTL_MS,
  });
  await store.history.record(document.id, 'verification_code_sent', actor, details, recipient.id);
  return { channel, to: state.destination, expiresAt: new Date(now + CODE_TTL_MS).toISOString(), resendIn: RESEND_AFTER_MS / 1000 };
}

export async function checkCode(
  deps: VerificationDeps,
  document: DocumentRecord,
  recipient: RecipientRecord,
  code: string,
  actor: AuditActor,
  now = verificationNow(recipient.id),
): Promise<VerificationState> {
  const { store } = deps;
  const state = await verificationState(store, recipient, now);
  if (!state.required) throw conflict('This recipient was sent without verification.', 'verification_not_required');
  if (state.verified) return state;
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed))
    throw invalidInput('The code is the 6 digits of the message.', [{ field: 'code', message: 'must be 6 digits' }], 'bad_code_format');
  const latest = await store.verifications.latestCode(recipient.id);
  const details = { channel: state.required, to: state.destination };
  if (!latest || latest.usedMs !== null) throw conflict('No code is waiting: ask for a code first.', 'no_code');
  if (latest.attempts >= MAX_WRONG_TRIES) throw new ForbiddenError('code_locked', 'Too many wrong tries: this code is locked. Ask for a new code.');
  if (now >= latest.expiresMs) {
    await store.history.record(document.id, 'verification_failed', actor, { ...details, reason: 'expired' }, recipient.id);
    throw new ExpiredError('code_expired', 'This code has expired (codes last 10 minutes). Ask for a new code.');
  }
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.secret, latest.id, typed), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const tries = await store.verifications.addAttempt(latest.id);
    const left = Math.max(0, MAX_WRONG_TRIES - tries);
    await store.history.record(document.id, 'verification_failed', actor, { ...details, reason: left === 0 ? 'locked' : 'wrong_code' }, recipient.id);
    if (left === 0) throw new ForbiddenError('code_locked', 'Too many wrong tries: this code is locked. Ask for a new code.');
    throw unprocessable(
      `That code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      [{ field: 'code', message: `wrong code, ${left} left` }],
      'wrong_code',
    );
  }
  if (!(await store.verifications.useCode(latest.id, now))) throw conflict('No code is waiting: ask for a code first.', 'no_code');
  await store.verifications.markVerified(recipient.id, state.required, now);
  await store.history.record(document.id, 'recipient_verified', actor, { ...details, method: state.required }, recipient.id);
  return await verificationState(store, recipient, now);
}
