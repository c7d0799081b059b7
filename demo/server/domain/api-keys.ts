/**
 * API key formats. New scheme: `ak_<env>_<key-id>.<secret>` (env sandbox|production,
 * key-id 16 hex chars, secret 43 base64url chars = 256 bits). Legacy keys: 40 lowercase
 * hex chars (160 bits), the shape older integrations hold. Only SHA-256 of the secret is
 * stored: the secrets are random and long, so a slow hash adds nothing but latency.
 */
import crypto from 'node:crypto';

export type KeyEnv = 'sandbox' | 'production';

export type ParsedKey = { scheme: 'new'; env: KeyEnv; keyId: string; secret: string } | { scheme: 'legacy'; key: string };

const NEW_KEY = /^ak_(sandbox|production)_([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;
const LEGACY_KEY = /^[0-9a-f]{40}$/;

export function parseApiKey(value: string): ParsedKey | undefined {
  const match = value.match(NEW_KEY);
  if (match) return { scheme: 'new', env: match[1] as KeyEnv, keyId: match[2]!, secret: match[3]! };
  if (LEGACY_KEY.test(value)) return { scheme: 'legacy', key: value };
  return undefined;
}

/** True for strings shaped like an API key (either scheme); component tokens are not. */
export function looksLikeApiKey(value: string): boolean {
  return parseApiKey(value) !== undefined || value.startsWith('ak_');
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function generateNewKey(env: KeyEnv): { key: string; keyId: string; secretHash: string } {
  const keyId = crypto.randomBytes(8).toString('hex');
  const secret = crypto.randomBytes(32).toString('base64url');
  return { key: `ak_${env}_${keyId}.${secret}`, keyId, secretHash: hashSecret(secret) };
}

export function generateLegacyKey(): { key: string; keyId: string; secretHash: string } {
  const key = crypto.randomBytes(20).toString('hex');
  // The stored id is random, not derived from the key, so the database holds nothing of it.
  return { key, keyId: `legacy-${crypto.randomBytes(8).toString('hex')}`, secretHash: hashSecret(key) };
}
