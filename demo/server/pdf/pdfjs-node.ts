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
