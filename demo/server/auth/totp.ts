/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s) for the second factor, through otplib, and
 * single-use recovery codes. A code is accepted one step either side of now (clock skew) and never twice:
 * the caller stores the accepted step and passes it back (`afterStep`).
 */
import crypto from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_ISSUER = 'esign-elements';

/** A new base32 secret for an authenticator app. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the enrolment QR code. */
export function totpUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  return generateURI({ issuer, label: account, secret });
}

/** The current code (tests, and the CLI's `user totp-code` for a locked-out administrator's own machine). */
export function totpCode(secret: string, at = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'format' | 'mismatch' };

/** Checks `code` against `secret`; a code of a step at or before `afterStep` (already used) is a mismatch. */
export async function checkTotp(secret: string, code: unknown, afterStep: number | null, at = Date.now()): Promise<TotpCheck> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return { ok: false, reason: 'format' };
  const epoch = Math.floor(at / 1000);
  const result = await verify({ secret, token: code.trim(), epoch, epochTolerance: 30, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  // The step the code belongs to: now's step plus the offset it matched at.
  return result.valid ? { ok: true, step: Math.floor(epoch / 30) + result.delta } : { ok: false, reason: 'mismatch' };
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like `k7pq-3mzx`, and the hashes to store (a code is shown once, then only its hash is kept). */
export function newRecoveryCodes(count = 10): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, () => {
    const chars = Array.from(crypto.randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

/** The stored form of a recovery code (typed with or without the dash, any case). */
export function recoveryHash(code: string): string {
  return crypto
    .createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .digest('hex');
}

/** The hashes left after using `code`, or null when it is not one of them. */
export function useRecoveryCode(hashes: readonly string[], code: unknown): string[] | null {
  if (typeof code !== 'string') return null;
  const hash = Buffer.from(recoveryHash(code), 'hex');
  const index = hashes.findIndex((h) => crypto.timingSafeEqual(Buffer.from(h, 'hex'), hash));
  return index < 0 ? null : hashes.filter((_, i) => i !== index);
}
