/**
 * Where pdf.js finds its worker script and its data files. One setting for the
 * whole page: every element that opens a PDF calls `applyPdfWorkerSrc()` before
 * `getDocument()` and passes `getPdfAssetUrls()` to it.
 */
import { GlobalWorkerOptions } from 'pdfjs-dist';

// Built from a variable so bundlers do not rewrite it: the worker lives in dist/cdn/, beside the CDN
// files, and this resolves against the module's own URL. The npm modules one folder up get
// `./cdn/` from the build (vite.config.ts, mode lib); sources served as they are use `./`.
declare const __ESIGN_WORKER_DIR__: string | undefined;
const WORKER_DIR = typeof __ESIGN_WORKER_DIR__ === 'string' ? __ESIGN_WORKER_DIR__ : './';
const WORKER_FILE = 'pdf.worker.min.mjs';
let workerSrc: string | null = null;
let assetsBase: string | null = null;

/** Sets the URL of pdf.js's worker (`pdf.worker.min.mjs`); call it before the first element loads a PDF. */
export function setPdfWorkerSrc(url: string | URL): void {
  workerSrc = String(url);
  GlobalWorkerOptions.workerSrc = workerSrc;
}

/**
 * Hands pdf.js a worker the page started itself (`new Worker(url, { type: 'module' })`), or null to let pdf.js
 * start its own again. Its script is the largest download of a page that shows a PDF: a page can start it
 * before the elements' modules arrive (demo/web/sign.js does), and every document then loads through it.
 */
export function setPdfWorkerPort(worker: Worker | null): void {
  GlobalWorkerOptions.workerPort = worker;
}

/** Loading tasks being destroyed: pdf.js refuses a new document on a page-started worker until they are done. */
let destroying: Promise<unknown> = Promise.resolve();

/** Destroys a loading task (and its document), remembered so `whenWorkerFree()` can wait for it. */
export function destroyTask(task: { destroy(): Promise<void> }): void {
  destroying = Promise.all([destroying, task.destroy().catch(() => {})]);
}

/** Resolves once the worker can take a new document: at once unless the page gave pdf.js its worker. */
export async function whenWorkerFree(): Promise<void> {
  if (GlobalWorkerOptions.workerPort) await destroying;
}

/** The worker URL in use: the one set, or `pdf.worker.min.mjs` in dist/cdn/ (beside the CDN files). */
export function getPdfWorkerSrc(): string {
  if (workerSrc) return workerSrc;
  const relative = WORKER_DIR + WORKER_FILE;
  return new URL(relative, import.meta.url).href;
}

/** Makes pdf.js use `getPdfWorkerSrc()` unless the page configured pdf.js itself. */
export function applyPdfWorkerSrc(): void {
  if (workerSrc || !GlobalWorkerOptions.workerSrc) GlobalWorkerOptions.workerSrc = getPdfWorkerSrc();
}

/**
 * Sets the folder that holds pdf.js's data folders (`cmaps/`, `standard_fonts/`, `wasm/`, `iccs/`), as
 * pdfjs-dist ships them. pdf.js fetches them only for documents that need them: CJK text without
 * embedded fonts, missing standard fonts, JPEG 2000 and JBIG2 images, ICC colour profiles.
 */
export function setPdfAssetsBase(url: string | URL): void {
  assetsBase = String(url).replace(/\/?$/, '/');
}

export interface PdfAssetUrls {
  cMapUrl: string;
  standardFontDataUrl: string;
  wasmUrl: string;
  iccUrl: string;
}

/**
 * URLs of pdf.js's data folders: under the base set with `setPdfAssetsBase()`, else beside the
 * worker, except that a worker inside `pdfjs-dist/build/` means the package root.
 */
export function getPdfAssetUrls(baseUrl: string = globalThis.location?.href ?? 'http://localhost/'): PdfAssetUrls {
  let base = assetsBase;
  if (!base) {
    const worker = new URL(getPdfWorkerSrc(), baseUrl);
    const folder = new URL('./', worker);
    base = /\/pdfjs-dist\/(legacy\/)?build\/$/.test(folder.pathname) ? new URL('../', folder).href : folder.href;
    if (/\/legacy\/$/.test(new URL(base).pathname)) base = new URL('../', base).href;
  }
  const absolute = new URL(base, baseUrl).href;
  return {
    cMapUrl: `${absolute}cmaps/`,
    standardFontDataUrl: `${absolute}standard_fonts/`,
    wasmUrl: `${absolute}wasm/`,
    iccUrl: `${absolute}iccs/`,
  };
}
