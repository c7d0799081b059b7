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
import { tokenSecret } from '../documents/component-tokens.ts';
import { unauthorized } from '../../http/errors.ts';

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
}

const keys = new Map<string, Buffer>();

function linkKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = crypto.createHmac('sha256', tokenSecret(dataDir)).update('esign sign-link v1').digest();
    keys.set(dataDir, key);
  }
  return key;
}

function sign(dataDir: string, body: string): string {
  return crypto.createHmac('sha256', linkKey(dataDir)).update(body).digest('base64url');
}

export function mintLinkToken(dataDir: string, recipientId: string, documentId: string, now = Date.now(), ttlSeconds = linkTtlSeconds()): string {
  const payload: LinkPayload = { r: recipientId, d: documentId, e: Math.floor(now / 1000) + ttlSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${LINK_PREFIX}.${body}.${sign(dataDir, body)}`;
}

/** The recipient and document a link opens; 401 for a damaged, forged, foreign or expired link. */
export function verifyLinkToken(dataDir: string, token: string, recipientId: string, now = Date.now()): { recipientId: string; documentId: string; expiresAt: number } {
  const parts = token.split('.');
  const bad = () => unauthorized('This signing link is not valid (damaged or not from this server). Ask the sender for a new link.', 'invalid_link');
  if (parts.length !== 3 || parts[0] !== LINK_PREFIX || parts[1].length > 400) throw bad();
  const expected = Buffer.from(sign(dataDir, parts[1]));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw bad();
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    throw bad();
  }
  if (typeof payload.r !== 'string' || typeof payload.d !== 'string' || typeof payload.e !== 'number') throw bad();
  if (payload.r !== recipientId) throw unauthorized('This signing link belongs to another signer.', 'invalid_link');
  if (payload.e * 1000 <= now) {
    throw unauthorized(`This signing link expired at ${new Date(payload.e * 1000).toISOString()}. Ask the sender for a new link.`, 'link_expired');
  }
  return { recipientId: payload.r, documentId: payload.d, expiresAt: payload.e };
}

/** The page a signing link opens (the sign page hosting <esign-signer>); the link token travels in the fragment. */
export function signingUrl(baseUrl: string, recipientId: string, linkToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/demo/sign.html#signer=${recipientId}&link=${encodeURIComponent(linkToken)}`;
}
