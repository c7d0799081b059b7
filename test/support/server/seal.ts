/**
 * Independent checks of sealed PDFs for tests: poppler's `pdfsig` and `openssl cms -verify`.
 * Both are required (`.ci/run` installs poppler-utils; openssl is on every machine): a missing
 * tool fails the test saying what to install, it never skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

function requireTool(command: string, install: string): void {
  const probe = spawnSync(command, ['-v'], { stdio: 'ignore' });
  if (probe.error) throw new Error(`${command} is needed for this test and is not installed: ${install}`);
}

function withTempFile<T>(bytes: Uint8Array, name: string, run: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-seal-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return run(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfsig` output for the PDF (with `-upw` when it is encrypted). Exit codes are ignored: the text says it all. */
export function pdfsig(pdf: Uint8Array, password?: string): string {
  requireTool('pdfsig', 'apt-get install poppler-utils');
  return withTempFile(pdf, 'doc.pdf', (file) => {
    const r = spawnSync('pdfsig', [...(password ? ['-upw', password] : []), file], { encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  });
}

/** The CMS in /Contents of the last signature and the bytes it signs (the /ByteRange). */
export function extractSignature(pdf: Uint8Array): { cms: Buffer; signed: Buffer } {
  const text = Buffer.from(pdf).toString('latin1');
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = all[all.length - 1].slice(1, 5).map(Number);
  const bytes = Buffer.from(pdf);
  const padded = Buffer.from(text.slice(b + 1, c - 1), 'hex');
  return { cms: padded.subarray(0, derLength(padded)), signed: Buffer.concat([bytes.subarray(a, b), bytes.subarray(c, c + d)]) };
}

/**
 * The length of the DER value at the start of `bytes` (tag, length, content): the CMS is followed by
 * zero padding, and trimming zeros instead would also cut a signature that happens to end in 0x00.
 */
function derLength(bytes: Buffer): number {
  const first = bytes[1];
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[2 + i];
  return 2 + count + length;
}

/** `openssl cms -verify` of the extracted CMS against the signed bytes, trusting `certificatePem`: true when it says so. */
export function opensslCmsVerify(pdf: Uint8Array, certificatePem: string): { ok: boolean; output: string } {
  requireTool('openssl', 'apt-get install openssl');
  const { cms, signed } = extractSignature(pdf);
  return withTempFile(cms, 'sig.der', (sig, dir) => {
    fs.writeFileSync(path.join(dir, 'content.bin'), signed);
    fs.writeFileSync(path.join(dir, 'ca.pem'), certificatePem);
    const r = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sig,
        '-content',
        path.join(dir, 'content.bin'),
        '-CAfile',
        path.join(dir, 'ca.pem'),
        '-purpose',
        'any',
        '-out',
        path.join(dir, 'out.bin'),
      ],
      { encoding: 'utf8' },
    );
    return { ok: r.status === 0 && /Verification successful/.test(r.stderr), output: `${r.stdout}${r.stderr}` };
  });
}

/** Text of the PDF through poppler's pdftotext (with the password when encrypted). */
export function pdfText(pdf: Uint8Array, password?: string): string {
  requireTool('pdftotext', 'apt-get install poppler-utils');
  return withTempFile(pdf, 'doc.pdf', (file) => execFileSync('pdftotext', [...(password ? ['-upw', password] : []), file, '-'], { encoding: 'utf8' }));
}

export function certificatePem(der: Uint8Array): string {
  return `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** A small PDF of `pages` pages with a line of text on each, saved the way the final PDF is (plain xref). */
export async function textPdf(pages = 2, label = 'Contract page'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${label} ${i}`, { x: 60, y: 760, size: 14, font });
  return doc.save({ useObjectStreams: false });
}
