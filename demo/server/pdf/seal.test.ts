/**
 * The seal, checked by independent tools: poppler's pdfsig reports the signature valid and the
 * whole document signed, `openssl cms -verify` accepts the extracted CMS, and both notice a one-byte
 * change; an appended revision is reported by pdfsig and by our verifier; encrypted PDFs verify with
 * their password. Plus every bad input our verifier must turn into a verdict.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument as CantooDocument } from '@cantoo/pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { sealPdf } from './seal.ts';
import { signatureUpdate } from './seal-update.ts';
import { loadSealKey, readP12, SEAL_KEY_FILE, SealKeyError, type SealKey } from './seal-key.ts';
import { encryptPdf } from './encrypt.ts';
import { buildFinalPdf } from './final-pdf.ts';
import { buildAuditLogPdf } from './audit-log-pdf.ts';
import { verifyPdf } from 'esign-elements/verify';
import { certificatePem, opensslCmsVerify, pdfsig, pdfText, textPdf } from '../../../test/support/server/seal.ts';

let dir: string;
let key: SealKey;
let otherKey: SealKey;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-seal-test-'));
  key = loadSealKey({ dataDir: path.join(dir, 'a') });
  otherKey = loadSealKey({ dataDir: path.join(dir, 'b') });
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An incremental update that changes the document title: what "editing a signed PDF" looks like. */
async function appendRevision(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await CantooDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false });
  const snapshot = doc.takeSnapshot();
  doc.setTitle('Changed after sealing');
  snapshot.markRefForSave(doc.context.trailerInfo.Info as never);
  const update = await doc.saveIncremental(snapshot, { useObjectStreams: false });
  return new Uint8Array(Buffer.concat([pdf, update]));
}

test('the generated sealing key is kept in the data directory (0600) and reused', () => {
  assert.equal(key.generated, true);
  const file = path.join(dir, 'a', SEAL_KEY_FILE);
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  const again = loadSealKey({ dataDir: path.join(dir, 'a') });
  assert.equal(again.generated, false);
  assert.equal(again.fingerprint, key.fingerprint);
  assert.match(key.fingerprint, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  // openssl agrees on the fingerprint of the stored certificate.
  const printed = execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', file], { encoding: 'utf8' });
  assert.ok(printed.includes(key.fingerprint), printed);
});

test('a sealed PDF: pdfsig says valid and wholly signed, openssl accepts the CMS, our verifier says sealed', async () => {
  const sealed = await sealPdf(await textPdf(3), key, { reason: 'test' });
  const report = pdfsig(sealed);
  assert.match(report, /Signature Validation: Signature is Valid/, report);
  assert.match(report, /Total document signed/, report);
  assert.match(report, /Signature Type: ETSI\.CAdES\.detached/, report);
  assert.match(report, /Signing Hash Algorithm: SHA-256/, report);
  const cms = opensslCmsVerify(sealed, certificatePem(key.certificate));
  assert.ok(cms.ok, cms.output);
  const result = verifyPdf(sealed, { trusted: [key.fingerprint] });
  assert.equal(result.verdict, 'sealed', result.message);
  assert.equal(result.ok, true);
  assert.equal(result.sealedSha256, result.sha256);
  assert.equal(result.revisions, 2, 'the original revision and the seal');
  assert.ok(pdfText(sealed).includes('Contract page 3'), 'the content is untouched');
});

test('a one-byte change inside the signed bytes: pdfsig, openssl and our verifier all refuse it', async () => {
  const sealed = await sealPdf(await textPdf(1), key);
  const changed = new Uint8Array(sealed);
  const at = Buffer.from(changed).indexOf('/MediaBox [ 0 0 595 842 ]') + '/MediaBox [ 0 0 595 84'.length;
  assert.ok(at > 100, 'the page size is in the signed bytes');
  changed[at] = '3'.charCodeAt(0); // 842 → 843 pt high: one byte
  assert.doesNotMatch(pdfsig(changed), /Signature is Valid/);
  assert.equal(opensslCmsVerify(changed, certificatePem(key.certificate)).ok, false);
  const result = verifyPdf(changed, { trusted: [key.fingerprint] });
  assert.equal(result.verdict, 'broken_signature');
  assert.match(result.message, /changed/);
});

test('a revision appended after sealing: pdfsig says not wholly signed, our verifier names the revision', async () => {
  const sealed = await sealPdf(await textPdf(1), key);
  const edited = await appendRevision(sealed);
  const report = pdfsig(edited);
  assert.match(report, /Signature is Valid/, 'the sealed revision itself is intact');
  assert.doesNotMatch(report, /Total document signed/, report);
  const result = verifyPdf(edited, { trusted: [key.fingerprint] });
  assert.equal(result.verdict, 'modified', result.message);
  assert.equal(result.sealedRevision, 2);
  assert.equal(result.changedRevision, 3);
  assert.equal(result.sealedSha256, verifyPdf(sealed).sha256, 'the sealed bytes are still recognisable');
});

test('an encrypted final PDF (pdf_password) is sealed after encryption and verifies with the password', async () => {
  const password = 'correct horse battery staple';
  const sealed = await sealPdf(await encryptPdf(await textPdf(2), password), key);
  const report = pdfsig(sealed, password);
  assert.match(report, /Signature Validation: Signature is Valid/, report);
  assert.match(report, /Total document signed/, report);
  assert.ok(pdfText(sealed, password).includes('Contract page 2'), 'still opens with the password and reads back');
  assert.ok(opensslCmsVerify(sealed, certificatePem(key.certificate)).ok);
  assert.equal(verifyPdf(sealed, { trusted: [key.certificate] }).verdict, 'sealed', 'checked without the password');
  assert.equal(verifyPdf(await appendRevision(await sealPdf(await textPdf(1), key))).verdict, 'modified');
});

test('bad input is a clear verdict, never an exception', async () => {
  const plain = await textPdf(1);
  const sealed = await sealPdf(plain, key);
  assert.equal(verifyPdf(plain).verdict, 'not_sealed');
  assert.equal(verifyPdf(new TextEncoder().encode('hello, not a pdf')).verdict, 'not_pdf');
  assert.equal(verifyPdf(new Uint8Array(0)).verdict, 'not_pdf');
  assert.equal(verifyPdf(sealed.subarray(0, sealed.length - 200)).verdict, 'truncated');
  assert.equal(verifyPdf(sealed.subarray(0, Math.floor(sealed.length / 2))).verdict, 'truncated');
  assert.equal(verifyPdf(plain.subarray(0, plain.length - 30)).verdict, 'truncated', 'an unsigned PDF cut short');
  // A broken signature: one hex digit of the CMS (in the RSA signature value, near its end) changed.
  const text = Buffer.from(sealed).toString('latin1');
  const contents = text.indexOf('/Contents <') + '/Contents <'.length;
  const end = text.indexOf('>', contents);
  const lastNonZero = text.slice(contents, end).search(/0*$/) - 10;
  const broken = new Uint8Array(sealed);
  broken[contents + lastNonZero] = broken[contents + lastNonZero] === 0x31 ? 0x32 : 0x31;
  const brokenResult = verifyPdf(broken, { trusted: [key.fingerprint] });
  assert.equal(brokenResult.verdict, 'broken_signature', brokenResult.message);
  assert.doesNotMatch(pdfsig(broken), /Signature is Valid/);
  // Garbage where the CMS should be.
  const garbage = new Uint8Array(sealed);
  garbage.fill(0x41, contents, contents + 20); // "AAAA..." is hex but not DER
  assert.equal(verifyPdf(garbage, { trusted: [key.fingerprint] }).verdict, 'broken_signature');
  // Signed by another certificate.
  const foreign = verifyPdf(await sealPdf(plain, otherKey), { trusted: [key.fingerprint] });
  assert.equal(foreign.verdict, 'other_signer');
  assert.equal(foreign.signatures[0].signer?.fingerprint, otherKey.fingerprint);
  assert.equal(verifyPdf(await sealPdf(plain, otherKey), { trusted: [certificatePem(otherKey.certificate)] }).verdict, 'sealed', 'PEM trust works');
});

test('ESIGN_SEAL_P12: a PKCS#12 made by openssl seals, and a wrong password is a clear error', async () => {
  const p12dir = path.join(dir, 'p12');
  fs.mkdirSync(p12dir);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      path.join(p12dir, 'k.pem'),
      '-out',
      path.join(p12dir, 'c.pem'),
      '-subj',
      '/CN=Acme Contracts Seal',
      '-days',
      '30',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    [
      'pkcs12',
      '-export',
      '-inkey',
      path.join(p12dir, 'k.pem'),
      '-in',
      path.join(p12dir, 'c.pem'),
      '-out',
      path.join(p12dir, 'seal.p12'),
      '-passout',
      'pass:s3cret',
    ],
    { stdio: 'ignore' },
  );
  const p12Key = loadSealKey({ dataDir: p12dir, p12Path: path.join(p12dir, 'seal.p12'), p12Password: 's3cret' });
  assert.equal(p12Key.commonName, 'Acme Contracts Seal');
  assert.equal(fs.existsSync(path.join(p12dir, SEAL_KEY_FILE)), false, 'no self-signed key is generated when a P12 is configured');
  const report = pdfsig(await sealPdf(await textPdf(1), p12Key));
  assert.match(report, /Signer Certificate Common Name: Acme Contracts Seal/, report);
  assert.match(report, /Signature is Valid/, report);
  assert.throws(() => readP12(fs.readFileSync(path.join(p12dir, 'seal.p12')), 'wrong'), SealKeyError);
  assert.throws(() => loadSealKey({ dataDir: p12dir, p12Path: path.join(p12dir, 'missing.p12') }), /cannot read the file/);
});

test('the final PDF with a visible seal carries the stamp; the audit-log PDF is sealed too', async () => {
  const { pdf } = await buildFinalPdf({
    source: await textPdf(2),
    elements: [],
    history: { documentName: 'Lease', documentId: 'doc-1', recipients: [], events: [], auditChainHead: 'ab'.repeat(32), seal: key },
    seal: { key, visible: true },
  });
  const text = pdfText(pdf);
  assert.match(text, /Digitally sealed by/);
  assert.ok(text.includes(`Audit trail chain head (SHA-256): ${'ab'.repeat(32)}`), text);
  assert.match(text, /sealed with a digital signature/);
  assert.match(pdfsig(pdf), /Total document signed[\s\S]*Signature is Valid/);

  const log = await buildAuditLogPdf(
    { documentName: 'Lease', documentId: 'doc-1', recipients: [], events: [{ at: new Date(0), action: 'Signed', actor: 'Ann' }] },
    { key },
  );
  assert.match(pdfsig(log), /Total document signed[\s\S]*Signature is Valid/);
  assert.equal(verifyPdf(log, { trusted: [key.fingerprint] }).verdict, 'sealed');
  assert.match(pdfText(log), /Ann: Signed/);
});

test('pipeline PDFs take the direct update; cross-reference streams, forms and existing annotations seal too', async () => {
  assert.ok(signatureUpdate(await textPdf(1), { signatureEntries: '/Filter /Adobe.PPKLite' }), 'classic xref: written directly');
  // pdf-lib with object streams writes a cross-reference stream: the general (@cantoo/pdf-lib) path.
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const form = doc.getForm();
  form.createTextField('name').addToPage(page, { x: 50, y: 700 }); // an AcroForm and an indirect /Annots entry
  const streams = await doc.save({ useObjectStreams: true });
  assert.equal(signatureUpdate(streams, { signatureEntries: '/Filter /Adobe.PPKLite' }), undefined);
  for (const pdf of [streams, await doc.save({ useObjectStreams: false })]) {
    const sealed = await sealPdf(pdf, key);
    const report = pdfsig(sealed);
    assert.match(report, /Total document signed/, report);
    assert.match(report, /Signature is Valid/, report);
    assert.equal(verifyPdf(sealed, { trusted: [key.fingerprint] }).verdict, 'sealed');
    const fields = (await PDFDocument.load(sealed))
      .getForm()
      .getFields()
      .map((f) => f.getName());
    assert.deepEqual(fields.sort(), ['esign-elements seal', 'name'], 'the form keeps its field and gains the seal');
  }
});
