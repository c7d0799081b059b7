/**
 * Sealing a finished PDF: the server signs it with a PAdES baseline signature (B-B,
 * `ETSI.CAdES.detached`, SHA-256; B-T when a timestamp authority is configured) appended as an
 * incremental update, so every standard reader shows it signed and unchanged, and anyone can check
 * it offline (`pdfsig`, Acrobat, `openssl cms -verify` on the extracted CMS).
 *
 * The update adds a signature dictionary, an invisible signature widget on the last page and the
 * AcroForm that lists it; the original bytes stay untouched before it. seal-update.ts writes it
 * for classic cross-reference tables (what the pipeline saves) parsing only the few objects it
 * changes; other files go through @cantoo/pdf-lib's incremental save (pdf-lib 1.17 has none).
 * @signpdf/signpdf fills in /ByteRange and /Contents, seal-cms.ts builds the CMS.
 *
 * Encrypted PDFs (`pdf_password`) are sealed after encryption: the document is read without
 * decrypting, so the page and catalog written again keep their strings exactly as encrypted (under
 * the same object numbers), and the new objects carry no string or stream that would need encrypting:
 * /Contents is never encrypted (ISO 32000-1 §7.6.1), names and numbers never are, and the
 * claimed signing time /M, the /Reason and the field name /T, strings, are left out of an encrypted
 * PDF's signature (the timestamp, when configured, still dates it). See docs/decisions/pdf.md.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { SignPdf, Signer } from '@signpdf/signpdf';
import { rgb, StandardFonts, type PDFDocument as PdfLibDocument } from 'pdf-lib';
import { createCadesSignature, type CadesOptions } from './seal-cms.ts';
import { signatureUpdate } from './seal-update.ts';
import type { SealKey } from './seal-key.ts';
import { OBJECTS_PER_TICK } from './load.ts';

/** Room for the CMS: an RSA-4096 signature, a certificate chain of a few certificates and a timestamp token. */
const SIGNATURE_ROOM = 24 * 1024;
const BYTE_RANGE_PLACEHOLDER = '**********';

export interface SealOptions extends CadesOptions {
  /** The claimed signing time (/M), default now. */
  signedAt?: Date;
  /** /Reason, e.g. "Completed document sealed by esign-elements". */
  reason?: string;
  /** The signature field's name. */
  fieldName?: string;
}

class CadesSigner extends Signer {
  private readonly key: SealKey;
  private readonly options: CadesOptions;
  constructor(key: SealKey, options: CadesOptions) {
    super();
    this.key = key;
    this.options = options;
  }
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Buffer.from(await createCadesSignature(pdfBuffer, this.key, this.options));
  }
}

/** The PDF date string D:YYYYMMDDHHmmSS+00'00'. */
function pdfDate(d: Date): string {
  const iso = d.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
}

/** True when the PDF has an /Encrypt entry in its (last) trailer. */
function isEncrypted(pdf: Uint8Array): boolean {
  const tail = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    .subarray(Math.max(0, pdf.length - 4096))
    .toString('latin1');
  return /\/Encrypt\s+\d+\s+\d+\s+R/.test(tail);
}

/** The signature dictionary after /Type /Sig: placeholders for /ByteRange and /Contents, and (unencrypted only) /M and /Reason. */
function signatureEntries(encrypted: boolean, options: SealOptions): string {
  const entries = [
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    `/ByteRange [0 /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER}]`,
    `/Contents <${'0'.repeat(SIGNATURE_ROOM * 2)}>`,
  ];
  if (!encrypted) {
    entries.push(`/M (${pdfDate(options.signedAt ?? new Date())})`);
    if (options.reason) entries.push(`/Reason ${PDFHexString.fromText(options.reason).toString()}`);
  }
  return entries.join('\n');
}

/** Seals PDF bytes (encrypted or not). Throws when the bytes are not a PDF pdf-lib can read. */
export async function sealPdf(pdf: Uint8Array, key: SealKey, options: SealOptions = {}): Promise<Uint8Array> {
  const encrypted = isEncrypted(pdf);
  const fieldName = encrypted ? undefined : (options.fieldName ?? 'esign-elements seal');
  const update =
    signatureUpdate(pdf, { signatureEntries: signatureEntries(encrypted, options), fieldName }) ?? (await generalUpdate(pdf, encrypted, options, fieldName));
  const withPlaceholder = Buffer.concat([pdf, update]);
  const signed = await new SignPdf().sign(withPlaceholder, new CadesSigner(key, options));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}

/** The same update through @cantoo/pdf-lib's incremental save, for PDFs signatureUpdate leaves alone (cross-reference streams). */
async function generalUpdate(pdf: Uint8Array, encrypted: boolean, options: SealOptions, fieldName: string | undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, ignoreEncryption: true, updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  const snapshot = doc.takeSnapshot();
  const ctx = doc.context;
  const placeholder = PDFName.of(BYTE_RANGE_PLACEHOLDER);
  const sig: Record<string, unknown> = {
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: ctx.obj([PDFNumber.of(0), placeholder, placeholder, placeholder]),
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_ROOM * 2)),
  };
  if (!encrypted) {
    sig.M = PDFString.of(pdfDate(options.signedAt ?? new Date()));
    if (options.reason) sig.Reason = PDFHexString.fromText(options.reason);
  }
  const sigRef = ctx.register(ctx.obj(sig as never));

  const pages = doc.getPages();
  const page = pages[pages.length - 1];
  const widget: Record<string, unknown> = { Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: ctx.obj([0, 0, 0, 0]), V: sigRef, F: 132, P: page.ref };
  if (fieldName) widget.T = PDFHexString.fromText(fieldName);
  const widgetRef = ctx.register(ctx.obj(widget as never));

  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) {
    annots.push(widgetRef);
    const annotsRef = page.node.get(PDFName.of('Annots'));
    if (annotsRef instanceof PDFRef) snapshot.markRefForSave(annotsRef);
  } else {
    page.node.set(PDFName.of('Annots'), ctx.obj([widgetRef]));
  }
  snapshot.markRefForSave(page.ref);

  const catalog = doc.catalog;
  const acroFormEntry = catalog.get(PDFName.of('AcroForm'));
  let acroForm = catalog.lookup(PDFName.of('AcroForm'));
  if (!(acroForm instanceof PDFDict)) {
    acroForm = ctx.obj({ Fields: [] });
    catalog.set(PDFName.of('AcroForm'), ctx.register(acroForm as PDFDict));
    snapshot.markRefForSave(ctx.trailerInfo.Root as PDFRef);
  } else if (acroFormEntry instanceof PDFRef) {
    snapshot.markRefForSave(acroFormEntry);
  } else {
    snapshot.markRefForSave(ctx.trailerInfo.Root as PDFRef);
  }
  const form = acroForm as PDFDict;
  const fields = form.lookup(PDFName.of('Fields'));
  if (fields instanceof PDFArray) {
    fields.push(widgetRef);
    const fieldsRef = form.get(PDFName.of('Fields'));
    if (fieldsRef instanceof PDFRef) snapshot.markRefForSave(fieldsRef);
  } else {
    form.set(PDFName.of('Fields'), ctx.obj([widgetRef]));
  }
  form.set(PDFName.of('SigFlags'), PDFNumber.of(3)); // signatures exist, append only
  return doc.saveIncremental(snapshot, { useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK });
}

/**
 * The visible seal (group setting `seal_visible`): a small stamp in the bottom-right corner of the
 * last page, drawn into the page before encryption and signing, so it is part of what the signature
 * covers. The signature widget itself stays invisible (zero rectangle): the stamp is page content,
 * which every reader and printer shows the same way.
 */
export async function drawSealStamp(doc: PdfLibDocument, seal: { commonName: string; fingerprint: string; signedAt?: Date }): Promise<void> {
  const page = doc.getPages()[doc.getPageCount() - 1];
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const box = page.getCropBox();
  const width = 190;
  const height = 40;
  const x = box.x + box.width - width - 12;
  const y = box.y + 12;
  page.drawRectangle({ x, y, width, height, color: rgb(1, 1, 1), borderColor: rgb(0.1, 0.3, 0.6), borderWidth: 0.75, opacity: 0.9 });
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  const lines = [
    'Digitally sealed by',
    ascii(seal.commonName).slice(0, 45),
    `SHA-256 ${seal.fingerprint.slice(0, 23)}...  ${(seal.signedAt ?? new Date()).toISOString().slice(0, 10)}`,
  ];
  lines.forEach((line, i) => page.drawText(line, { x: x + 5, y: y + height - 11 - i * 11, size: i === 1 ? 8 : 6.5, font, color: rgb(0.1, 0.3, 0.6) }));
}
