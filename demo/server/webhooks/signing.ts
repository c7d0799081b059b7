/**
 * Request signatures: `X-Signed-SHA256` (base64 RSA-SHA256 of the raw body with the server's
 * key, checked against the published certificate) and, when the registration has a secret,
 * `X-HMAC-SHA256` (hex HMAC-SHA256 of the raw body).
 */
import { createHmac, createPrivateKey, generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { createSelfSignedCertificate } from './x509.ts';

export const SIGNATURE_HEADER = 'X-Signed-SHA256';
export const HMAC_HEADER = 'X-HMAC-SHA256';

export interface SigningIdentity {
  privateKey: KeyObject;
  /** PEM certificate whose public key verifies `X-Signed-SHA256`. */
  certificatePem: string;
  /** SHA-256 fingerprint of the certificate, colon-separated hex (as openssl prints it). */
  fingerprint256: string;
}

export interface StoredSigningIdentity {
  privateKeyPem: string;
  certificatePem: string;
}

/** A new 2048-bit RSA key and its self-signed certificate (valid ten years). */
export function generateSigningIdentity(commonName = 'esign-elements webhook signing'): StoredSigningIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificatePem = createSelfSignedCertificate({ privateKey, commonName });
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, certificatePem };
}

export function loadSigningIdentity(stored: StoredSigningIdentity): SigningIdentity {
  const privateKey = createPrivateKey(stored.privateKeyPem);
  const certificate = new X509Certificate(stored.certificatePem);
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error('the webhook certificate does not belong to the webhook signing key');
  }
  return { privateKey, certificatePem: stored.certificatePem, fingerprint256: certificate.fingerprint256 };
}

export function signBody(body: string | Uint8Array, privateKey: KeyObject): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body, 'utf8') : body, privateKey).toString('base64');
}

export function hmacBody(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The headers of one webhook request for this exact body. */
export function signatureHeaders(body: string, identity: SigningIdentity, hmacSecret?: string | null): Record<string, string> {
  const headers: Record<string, string> = { [SIGNATURE_HEADER]: signBody(body, identity.privateKey) };
  if (hmacSecret) headers[HMAC_HEADER] = hmacBody(body, hmacSecret);
  return headers;
}
