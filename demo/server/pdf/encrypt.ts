/**
 * Password-protecting the final PDF (`pdf_password`). pdf-lib cannot encrypt; its maintained,
 * API-compatible fork @cantoo/pdf-lib can (AES-256, the PDF 2.0 security handler R6), so the
 * pipeline uses pdf-lib for everything else and the fork only for this last step, on the finished
 * bytes. See docs/decisions/pdf.md.
 *
 * The document's `pdf_password_type` (1 keep the stored password, 2 forget it once signed; the
 * server's decision) is about retention; either way the final PDF needs the password to open.
 * `protection: 'permissions'` is there for callers that want anyone to open the PDF but only the
 * password holder to change it.
 */
import { PDFDocument as CantooDocument } from '@cantoo/pdf-lib';
import { OBJECTS_PER_TICK } from './load.ts';

export type PdfProtection = 'open' | 'permissions';

export class PdfPasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfPasswordError';
  }
}

/**
 * Encrypts finished PDF bytes; returns them unchanged when there is no password. AES-256 uses the
 * first 127 bytes of the UTF-8 password, as every R6 reader does, so longer passwords still work.
 */
export async function encryptPdf(bytes: Uint8Array, password: string | null | undefined, protection: PdfProtection = 'open'): Promise<Uint8Array> {
  if (!password) return bytes;
  if (typeof password !== 'string') throw new PdfPasswordError('The PDF password must be a string.');
  const doc = await CantooDocument.load(bytes, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  if (protection === 'permissions') {
    doc.encrypt({
      userPassword: '',
      ownerPassword: password,
      permissions: {
        printing: 'highResolution',
        contentAccessibility: true,
        copying: false,
        modifying: false,
        annotating: false,
        fillingForms: false,
        documentAssembly: false,
      },
    });
  } else {
    // Whoever knows the password may do everything: it is the owner password too.
    doc.encrypt({ userPassword: password, ownerPassword: password });
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: OBJECTS_PER_TICK });
}
