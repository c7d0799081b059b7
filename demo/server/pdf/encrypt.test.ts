import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encryptPdf } from './encrypt.ts';
import { openWithPdfjs, pdfjsErrorName } from './pdfjs-node.ts';
import { inspectPdf } from './inspect.ts';
import { hasCommand } from '../../../test/support/server/pdf.ts';

async function samplePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 400]).drawText('Confidential contract text', { x: 40, y: 200, size: 14, font });
  return doc.save();
}

async function textWith(bytes: Uint8Array, password?: string): Promise<string> {
  const opened = await openWithPdfjs(bytes, { password });
  try {
    const content = await (await opened.doc.getPage(1)).getTextContent();
    return content.items.map((i) => ('str' in i ? i.str : '')).join('');
  } finally {
    await opened.close();
  }
}

test('open protection: the final PDF needs the password to open (pdf.js)', async () => {
  const encrypted = await encryptPdf(await samplePdf(), 'corr3ct horse');
  await assert.rejects(textWith(encrypted), (err) => pdfjsErrorName(err) === 'PasswordException');
  await assert.rejects(textWith(encrypted, 'wrong'), (err) => pdfjsErrorName(err) === 'PasswordException');
  assert.equal(await textWith(encrypted, 'corr3ct horse'), 'Confidential contract text');
  const info = await inspectPdf(encrypted);
  assert.equal(info.ok, false, 'and uploads of it are refused as encrypted');
  if (!info.ok) assert.equal(info.code, 'encrypted');
});

test('permissions protection: anyone can open; the password guards changes', async () => {
  const encrypted = await encryptPdf(await samplePdf(), 'owner-only', 'permissions');
  assert.equal(await textWith(encrypted), 'Confidential contract text');
  assert.match(new TextDecoder('latin1').decode(encrypted), /\/Encrypt/);
});

test('no password leaves the bytes alone; passwords longer than 127 bytes work (R6 uses the first 127)', async () => {
  const plain = await samplePdf();
  assert.equal(await encryptPdf(plain, ''), plain);
  assert.equal(await encryptPdf(plain, null), plain);
  const long = 'a-long pass phrase_'.repeat(8).slice(0, 150); // the server accepts up to 150 characters
  const encrypted = await encryptPdf(plain, long);
  assert.equal(await textWith(encrypted, long), 'Confidential contract text');
  await assert.rejects(textWith(encrypted, 'a-long pass phrase_'), (err) => pdfjsErrorName(err) === 'PasswordException');
});

test('qpdf (an independent implementation) decrypts the result with the password', async () => {
  assert.ok(hasCommand('qpdf'), 'qpdf is needed for this test: apt-get install qpdf');
  const dir = mkdtempSync(join(tmpdir(), 'esign-qpdf-'));
  try {
    writeFileSync(join(dir, 'e.pdf'), await encryptPdf(await samplePdf(), 'pw'));
    execFileSync('qpdf', ['--password=pw', '--decrypt', join(dir, 'e.pdf'), join(dir, 'd.pdf')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
