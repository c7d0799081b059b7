/**
 * Upload validation: can this file be a template? Reads it with pdf-lib (which stamps it later)
 * and with pdf.js (which shows it in the components and reads its text tags); a file either of
 * them cannot open is refused with a message a person can act on. Never throws.
 */
import { PDFArray, PDFDict, PDFName, PDFBool, StandardFonts, type PDFDocument } from 'pdf-lib';
import type { PageGeometry } from 'esign-elements/fields';
import { loadPdf, PdfProblem, shortReason, type PdfProblemCode } from './load.ts';
import { pageGeometryOf } from './page-geometry.ts';
import { openWithPdfjs, pdfjsErrorName } from './pdfjs-node.ts';
import { tooManyPages } from './tags.ts';

export interface PdfInfo {
  ok: true;
  pageCount: number;
  pages: PageGeometry[];
  /** The file has an interactive form (AcroForm) with at least one field. */
  hasAcroForm: boolean;
  /** The form also carries an XFA description (ignored: the AcroForm fields are what we read). */
  hasXfa: boolean;
}

export interface PdfRefusal {
  ok: false;
  code: PdfProblemCode;
  message: string;
}

export type InspectResult = PdfInfo | PdfRefusal;

/** The form facts inspect and form import both need. */
export function formFacts(doc: PDFDocument): { fieldCount: number; hasXfa: boolean; needsRendering: boolean } {
  const acro = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = acro?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  const xfa = acro?.get(PDFName.of('XFA'));
  const needs = doc.catalog.get(PDFName.of('NeedsRendering'));
  return {
    fieldCount: fields?.size() ?? 0,
    hasXfa: xfa !== undefined,
    needsRendering: needs instanceof PDFBool && needs.asBoolean(),
  };
}

/** `maxPages`: more pages is a `limit_exceeded` refusal, answered before pdf.js opens the file. */
export async function inspectPdf(bytes: Uint8Array, limits: { maxPages?: number } = {}): Promise<InspectResult> {
  let doc: PDFDocument;
  try {
    doc = await loadPdf(bytes);
  } catch (err) {
    if (err instanceof PdfProblem) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 'malformed', message: `The PDF cannot be read (${shortReason(err)}).` };
  }

  const count = doc.getPageCount();
  if (limits.maxPages !== undefined && count > limits.maxPages) {
    return { ok: false, code: 'limit_exceeded', message: tooManyPages(count, limits.maxPages).message };
  }
  let pages: PageGeometry[];
  let facts: ReturnType<typeof formFacts>;
  try {
    pages = doc.getPages().map(pageGeometryOf);
    facts = formFacts(doc);
  } catch (err) {
    return { ok: false, code: 'malformed', message: `The PDF's pages are damaged (${shortReason(err)}). Save or print it as a new PDF and upload that.` };
  }
  // Dry run, on this throw-away copy, of what the final-PDF job does: text drawn on every page (the
  // fields) and a page appended (the history). A template the stamper cannot process would leave
  // its documents unfinished after signing, so it is refused now.
  try {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const page of doc.getPages()) page.drawText('x', { x: 0, y: 0, size: 1, font });
    doc.addPage();
  } catch (err) {
    return {
      ok: false,
      code: 'malformed',
      message: `The PDF's pages cannot be stamped (${shortReason(err)}), so the signed PDF could not be produced. Save or print it as a new PDF and upload that.`,
    };
  }
  if (facts.hasXfa && (facts.fieldCount === 0 || facts.needsRendering)) {
    return {
      ok: false,
      code: 'xfa_only',
      message:
        'The PDF is a dynamic XFA form: its pages are drawn by Adobe software at open time, so other viewers show only a placeholder. Open it in Adobe Acrobat/Reader and print it to a new PDF, then upload that.',
    };
  }

  const viewerProblem = await checkWithPdfjs(bytes);
  if (viewerProblem) return viewerProblem;

  return { ok: true, pageCount: pages.length, pages, hasAcroForm: facts.fieldCount > 0, hasXfa: facts.hasXfa };
}

/** pdf.js must open the file too: the components display it with pdf.js. */
async function checkWithPdfjs(bytes: Uint8Array): Promise<PdfRefusal | null> {
  let opened;
  try {
    opened = await openWithPdfjs(bytes);
  } catch (err) {
    if (pdfjsErrorName(err) === 'PasswordException') {
      return {
        ok: false,
        code: 'encrypted',
        message: 'The PDF is password-protected. Remove the password in your PDF software (or with `qpdf --decrypt`) and upload the unprotected PDF.',
      };
    }
    return {
      ok: false,
      code: 'malformed',
      message: `The PDF is damaged: its structure (cross-reference table or trailer) cannot be read by PDF viewers (${shortReason(err)}). Open it in a PDF reader, save or print it as a new PDF, and upload that.`,
    };
  }
  try {
    await opened.doc.getPage(1);
    return null;
  } catch (err) {
    return {
      ok: false,
      code: 'malformed',
      message: `The PDF's first page cannot be read (${shortReason(err)}). Save or print it as a new PDF and upload that.`,
    };
  } finally {
    await opened.close();
  }
}
