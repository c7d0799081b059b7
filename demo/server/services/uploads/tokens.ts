/**
 * Upload URL tokens: `up1.<payload>.<HMAC-SHA256>`, the payload naming the upload row and an
 * expiry. The key is derived from the data directory's token secret (like signing links), so a
 * token works only on the server that minted it. Single use is the upload row's job (a token
 * carries no state); a forged or damaged token, or an expired one, fails here before any body is read.
 */
import crypto from 'node:crypto';
import { tokenSecret } from '../../auth/component-tokens.ts';
import { ExpiredError, unauthenticated } from '../../domain/errors.ts';

const PREFIX = 'up1';
const keys = new Map<string, Buffer>();

function key(dataDir: string): Buffer {
  let k = keys.get(dataDir);
  if (!k) {
    k = crypto.createHmac('sha256', tokenSecret(dataDir)).update('esign upload-url v1').digest();
    keys.set(dataDir, k);
  }
  return k;
}

const sign = (dataDir: string, body: string) => crypto.createHmac('sha256', key(dataDir)).update(body).digest('base64url');

export function mintUploadToken(dataDir: string, uploadId: string, expiresAt: number): string {
  const body = Buffer.from(JSON.stringify({ u: uploadId, e: Math.floor(expiresAt / 1000) })).toString('base64url');
  return `${PREFIX}.${body}.${sign(dataDir, body)}`;
}

/** The upload id a token names; 401 when forged or damaged, 410 when expired. */
export function verifyUploadToken(dataDir: string, token: string, now = Date.now()): string {
  const bad = () =>
    unauthenticated('This upload URL is not valid (damaged, altered, or not from this server). Ask for a new upload URL.', 'invalid_upload_url');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || parts[1].length > 300) throw bad();
  const expected = Buffer.from(sign(dataDir, parts[1]));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw bad();
  let payload: { u?: unknown; e?: unknown };
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as typeof payload;
  } catch {
    throw bad();
  }
  if (typeof payload.u !== 'string' || typeof payload.e !== 'number') throw bad();
  if (payload.e * 1000 <= now) {
    throw new ExpiredError(
      'upload_url_expired',
      `This upload URL expired at ${new Date(payload.e * 1000).toISOString()}. Ask for a new upload URL (they live ${Math.round(UPLOAD_TTL_MS / 60000)} minutes).`,
    );
  }
  return payload.u;
}

/** How long an upload URL works: ESIGN_UPLOAD_URL_TTL_S or 15 minutes. */
export const UPLOAD_TTL_MS = (() => {
  const s = Number(process.env.ESIGN_UPLOAD_URL_TTL_S);
  return (Number.isFinite(s) && s > 0 && s <= 24 * 3600 ? s : 15 * 60) * 1000;
})();
