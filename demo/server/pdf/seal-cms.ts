/**
 * The CMS inside a PAdES baseline signature (ETSI EN 319 142-1, B-B; B-T with a timestamp):
 * detached SignedData over the PDF's byte ranges, SHA-256 with RSA, signed attributes
 * content-type, message-digest and ESS signing-certificate-v2 (no signing-time attribute: PAdES
 * puts the claimed time in the signature dictionary's /M). Built with pkijs/asn1js; the private
 * key signs through Node's WebCrypto.
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
} as const;
export { OID as CMS_OIDS };

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: crypto.webcrypto as unknown as Crypto });
pkijs.setEngine('node', engine);

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

/** A detached CAdES signature (DER) over `data` (the PDF without its /Contents). */
export async function createCadesSignature(data: Uint8Array, key: SealKey, options: CadesOptions = {}): Promise<Uint8Array> {
  const cert = parseCertificate(key.certificate);
  const digest = crypto.createHash('sha256').update(data).digest();
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [cert, ...key.chain.map(parseCertificate)],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(cert, key.certificate)] }),
          ],
        }),
      }),
    ],
  });
  const cryptoKey = await key.privateKey.toCryptoKey({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  await signedData.sign(cryptoKey as CryptoKey, 0, 'SHA-256', arrayBufferOf(data));
  if (options.tsaUrl) {
    try {
      await addTimestamp(signedData.signerInfos[0], options.tsaUrl, options.fetchTimestamp ?? postTimestampQuery);
    } catch (error) {
      if (!options.onTimestampError) throw error;
      options.onTimestampError(error as Error);
    }
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

async function postTimestampQuery(url: string, request: Uint8Array): Promise<Uint8Array> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: arrayBufferOf(request), signal: AbortSignal.timeout(15_000) });
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
  if (response.status.status > 1 || !response.timeStampToken) throw new Error(`The timestamp authority ${url} refused the request (status ${response.status.status}).`);
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [response.timeStampToken.toSchema()] })],
  });
}
