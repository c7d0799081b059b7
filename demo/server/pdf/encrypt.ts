/**
 * Password-protecting the final PDF (`pdf_password`, `pdf_password_type`). pdf-lib cannot encrypt;
 * its maintained, API-compatible fork @cantoo/pdf-lib can (AES-256, PDF 2.0 security handler R6),
 * so the pipeline uses pdf-lib for everything else and the fork only for this last step, on the
 * finished bytes. See docs/decisions/pdf.md.
 *
 * pdf_password_type (our definition; the specification shows the field but not its values):
 *   1 — open password: the PDF cannot be opened without it (it is also the owner password).
 *   2 — permissions password: anyone can open and print the PDF; changing it, copying from it and
 *       filling or annotating it need the password.
 * No password (or an empty one) leaves the PDF unencrypted.
 */
import { PDFDocument as CantooDocument } from '@cantoo/pdf-lib';

export const PDF_PASSWORD_TYPES = { open: 1, permissions: 2 } as const;
export type PdfPasswordType = 1 | 2;

export class PdfPasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfPasswordError';
  }
}

/** Why a password setting cannot be used, or null when it can. Call when the setting is saved. */
export function pdfPasswordProblem(password: unknown, type: unknown): string | null {
  if (password === undefined || password === null || password === '') return null;
  if (typeof password !== 'string') return 'pdf_password must be a string.';
  if (password.length > 127) return 'pdf_password may be at most 127 characters (the PDF limit for AES-256 passwords).';
  if (type !== undefined && type !== null && type !== 1 && type !== 2) return 'pdf_password_type must be 1 (password to open) or 2 (password to change; anyone may open).';
  return null;
}

/** Encrypts finished PDF bytes; returns them unchanged when there is no password. */
export async function encryptPdf(bytes: Uint8Array, password: string | null | undefined, type: PdfPasswordType | null | undefined = 1): Promise<Uint8Array> {
  if (!password) return bytes;
  const problem = pdfPasswordProblem(password, type);
  if (problem) throw new PdfPasswordError(problem);
  const doc = await CantooDocument.load(bytes, { updateMetadata: false });
  if (type === 2) {
    doc.encrypt({
      userPassword: '',
      ownerPassword: password,
      permissions: { printing: 'highResolution', contentAccessibility: true, copying: false, modifying: false, annotating: false, fillingForms: false, documentAssembly: false },
    });
  } else {
    // Anyone who knows the open password may do everything; the owner password is the same.
    doc.encrypt({ userPassword: password, ownerPassword: password });
  }
  return doc.save({ useObjectStreams: false });
}
