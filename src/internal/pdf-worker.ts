/**
 * Where pdf.js finds its worker script. One setting for the whole page: every
 * element that opens a PDF calls `applyPdfWorkerSrc()` before `getDocument()`.
 */
import { GlobalWorkerOptions } from 'pdfjs-dist';

// Built from a variable so bundlers do not rewrite it: the build copies the
// worker beside the library entries, and this resolves against the module's own URL.
const WORKER_FILE = 'pdf.worker.min.mjs';
let workerSrc: string | null = null;

/** Sets the URL of pdf.js's worker (`pdf.worker.min.mjs`); call it before the first element loads a PDF. */
export function setPdfWorkerSrc(url: string | URL): void {
  workerSrc = String(url);
  GlobalWorkerOptions.workerSrc = workerSrc;
}

/** The worker URL in use: the one set, or `./pdf.worker.min.mjs` beside this library module. */
export function getPdfWorkerSrc(): string {
  if (workerSrc) return workerSrc;
  const relative = './' + WORKER_FILE;
  return new URL(relative, import.meta.url).href;
}

/** Makes pdf.js use `getPdfWorkerSrc()` unless the page configured pdf.js itself. */
export function applyPdfWorkerSrc(): void {
  if (workerSrc || !GlobalWorkerOptions.workerSrc) GlobalWorkerOptions.workerSrc = getPdfWorkerSrc();
}
