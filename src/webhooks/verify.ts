/// <reference types="node" />
/**
 * Checks the signatures of a webhook request from an esign-elements server, for receivers that
 * run in Node. Pass the raw request body exactly as received (before any JSON parsing): both
 * signatures cover those bytes.
 *
 * - `X-Signed-SHA256`: base64 RSA-SHA256 signature of the body; verified with the server's
 *   certificate (PEM from `GET {endpoint}/api/v1/webhook-certificate/`).
 * - `X-HMAC-SHA256`: hex HMAC-SHA256 of the body with the secret given at registration.
 */
import { createHmac, createPublicKey, timingSafeEqual, verify, X509Certificate, type KeyObject } from 'node:crypto';

export type SignatureCheck = 'valid' | 'invalid' | 'missing' | 'not-checked';

export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookInput {
  /** The raw body, byte for byte. */
  body: string | Uint8Array;
  headers: WebhookHeaders;
  /** The server's certificate (PEM or parsed), or its public key (PEM or KeyObject). */
  certificate?: string | X509Certificate | KeyObject;
  /** The registration's HMAC secret. */
  hmacSecret?: string;
}

export interface VerifyWebhookResult {
  /** True when every check you asked for (certificate and/or secret) passed. */
  ok: boolean;
  signature: SignatureCheck;
  hmac: SignatureCheck;
  /** Why `ok` is false, in words. */
  reason?: string;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function publicKeyOf(certificate: string | X509Certificate | KeyObject): KeyObject {
  if (certificate instanceof X509Certificate) return certificate.publicKey;
  if (typeof certificate === 'string') {
    return certificate.includes('BEGIN CERTIFICATE') ? new X509Certificate(certificate).publicKey : createPublicKey(certificate);
  }
  return certificate.type === 'public' ? certificate : createPublicKey(certificate);
}

function bytesOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function checkSignature(body: Buffer, value: string | undefined, certificate: VerifyWebhookInput['certificate']): SignatureCheck {
  if (!certificate) return 'not-checked';
  if (!value) return 'missing';
  // Node's base64 decoder skips characters outside the alphabet and ignores stray bits: read strictly,
  // so only the exact encoding the server produced is accepted, not altered copies of it.
  const text = value.trim();
  const signature = Buffer.from(text, 'base64');
  if (signature.length === 0 || signature.toString('base64') !== text) return 'invalid';
  try {
    return verify('sha256', body, publicKeyOf(certificate), signature) ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

function checkHmac(body: Buffer, value: string | undefined, secret: string | undefined): SignatureCheck {
  if (!secret) return 'not-checked';
  if (!value) return 'missing';
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = /^[0-9a-f]{64}$/i.test(value.trim()) ? Buffer.from(value.trim(), 'hex') : Buffer.alloc(0);
  // Constant-time compare; a wrong-length value is simply invalid.
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}

export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  if (!input.certificate && !input.hmacSecret) {
    throw new TypeError('verifyWebhook needs a certificate, an hmacSecret, or both');
  }
  const body = bytesOf(input.body);
  const signature = checkSignature(body, header(input.headers, 'x-signed-sha256'), input.certificate);
  const hmac = checkHmac(body, header(input.headers, 'x-hmac-sha256'), input.hmacSecret);
  const problems: string[] = [];
  if (signature === 'missing') problems.push('the X-Signed-SHA256 header is missing');
  if (signature === 'invalid') problems.push('X-Signed-SHA256 does not match the body and certificate');
  if (hmac === 'missing') problems.push('the X-HMAC-SHA256 header is missing');
  if (hmac === 'invalid') problems.push('X-HMAC-SHA256 does not match the body and secret');
  return problems.length === 0 ? { ok: true, signature, hmac } : { ok: false, signature, hmac, reason: problems.join('; ') };
}
