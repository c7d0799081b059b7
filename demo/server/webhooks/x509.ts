/**
 * A minimal self-signed X.509 v3 certificate, DER-encoded by hand, because Node can verify and
 * parse certificates (`crypto.X509Certificate`) but cannot create them. The certificate only
 * publishes the webhook signing key: receivers take its public key and check `X-Signed-SHA256`.
 */
import { createHash, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

// ---- DER primitives (ITU-T X.690) -------------------------------------------------------------

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...items: Buffer[]): Buffer => tlv(0x30, ...items);
const set = (...items: Buffer[]): Buffer => tlv(0x31, ...items);
const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
const bool = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
const octetString = (content: Buffer): Buffer => tlv(0x04, content);
const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
/** [n] EXPLICIT, constructed context-specific tag. */
const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 + n, content);

/** A non-negative INTEGER from big-endian bytes (a leading 0 keeps it positive). */
function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, trimmed[0] & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.from([unusedBits]), content);
}

function objectIdentifier(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes = [40 * parts[0] + parts[1]];
  for (const part of parts.slice(2)) {
    const chunk = [part & 0x7f];
    for (let rest = Math.floor(part / 128); rest > 0; rest = Math.floor(rest / 128)) chunk.unshift(0x80 | (rest & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** RFC 5280: UTCTime through 2049, GeneralizedTime from 2050. */
function time(date: Date): Buffer {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = date.getUTCFullYear();
  if (year < 2050) return tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii'));
  return tlv(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}

// ---- The certificate --------------------------------------------------------------------------

const OID = {
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
} as const;

function name(commonName: string, organization: string): Buffer {
  return sequence(
    set(sequence(objectIdentifier(OID.organizationName), utf8String(organization))),
    set(sequence(objectIdentifier(OID.commonName), utf8String(commonName))),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [bool(true)] : []), octetString(value));
}

export interface SelfSignedCertificateOptions {
  privateKey: KeyObject;
  commonName: string;
  organization?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** Creates a self-signed RSA certificate (sha256WithRSAEncryption) and returns it as PEM. */
export function createSelfSignedCertificate(options: SelfSignedCertificateOptions): string {
  const { privateKey } = options;
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('the webhook signing key must be an RSA key');
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + 10 * 365 * 24 * 3600_000);
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // positive, at most 20 octets (RFC 5280 4.1.2.2)
  const algorithm = sequence(objectIdentifier(OID.sha256WithRSAEncryption), nullValue());
  const subject = name(options.commonName, options.organization ?? 'esign-elements');
  // SubjectKeyIdentifier method 1 would hash the key bits; a digest of the SPKI is as unique.
  const keyId = createHash('sha1').update(spki).digest();
  const extensions = explicit(
    3,
    sequence(
      extension(OID.basicConstraints, true, sequence()),
      // digitalSignature only: the key signs webhook bodies, nothing else.
      extension(OID.keyUsage, true, bitString(Buffer.from([0x80]), 7)),
      extension(OID.subjectKeyIdentifier, false, octetString(keyId)),
    ),
  );
  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))), // v3
    unsignedInteger(serial),
    algorithm,
    subject, // issuer = subject: self-signed
    sequence(time(notBefore), time(notAfter)),
    subject,
    spki,
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, bitString(signature));
  const base64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;
}
