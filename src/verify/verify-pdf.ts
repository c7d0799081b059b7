/// <reference types="node" />
/**
 * Checks the seal of a PDF produced by an esign-elements server, offline (Node only): every
 * signature's byte ranges are hashed and compared with the CMS's message digest, the CMS signature
 * is checked with the signer's certificate, and the file is checked for revisions appended after
 * the seal. Works on encrypted PDFs without their password: /ByteRange and /Contents are never
 * encrypted.
 *
 * Verdicts: `sealed` (signed by a trusted certificate, unchanged since), `modified` (a revision was
 * appended after the seal), `broken_signature` (the signed bytes or the signature do not match),
 * `other_signer` (valid signature by a certificate you did not name), `not_sealed` (no
 * signature), `truncated` (the file is cut short), `not_pdf`. Never throws on bad input.
 */
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export type SealVerdict = 'sealed' | 'modified' | 'broken_signature' | 'other_signer' | 'not_sealed' | 'truncated' | 'not_pdf';

export interface PdfSignatureReport {
  /** 1-based, in file order. */
  index: number;
  byteRange: number[];
  subFilter: string;
  /** The revision (1-based, counting `%%EOF` markers) this signature signs up to. */
  revision: number;
  /** The signed bytes hash to the CMS's message digest and the signature verifies with the signer's certificate. */
  valid: boolean;
  /** The signer's certificate is one of `trusted` (undefined when no trust list was given). */
  trusted?: boolean;
  signer?: { commonName: string; subject: string; fingerprint: string; notBefore: string; notAfter: string };
  /** The RFC 3161 signature timestamp's time (PAdES B-T), when there is one and it matches the signature. */
  timestamp?: string;
  /** Why it is not valid. */
  problem?: string;
}

export interface SealVerification {
  /** True only for `sealed`. */
  ok: boolean;
  verdict: SealVerdict;
  /** One sentence for people. */
  message: string;
  /** SHA-256 (hex) of the whole file. */
  sha256: string;
  /** SHA-256 (hex) of the file up to the end of the seal's revision: what the server recorded when it sealed it. */
  sealedSha256?: string;
  /** Number of revisions (`%%EOF` markers) in the file. */
  revisions: number;
  /** The revision the seal closes. */
  sealedRevision?: number;
  /** The first revision added after the seal (verdict `modified`). */
  changedRevision?: number;
  signatures: PdfSignatureReport[];
}

export interface VerifyPdfOptions {
  /**
   * The sealing certificates you trust: PEM, DER, or SHA-256 fingerprints (hex, colons optional),
   * e.g. your server's from `GET /api/v1/verify/certificate/`. Without it, a valid signature is
   * `sealed` whoever signed it: compare `signatures[i].signer.fingerprint` yourself.
   */
  trusted?: (string | Uint8Array)[];
}

const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const SIGNED_DATA = '1.2.840.113549.1.7.2';
const DATA = '1.2.840.113549.1.7.1';
const TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const HASHES: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '1.3.14.3.2.26': 'sha1',
};

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function normaliseFingerprint(value: string): string {
  return value.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

/** Fingerprints (lower-case hex, no colons) of the trusted certificates. */
function trustedFingerprints(trusted: (string | Uint8Array)[]): Set<string> {
  const out = new Set<string>();
  for (const entry of trusted) {
    try {
      if (typeof entry === 'string' && !entry.includes('-----BEGIN')) out.add(normaliseFingerprint(entry));
      else out.add(sha256Hex(new Uint8Array(new X509Certificate(entry as string | Buffer).raw)));
    } catch {
      // An unreadable entry trusts nothing.
    }
  }
  return out;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Offsets just past each `%%EOF` (and its end-of-line): where each revision ends. */
function revisionEnds(text: string): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(/%%EOF(\r\n|\r|\n)?/g)) ends.push(m.index + m[0].length);
  return ends;
}

function revisionOf(ends: number[], offset: number): number {
  const i = ends.findIndex((end) => end >= offset - 2);
  return i === -1 ? ends.length + 1 : i + 1;
}

interface FoundSignature {
  byteRange: number[];
  subFilter: string;
}

function findSignatures(text: string): FoundSignature[] {
  const found: FoundSignature[] = [];
  for (const m of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    // The signature dictionary around it: far enough either way for /SubFilter, not into other objects.
    const start = Math.max(text.lastIndexOf('obj', m.index), 0);
    const end = text.indexOf('endobj', m.index);
    const dict = text.slice(start, end === -1 ? m.index + 200 : Math.min(end, m.index + 100_000));
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dict)?.[1] ?? '';
    found.push({ byteRange: m.slice(1, 5).map(Number), subFilter });
  }
  return found;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function certificateInfo(cert: X509Certificate): PdfSignatureReport['signer'] {
  return {
    commonName: /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1] ?? '',
    subject: cert.subject.replace(/\n/g, ', '),
    fingerprint: cert.fingerprint256,
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
  };
}

/**
 * Checks signer 0 of a SignedData over `content` (the bytes it signs): message digest and signature
 * with the signer's certificate from the SignedData. Returns the certificate, or the problem.
 */
/** The hash an ESS signing-certificate-v2 attribute gives for the signer's certificate (its first ESSCertIDv2). */
function pinnedCertificateHash(attribute: pkijs.Attribute | undefined): { hash: string; value: Buffer } | undefined {
  if (!attribute) return undefined;
  const children = (block: unknown) => ((block as asn1js.Sequence | undefined)?.valueBlock.value ?? []) as asn1js.AsnType[];
  const id = children(children(children(attribute.values[0])[0])[0]);
  const [first, second] = id;
  const octets = first instanceof asn1js.OctetString ? first : second;
  if (!(octets instanceof asn1js.OctetString)) throw new Error('The signing-certificate attribute is malformed.');
  const algorithm = first instanceof asn1js.Sequence ? (children(first)[0] as asn1js.ObjectIdentifier).valueBlock.toString() : '2.16.840.1.101.3.4.2.1';
  const hash = HASHES[algorithm];
  if (!hash) throw new Error(`Unsupported certificate hash ${algorithm}.`);
  return { hash, value: Buffer.from(octets.valueBlock.valueHexView) };
}

function checkSignedData(signedData: pkijs.SignedData, content: Uint8Array[]): { certificate: X509Certificate; problem?: string } {
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error('The CMS has no signer.');
  const sid = signer.sid as pkijs.IssuerAndSerialNumber;
  const certs = (signedData.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
  // The signer is the certificate its identifier names, never simply the first one: the identifier is
  // not covered by the signature, so a fallback would let it change unnoticed.
  const found = certs.find((x) => sid.serialNumber && x.serialNumber.isEqual(sid.serialNumber) && x.issuer.isEqual(sid.issuer));
  if (!found) throw new Error(certs.length ? "The CMS's signer identifier names none of its certificates." : 'The CMS carries no signer certificate.');
  const certificate = new X509Certificate(Buffer.from(found.toSchema().toBER(false)));
  const hash = HASHES[signer.digestAlgorithm.algorithmId];
  if (!hash) throw new Error(`Unsupported digest algorithm ${signer.digestAlgorithm.algorithmId}.`);
  const digest = createHash(hash);
  for (const part of content) digest.update(part);
  const attrs = signer.signedAttrs;
  const messageDigest = attrs?.attributes.find((x) => x.type === MESSAGE_DIGEST)?.values[0] as asn1js.OctetString | undefined;
  if (!attrs || !messageDigest) throw new Error('The CMS has no signed message digest.');
  if (!digest.digest().equals(Buffer.from(messageDigest.valueBlock.valueHexView))) {
    return { certificate, problem: 'The signed bytes were changed: their hash differs from the one the signature covers.' };
  }
  // The signature covers the DER of the signed attributes as a SET (tag 0x31), not as the [0] it is stored as.
  const signedAttrs = Buffer.from(attrs.encodedValue);
  signedAttrs[0] = 0x31;
  if (!verifySignature(hash, signedAttrs, certificate.publicKey, Buffer.from(signer.signature.valueBlock.valueHexView))) {
    return { certificate, problem: "The signature does not verify with the signer's certificate." };
  }
  // The certificate itself is outside the signature: a PAdES signature pins it by hash in its signed
  // attributes (ESS signing-certificate-v2), which must match; without that attribute, its issuer's
  // signature on it must verify when the issuer is at hand.
  const pinned = pinnedCertificateHash(attrs.attributes.find((x) => x.type === SIGNING_CERTIFICATE_V2));
  if (pinned && !createHash(pinned.hash).update(certificate.raw).digest().equals(pinned.value)) {
    return { certificate, problem: "The signer's certificate was altered: it is not the one the signature names." };
  }
  // Without the pin: unless its issuer's signature on it verifies
  // (itself, when self-signed, as a server's generated seal is), bytes of it could change unnoticed.
  const issuer = [certificate, ...certs.map((x) => new X509Certificate(Buffer.from(x.toSchema().toBER(false))))].find((x) => certificate.checkIssued(x));
  if (issuer && !certificate.verify(issuer.publicKey)) {
    return { certificate, problem: "The signer's certificate was altered: its issuer's signature on it does not verify." };
  }
  return { certificate };
}

/**
 * The RFC 3161 token's time, when the token's own signature verifies (with the certificate it
 * carries) and its message imprint is the hash of this signature value. Whether that timestamp
 * authority is one you trust is yours to judge: `signer` of the token is not reported.
 */
function timestampOf(signer: pkijs.SignerInfo): string | undefined {
  const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === TIMESTAMP_TOKEN);
  if (!attr) return undefined;
  try {
    const token = new pkijs.ContentInfo({ schema: attr.values[0] });
    const tsSigned = new pkijs.SignedData({ schema: token.content });
    const eContent = tsSigned.encapContentInfo.eContent;
    if (!eContent) return undefined;
    const content = new Uint8Array(eContent.getValue());
    if (checkSignedData(tsSigned, [content]).problem) return undefined;
    const tstInfo = pkijs.TSTInfo.fromBER(toArrayBuffer(content));
    const hash = HASHES[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (!hash) return undefined;
    const expected = createHash(hash).update(signer.signature.valueBlock.valueHexView).digest();
    const actual = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
    return expected.equals(actual) ? tstInfo.genTime.toISOString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every length in the CMS is the minimal encoding of exactly what its value holds (DER). BER readers
 * accept a longer length over the zero padding that follows, or a length in more bytes than needed, so
 * without this a byte of /Contents could change and the seal still verify.
 */
function isStrictDer(block: asn1js.AsnType): boolean {
  const { idBlock, lenBlock, valueBlock } = block as unknown as {
    idBlock: { isConstructed: boolean; tagClass: number; tagNumber: number };
    lenBlock: { isIndefiniteForm: boolean; length: number; blockLength: number };
    valueBlock: { value?: unknown };
  };
  // Indefinite lengths, and end-of-content markers (00 00: what zero padding reads as inside a stretched length).
  if (lenBlock.isIndefiniteForm || (idBlock.tagClass === 1 && idBlock.tagNumber === 0)) return false;
  const minimalHeader = lenBlock.length < 128 ? 1 : 1 + Math.ceil(Math.log2(lenBlock.length + 1) / 8);
  if (lenBlock.blockLength !== minimalHeader) return false;
  if (!idBlock.isConstructed || !Array.isArray(valueBlock.value)) return true;
  const children = valueBlock.value as asn1js.AsnType[];
  const inner = children.reduce((sum, child) => sum + (child as unknown as { blockLength: number }).blockLength, 0);
  return inner === lenBlock.length && children.every(isStrictDer);
}

/** Checks one signature; `problem` says what is wrong. */
function checkSignature(bytes: Uint8Array, found: FoundSignature, index: number, ends: number[], trusted: Set<string> | undefined): PdfSignatureReport {
  const [a, b, c, d] = found.byteRange;
  const report: PdfSignatureReport = { index, byteRange: found.byteRange, subFilter: found.subFilter, revision: revisionOf(ends, c + d), valid: false };
  if (a !== 0 || b <= a || c < b + 2 || c + d > bytes.length) {
    report.problem = c + d > bytes.length ? 'The file ends before the signed bytes do: it was cut short.' : "The signature's /ByteRange is malformed.";
    return report;
  }
  if (bytes[b] !== 0x3c || bytes[c - 1] !== 0x3e) {
    report.problem = 'The signature value (/Contents) is not where /ByteRange says.';
    return report;
  }
  const hex = latin1(bytes.subarray(b + 1, c - 1)).replace(/\s/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2) {
    report.problem = 'The signature value (/Contents) is not hexadecimal.';
    return report;
  }
  try {
    const der = Buffer.from(hex, 'hex');
    const parsed = asn1js.fromBER(toArrayBuffer(der));
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    // After the CMS, /Contents holds only the zero padding of its reserved space: anything else was added.
    if (der.subarray(parsed.offset).some((byte) => byte !== 0) || !isStrictDer(parsed.result)) {
      report.problem = 'The signature value (/Contents) carries data after the signature: it was changed after sealing.';
      return report;
    }
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== SIGNED_DATA) throw new Error(`the CMS is not signed data (${contentInfo.contentType}).`);
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    // Fields the signature does not cover, pinned to what a detached PDF signature has (RFC 5652, ETSI EN 319 142).
    if (signedData.encapContentInfo.eContentType !== DATA || signedData.encapContentInfo.eContent)
      throw new Error('the CMS is not a detached signature of data.');
    const signerAlgorithm = signedData.signerInfos[0]?.digestAlgorithm.algorithmId;
    if (!signedData.digestAlgorithms.some((x) => x.algorithmId === signerAlgorithm)) throw new Error("the CMS's digest algorithms do not list the signer's.");
    const { certificate, problem } = checkSignedData(signedData, [bytes.subarray(a, b), bytes.subarray(c, c + d)]);
    report.signer = certificateInfo(certificate);
    if (trusted) report.trusted = trusted.has(normaliseFingerprint(certificate.fingerprint256));
    if (problem) {
      report.problem = problem;
      return report;
    }
    report.valid = true;
    const time = timestampOf(signedData.signerInfos[0]);
    if (time) report.timestamp = time;
  } catch (e) {
    report.problem = `The signature value cannot be read: ${(e as Error).message}`;
  }
  return report;
}

const MESSAGES: Record<SealVerdict, string> = {
  sealed: 'Sealed and unchanged since it was sealed.',
  modified: 'The sealed document is intact, but it was changed afterwards: revision {changed} was added after the seal.',
  broken_signature: 'The seal is broken: {problem}',
  other_signer: 'Signed and unchanged, but not by a certificate you trust (signed by {signer}).',
  not_sealed: 'This PDF carries no signature: nothing proves who produced it or that it is unchanged.',
  truncated: 'The file is cut short: it is not the whole PDF that was sealed.',
  not_pdf: 'This is not a PDF: it does not start with "%PDF-".',
};

/** Verifies the seal of a PDF. Never throws. */
export function verifyPdf(pdf: Uint8Array, options: VerifyPdfOptions = {}): SealVerification {
  const bytes = pdf instanceof Uint8Array ? pdf : new Uint8Array(0);
  const text = latin1(bytes);
  const ends = revisionEnds(text);
  const base = { sha256: sha256Hex(bytes), revisions: ends.length, signatures: [] as PdfSignatureReport[] };
  const result = (verdict: SealVerdict, extra: Partial<SealVerification> = {}, fill: Record<string, string> = {}): SealVerification => ({
    ...base,
    ...extra,
    ok: verdict === 'sealed',
    verdict,
    message: MESSAGES[verdict].replace(/\{(\w+)\}/g, (_, k: string) => fill[k] ?? ''),
  });
  if (!text.slice(0, 1024).includes('%PDF-')) return result('not_pdf');
  const trusted = options.trusted ? trustedFingerprints(options.trusted) : undefined;
  base.signatures = findSignatures(text).map((found, i) => checkSignature(bytes, found, i + 1, ends, trusted));
  const endsWithEof = /%%EOF\s*$/.test(text.slice(-64));
  if (base.signatures.length === 0) return result(endsWithEof ? 'not_sealed' : 'truncated');
  // The seal: the last signature by a trusted certificate, else the last one.
  const seal = [...base.signatures].reverse().find((s) => s.trusted) ?? base.signatures[base.signatures.length - 1];
  const [, , c, d] = seal.byteRange;
  const sealedEnd = c + d;
  if (sealedEnd > bytes.length || (!seal.valid && !endsWithEof)) return result('truncated');
  const extra: Partial<SealVerification> = { sealedRevision: seal.revision, sealedSha256: sha256Hex(bytes.subarray(0, sealedEnd)) };
  if (!seal.valid) return result('broken_signature', extra, { problem: seal.problem ?? '' });
  if (seal.trusted === false) return result('other_signer', extra, { signer: `${seal.signer?.commonName} ${seal.signer?.fingerprint}` });
  if (/\S/.test(text.slice(sealedEnd))) return result('modified', { ...extra, changedRevision: seal.revision + 1 }, { changed: String(seal.revision + 1) });
  return result('sealed', extra);
}
