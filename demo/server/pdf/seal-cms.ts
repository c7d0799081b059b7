/**
 * The CMS inside a PAdES baseline signature (ETSI EN 319 142-1, B-B; B-T with a timestamp):
 * detached SignedData over the PDF's byte ranges, SHA-256 with RSA, signed attributes
 * content-type, message-digest and ESS signing-certificate-v2 (no signing-time attribute: PAdES
 * puts the claimed time in the signature dictionary's /M). Built with pkijs/asn1js; the private
 * key signs through node:crypto.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealKey } from './seal-key.ts';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;
export { OID as CMS_OIDS };

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(arrayBufferOf(der));
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, ESSCertIDv2 with the default SHA-256 and issuerSerial. */
function signingCertificateV2(cert: pkijs.Certificate, der: Uint8Array): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })] }),
      cert.serialNumber,
    ],
  });
  const certId = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: crypto.createHash('sha256').update(der).digest() }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] });
}

export interface CadesOptions {
  /** RFC 3161 timestamp authority (ESIGN_TSA_URL): adds a signature timestamp (PAdES B-T). */
  tsaUrl?: string;
  /** For tests and offline use: how to reach the TSA (default fetch). */
  fetchTimestamp?: (url: string, request: Uint8Array) => Promise<Uint8Array>;
  /** Called when the timestamp fails; the signature is then made without it (B-B). Without it, the failure throws. */
  onTimestampError?: (error: Error) => void;
}

const parsedCertificates = new WeakMap<SealKey, pkijs.Certificate[]>();

/** The key's certificate and chain, parsed once per key (parsing costs more than the signature). */
function certificatesOf(key: SealKey): pkijs.Certificate[] {
  let certs = parsedCertificates.get(key);
  if (!certs) {
    certs = [parseCertificate(key.certificate), ...key.chain.map(parseCertificate)];
    parsedCertificates.set(key, certs);
  }
  return certs;
}

const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() });

/**
 * A detached CAdES signature (DER) over `data` (the PDF without its /Contents). pkijs builds the
 * structures; the signature over the signed attributes is node:crypto's (RSA PKCS#1 v1.5 or ECDSA,
 * SHA-256), which is several times faster than going through WebCrypto's promises.
 */
export async function createCadesSignature(data: Uint8Array, key: SealKey, options: CadesOptions = {}): Promise<Uint8Array> {
  const certs = certificatesOf(key);
  const cert = certs[0];
  const digest = crypto.createHash('sha256').update(data).digest();
  const signer = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: sha256Algorithm(),
    signatureAlgorithm:
      key.privateKey.asymmetricKeyType === 'ec'
        ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
        : new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
        new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
        new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(cert, key.certificate)] }),
      ],
    }),
  });
  // The signature covers the signed attributes' DER as a SET (tag 0x31), not as the [0] they are stored as.
  const signedAttrs = new Uint8Array(signer.signedAttrs!.toSchema().toBER(false));
  signedAttrs[0] = 0x31;
  signer.signature = new asn1js.OctetString({ valueHex: crypto.sign('sha256', signedAttrs, key.privateKey) });
  if (options.tsaUrl) {
    try {
      await addTimestamp(signer, options.tsaUrl, options.fetchTimestamp ?? postTimestampQuery);
    } catch (error) {
      if (!options.onTimestampError) throw error;
      options.onTimestampError(error as Error);
    }
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: certs,
    signerInfos: [signer],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

async function postTimestampQuery(url: string, request: Uint8Array): Promise<Uint8Array> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: arrayBufferOf(request),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`The timestamp authority ${url} answered HTTP ${res.status}.`);
  return new Uint8Array(await res.arrayBuffer());
}

/** RFC 3161: timestamps the signature value and adds the token as an unsigned attribute. */
async function addTimestamp(signer: pkijs.SignerInfo, url: string, fetchTimestamp: (url: string, request: Uint8Array) => Promise<Uint8Array>): Promise<void> {
  const imprint = crypto.createHash('sha256').update(new Uint8Array(signer.signature.valueBlock.valueHexView)).digest();
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    nonce: new asn1js.Integer({ valueHex: crypto.randomBytes(8) }),
    certReq: true,
  });
  const answer = await fetchTimestamp(url, new Uint8Array(request.toSchema().toBER(false)));
  const response = pkijs.TimeStampResp.fromBER(arrayBufferOf(answer));
  if (response.status.status > 1 || !response.timeStampToken)
    throw new Error(`The timestamp authority ${url} refused the request (status ${response.status.status}).`);
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [response.timeStampToken.toSchema()] })],
  });
}
