/**
 * PAdES B-T: with a timestamp authority configured, the signature value is timestamped (RFC 3161)
 * and the token travels in the CMS; the verifier reports the time when the token matches the
 * signature. The authority here is a real RFC 3161 responder on 127.0.0.1 (built with pkijs), so
 * the request, the HTTP exchange and the response parsing are the ones a public TSA gets.
 * A failing authority falls back to an untimestamped seal when the caller asks for that.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sealPdf } from './seal.ts';
import { buildFinalPdf } from './final-pdf.ts';
import { loadSealKey, type SealKey } from './seal-key.ts';
import { parseCertificate } from './seal-cms.ts';
import { verifyPdf } from 'esign-elements/verify';
import { certificatePem, opensslCmsVerify, pdfsig, textPdf } from '../../../test/support/server/seal.ts';

const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const buffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

let dir: string;
let sealKey: SealKey;
let tsaKey: SealKey;
let server: http.Server;
let url: string;
let failing = false;
let wrongImprint = false;
const genTime = new Date('2026-05-04T03:02:01Z');

/** An RFC 3161 response: TSTInfo over the request's imprint, signed by the TSA key. */
async function respond(request: Uint8Array): Promise<Uint8Array> {
  const req = pkijs.TimeStampReq.fromBER(buffer(request));
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: '1.3.6.1.4.1.55555.1',
    messageImprint: wrongImprint
      ? new pkijs.MessageImprint({
          hashAlgorithm: req.messageImprint.hashAlgorithm,
          hashedMessage: new asn1js.OctetString({ valueHex: crypto.randomBytes(32) }),
        })
      : req.messageImprint,
    serialNumber: new asn1js.Integer({ value: 7 }),
    genTime,
    ...(req.nonce ? { nonce: req.nonce } : {}),
  });
  const content = new Uint8Array(tstInfo.toSchema().toBER(false));
  const cert = parseCertificate(tsaKey.certificate);
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: TST_INFO, eContent: new asn1js.OctetString({ valueHex: buffer(content) }) }),
    certificates: [cert],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: TST_INFO })] }),
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.4',
              values: [new asn1js.OctetString({ valueHex: crypto.createHash('sha256').update(content).digest() })],
            }),
          ],
        }),
      }),
    ],
  });
  const key = await tsaKey.privateKey.toCryptoKey({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  await signed.sign(key as CryptoKey, 0, 'SHA-256', undefined, new pkijs.CryptoEngine({ name: 'node', crypto: crypto.webcrypto as unknown as Crypto }));
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: 0 }),
    timeStampToken: new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signed.toSchema(true) }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-tsa-test-'));
  sealKey = loadSealKey({ dataDir: path.join(dir, 'seal') });
  tsaKey = loadSealKey({ dataDir: path.join(dir, 'tsa') });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing || req.headers['content-type'] !== 'application/timestamp-query') {
        res.writeHead(503).end();
        return;
      }
      respond(new Uint8Array(Buffer.concat(chunks))).then(
        (body) => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(body)),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  });
  // Idle keep-alive sockets stay open through the test: a socket closed between two requests reads as 'fetch failed'.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
});

after(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('with ESIGN_TSA_URL the seal carries an RFC 3161 timestamp of its signature (PAdES B-T)', async () => {
  failing = false;
  const sealed = await sealPdf(await textPdf(1), sealKey, { tsaUrl: url });
  const result = verifyPdf(sealed, { trusted: [sealKey.fingerprint] });
  assert.equal(result.verdict, 'sealed', result.message);
  assert.equal(result.signatures[0].timestamp, genTime.toISOString());
  assert.match(pdfsig(sealed), /Total document signed[\s\S]*Signature is Valid/);
  assert.ok(opensslCmsVerify(sealed, certificatePem(sealKey.certificate)).ok, 'the unsigned timestamp attribute leaves the CMS valid');
  const plain = verifyPdf(await sealPdf(await textPdf(1), sealKey), { trusted: [sealKey.fingerprint] });
  assert.equal(plain.signatures[0].timestamp, undefined, 'no authority, no timestamp (B-B)');
  wrongImprint = true;
  const unrelated = verifyPdf(await sealPdf(await textPdf(1), sealKey, { tsaUrl: url }), { trusted: [sealKey.fingerprint] });
  wrongImprint = false;
  assert.equal(unrelated.verdict, 'sealed');
  assert.equal(unrelated.signatures[0].timestamp, undefined, 'a token for other bytes dates nothing');
});

test('a failing timestamp authority: sealed without a timestamp when the caller accepts it, else an error', async () => {
  failing = true;
  const warnings: string[] = [];
  const sealed = await sealPdf(await textPdf(1), sealKey, { tsaUrl: url, onTimestampError: (e) => warnings.push(e.message) });
  const result = verifyPdf(sealed, { trusted: [sealKey.fingerprint] });
  assert.equal(result.verdict, 'sealed');
  assert.equal(result.signatures[0].timestamp, undefined);
  assert.match(warnings.join(), /HTTP 503/);
  await assert.rejects(sealPdf(await textPdf(1), sealKey, { tsaUrl: url }), /HTTP 503/);
  // The final-PDF job's path: sealed anyway, the failure reported as a warning (no callback to cross a worker boundary).
  const final = await buildFinalPdf({ source: await textPdf(1), elements: [], seal: { key: sealKey, tsaUrl: url } });
  assert.equal(verifyPdf(final.pdf, { trusted: [sealKey.fingerprint] }).verdict, 'sealed');
  assert.deepEqual(
    final.warnings.map((w) => w.code),
    ['timestamp_failed'],
  );
});
