/**
 * Signing links: the link in an invitation email (and from GET /api/v1/signer/{id}/sign-link/)
 * carries a link token, exchanged at a public route for a short-lived signer component token.
 *
 * Why not put a component token in the email: those live 15 minutes; a link must work for days.
 * Link tokens are HMAC-SHA256 over a small JSON payload with a key derived from the data
 * directory's component-token secret (so a link never works on another server and can never be
 * mistaken for a component token), made synchronously so they can be minted inside the
 * transaction that queues the email. The exchange re-checks everything a link cannot know:
 * the recipient and document still exist, the document is not removed.
 */
import crypto from 'node:crypto';
import { tokenSecret } from './component-tokens.ts';
import { unauthenticated } from '../domain/errors.ts';

export const LINK_PREFIX = 'sl1';
/** Default link lifetime: ESIGN_SIGN_LINK_TTL_DAYS or 30 days. */
export function linkTtlSeconds(): number {
  const days = Number(process.env.ESIGN_SIGN_LINK_TTL_DAYS);
  return (Number.isFinite(days) && days > 0 && days <= 365 ? days : 30) * 24 * 3600;
}

interface LinkPayload {
  /** Recipient (signer) id. */
  r: string;
  /** Document id. */
  d: string;
  /** Expiry, seconds since the epoch. */
  e: number;
  /** Review links only: the reviewer's email. */
  v?: string;
}

/**
 * What a link opens: `sign` (the signing page) or `review` (a reviewer's read-only view). Each has its
 * own prefix and its own derived key, so a review link can never be exchanged as a signing link.
 */
type LinkPurpose = 'sign' | 'review';
const PREFIXES: Record<LinkPurpose, string> = { sign: LINK_PREFIX, review: 'rl1' };
const keys = new Map<string, Buffer>();

function linkKey(dataDir: string, purpose: LinkPurpose): Buffer {
  let key = keys.get(`${purpose}:${dataDir}`);
  if (!key) {
    key = crypto.createHmac('sha256', tokenSecret(dataDir)).update(`esign ${purpose}-link v1`).digest();
    keys.set(`${purpose}:${dataDir}`, key);
  }
  return key;
}

function sign(dataDir: string, body: string, purpose: LinkPurpose = 'sign'): string {
  return crypto.createHmac('sha256', linkKey(dataDir, purpose)).update(body).digest('base64url');
}

export function mintLinkToken(dataDir: string, recipientId: string, documentId: string, now = Date.now(), ttlSeconds = linkTtlSeconds()): string {
  const payload: LinkPayload = { r: recipientId, d: documentId, e: Math.floor(now / 1000) + ttlSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${LINK_PREFIX}.${body}.${sign(dataDir, body)}`;
}

/** The recipient and document a link opens; 401 for a damaged, forged, foreign or expired link. */
export function verifyLinkToken(
  dataDir: string,
  token: string,
  recipientId: string,
  now = Date.now(),
): { recipientId: string; documentId: string; expiresAt: number } {
  const { payload: _payload, ...link } = verifyLink(dataDir, token, recipientId, now, 'sign');
  return link;
}

function verifyLink(
  dataDir: string,
  token: string,
  recipientId: string,
  now: number,
  purpose: LinkPurpose,
): { recipientId: string; documentId: string; expiresAt: number; payload: LinkPayload } {
  const parts = token.split('.');
  const what = purpose === 'sign' ? 'signing' : 'review';
  const bad = () => unauthenticated(`This ${what} link is not valid (damaged or not from this server). Ask the sender for a new link.`, 'invalid_link');
  if (parts.length !== 3 || parts[0] !== PREFIXES[purpose] || parts[1].length > 600) throw bad();
  const expected = Buffer.from(sign(dataDir, parts[1], purpose));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw bad();
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    throw bad();
  }
  if (typeof payload.r !== 'string' || typeof payload.d !== 'string' || typeof payload.e !== 'number') throw bad();
  if (payload.r !== recipientId) throw unauthenticated(`This ${what} link belongs to another signer.`, 'invalid_link');
  if (payload.e * 1000 <= now) {
    throw unauthenticated(`This ${what} link expired at ${new Date(payload.e * 1000).toISOString()}. Ask the sender for a new link.`, 'link_expired');
  }
  return { recipientId: payload.r, documentId: payload.d, expiresAt: payload.e, payload };
}

/**
 * A reviewer's link: opens a read-only view of the document of recipient `recipientId` (whose
 * reviewer it is; for a document-level reviewer, the document's first recipient) for `reviewer`.
 */
export function mintReviewLinkToken(
  dataDir: string,
  recipientId: string,
  documentId: string,
  reviewer: string,
  now = Date.now(),
  ttlSeconds = linkTtlSeconds(),
): string {
  const payload: LinkPayload = { r: recipientId, d: documentId, e: Math.floor(now / 1000) + ttlSeconds, v: reviewer };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${PREFIXES.review}.${body}.${sign(dataDir, body, 'review')}`;
}

/** The recipient, document and reviewer (email) a review link opens; 401 like a signing link. */
export function verifyReviewLinkToken(
  dataDir: string,
  token: string,
  recipientId: string,
  now = Date.now(),
): { recipientId: string; documentId: string; expiresAt: number; reviewer: string } {
  const link = verifyLink(dataDir, token, recipientId, now, 'review');
  if (typeof link.payload.v !== 'string') throw unauthenticated('This review link is not valid. Ask the sender for a new link.', 'invalid_link');
  return { recipientId: link.recipientId, documentId: link.documentId, expiresAt: link.expiresAt, reviewer: link.payload.v };
}

/** The read-only page a review link opens (<esign-viewer>); the link token travels in the fragment. */
export function reviewUrl(baseUrl: string, recipientId: string, linkToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/demo/review.html?signer=${recipientId}#link=${encodeURIComponent(linkToken)}`;
}

/** The page a signing link opens (the sign page hosting <esign-signer>); the link token travels in the fragment. */
export function signingUrl(baseUrl: string, recipientId: string, linkToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/demo/sign.html?signer=${recipientId}#link=${encodeURIComponent(linkToken)}`;
}
