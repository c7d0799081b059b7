/**
 * pdf.js in Node for the pipeline: one place that knows where pdfjs-dist keeps its standard fonts,
 * CMaps and wasm decoders, and that opens documents with the options a server wants
 * (no system fonts, no font-face injection, quiet). The legacy build runs its worker code in-process in Node
 * ("fake worker"), so no worker file needs serving.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const PDFJS_DIR = dirname(require.resolve('pdfjs-dist/package.json'));

// pdf.js in Node reads these with fs when given plain paths ending in a separator.
const dataDir = (name: string) => join(PDFJS_DIR, name) + '/';

export type PdfjsDocument = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
export type PdfjsPage = Awaited<ReturnType<PdfjsDocument['getPage']>>;

export interface OpenedPdf {
  doc: PdfjsDocument;
  /** Frees the document and its in-process worker; safe to call twice. */
  close(): Promise<void>;
}

/** The exceptions pdf.js's worker code raises about a damaged file (all its BaseException kinds). */
const PDFJS_EXCEPTIONS = new Set([
  'FormatError',
  'InvalidPDFException',
  'MissingDataException',
  'ParserEOFException',
  'UnknownErrorException',
  'XRefEntryException',
  'XRefParseException',
  'JpegError',
  'JpxError',
  'DNLMarkerError',
  'EOIMarkerError',
]);

/** A pdf.js exception: its BaseException has `name` and `message` of its own over an Error prototype, and no stack of its own. */
function isPdfjsException(reason: unknown): boolean {
  return reason instanceof Error && PDFJS_EXCEPTIONS.has(reason.name) && Object.hasOwn(reason, 'name') && !Object.hasOwn(reason, 'stack');
}

/**
 * pdf.js 6 leaves a promise of its own unhandled when a damaged cross-reference table fails it after the
 * document opened (found by the import fuzz: a bad xref entry rejected after `getDocument` resolved, with
 * nothing of ours awaiting it). Unhandled, that ended the worker process, and with it whatever job it ran
 * next. Those rejections are dropped here; every other unhandled rejection still ends the process, as
 * Node does without a listener.
 */
function dropPdfjsLeftovers(reason: unknown): void {
  if (!isPdfjsException(reason)) throw reason;
}
if (!process.listeners('unhandledRejection').includes(dropPdfjsLeftovers)) process.on('unhandledRejection', dropPdfjsLeftovers);

/**
 * Opens PDF bytes with pdf.js. The bytes are copied first: pdf.js takes ownership of (and may
 * detach) the buffer it is given, and callers keep using theirs.
 */
export async function openWithPdfjs(bytes: Uint8Array, opts: { password?: string } = {}): Promise<OpenedPdf> {
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    password: opts.password,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    wasmUrl: dataDir('wasm'),
    iccUrl: dataDir('iccs'),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await task.destroy();
  };
  try {
    const doc = await task.promise;
    return { doc, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** pdf.js error names worth telling apart. */
export function pdfjsErrorName(err: unknown): string {
  return err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
}

export { pdfjs };
