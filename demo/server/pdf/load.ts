/**
 * Loading PDF bytes with pdf-lib the way the whole pipeline does: tolerant of the small breakages
 * readers accept, never updating metadata (the template is the sender's document), and turning
 * every failure into a typed problem instead of an exception.
 */
import { PDFDocument } from 'pdf-lib';
import { repairPageTree } from './page-tree.ts';

/**
 * pdf-lib yields to the event loop every N objects while parsing and writing, through
 * setTimeout(0), which costs a millisecond or more per yield: with its defaults (100 parsing, 50
 * writing) that was most of the time spent saving a stamped 100-page PDF. Yielding every few thousand
 * objects keeps the server responsive (a few milliseconds of work between yields) without the toll.
 */
export const OBJECTS_PER_TICK = 5000;

/** `limit_exceeded`: over one of the server's limits (pages, inflated size): see docs/security.md. */
export type PdfProblemCode = 'not_pdf' | 'malformed' | 'encrypted' | 'empty' | 'xfa_only' | 'limit_exceeded';

export class PdfProblem extends Error {
  readonly code: PdfProblemCode;
  constructor(code: PdfProblemCode, message: string) {
    super(message);
    this.name = 'PdfProblem';
    this.code = code;
  }
}

const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** True when "%PDF-" appears in the first KiB (readers accept leading junk up to there). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024) - HEADER.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < HEADER.length; j++) if (bytes[i + j] !== HEADER[j]) continue outer;
    return true;
  }
  return false;
}

/** Checks the cheap things (empty, not a PDF) before any parser sees the bytes. */
export function checkPdfBytes(bytes: Uint8Array): void {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
    throw new PdfProblem('empty', 'The file is empty (0 bytes). Choose the PDF again and re-upload it.');
  }
  if (!hasPdfHeader(bytes)) {
    throw new PdfProblem('not_pdf', 'The file is not a PDF: it does not start with "%PDF-". Upload a PDF, or export the document to PDF first.');
  }
}

/**
 * pdf-lib prints lines (console.log/warn) per invalid object it skips; tolerated files would flood the server log.
 * Muted only while a load runs (it yields to the event loop, so other logs in that window are lost too;
 * the server logs through its own logger, not the console).
 */
let muted = 0;
let realLog: typeof console.log = console.log;
let realWarn: typeof console.warn = console.warn;
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  // A counter, so overlapping loads restore the real console.log only when the last one ends.
  if (muted++ === 0) {
    realLog = console.log;
    realWarn = console.warn;
    console.log = console.warn = () => {};
  }
  try {
    return await run();
  } finally {
    if (--muted === 0) {
      console.log = realLog;
      console.warn = realWarn;
    }
  }
}

/** Most objects a PDF may number (ISO 32000-1, Annex C: 8,388,607). */
export const MAX_PDF_OBJECTS = 8_388_607;

/**
 * The entry count an xref stream claims (its `/Index` counts, or `/Size` without them), when it is more
 * than the file could hold: more than MAX_PDF_OBJECTS, or more than the file's byte count (every object
 * takes bytes of its own). pdf-lib reads that many entries from an xref stream whatever the stream's
 * length, so `/Size 99999999999999999999999` (found by the import fuzz) kept a worker busy until the job
 * timeout. Classic `xref` tables are not looked at: pdf-lib reads only the lines they have.
 */
export function impossibleObjectCount(bytes: Uint8Array): number | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const limit = Math.min(MAX_PDF_OBJECTS, bytes.length);
  let worst: number | undefined;
  for (const type of text.matchAll(/\/Type\s*\/XRef\b/g)) {
    // The stream's dictionary: from its "N G obj" to its "stream" keyword.
    const from = text.lastIndexOf('obj', type.index);
    const to = text.indexOf('stream', type.index);
    const dict = text.slice(from === -1 ? 0 : from, to === -1 ? text.length : to);
    const index = /\/Index\s*\[([\d\s]{0,2000})\]/.exec(dict);
    const counts = index
      ? index[1]!
          .trim()
          .split(/\s+/)
          .filter((_, i) => i % 2 === 1)
          .map(Number)
      : [Number(/\/Size\s*(\d{1,40})/.exec(dict)?.[1] ?? 0)];
    for (const n of counts) if (n > limit && (worst === undefined || n > worst)) worst = n;
  }
  return worst;
}

/**
 * Loads PDF bytes with pdf-lib, throwing PdfProblem (never anything else) when it cannot be used.
 * Encrypted files are refused: pdf-lib cannot decrypt, and stamping them would corrupt the output.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  checkPdfBytes(bytes);
  const claimed = impossibleObjectCount(bytes);
  if (claimed !== undefined) {
    throw new PdfProblem(
      'malformed',
      `The PDF is damaged: its cross-reference table claims ${claimed > 1e15 ? 'more than 10^15' : claimed} objects, more than the file can hold. Open it in a PDF reader, save or print it as a new PDF, and upload that.`,
    );
  }
  let doc: PDFDocument;
  try {
    doc = await quietly(() =>
      PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false, parseSpeed: OBJECTS_PER_TICK }),
    );
  } catch (err) {
    throw new PdfProblem(
      'malformed',
      `The PDF is damaged and cannot be read (${shortReason(err)}). Open it in a PDF reader, save or print it as a new PDF, and upload that.`,
    );
  }
  if (doc.isEncrypted) {
    throw new PdfProblem(
      'encrypted',
      'The PDF is encrypted (password-protected). Remove the password in your PDF software (or with `qpdf --decrypt`) and upload the unprotected PDF.',
    );
  }
  let pageCount: number;
  try {
    pageCount = doc.getPageCount();
  } catch (err) {
    throw new PdfProblem('malformed', `The PDF's page list is damaged (${shortReason(err)}). Save or print it as a new PDF and upload that.`);
  }
  if (pageCount === 0) throw new PdfProblem('empty', 'The PDF has no pages. Upload a PDF with at least one page.');
  try {
    // Indirect, missing or wrong /Count values: readers recount, pdf-lib would throw on the first added page.
    repairPageTree(doc);
  } catch (err) {
    throw new PdfProblem('malformed', `The PDF's page list is damaged (${shortReason(err)}). Save or print it as a new PDF and upload that.`);
  }
  return doc;
}

export function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const first = text.split('\n')[0].trim();
  return first.length > 160 ? first.slice(0, 157) + '...' : first || 'unknown error';
}

/**
 * Saves a document the way the pipeline does: no object streams (plain xref tables, the most widely
 * readable form), form appearances left alone, few event-loop yields.
 */
export function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: OBJECTS_PER_TICK });
}
