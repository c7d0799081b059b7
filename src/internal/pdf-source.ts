/**
 * Loads one PDF for an element: from a URL (pdf.js range requests, progress), from
 * bytes, or through the REST API with a component token. A new `load()` or the
 * host's disconnection cancels the previous download and destroys its document.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getDocument, PasswordException, InvalidPDFException, ResponseException } from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { applyPdfWorkerSrc, destroyTask, getPdfAssetUrls, whenWorkerFree } from './pdf-worker.ts';
import { t } from './i18n.ts';

export type PdfSource =
  | { kind: 'url'; url: string; headers?: Record<string, string> }
  | { kind: 'bytes'; data: Uint8Array | ArrayBuffer }
  | { kind: 'rest'; endpoint: string; token: string; resource: 'template' | 'document'; id: string };

export type PdfErrorCode = 'invalid-pdf' | 'encrypted' | 'unauthorized' | 'not-found' | 'http' | 'network' | 'missing-source' | 'unknown';

export interface PdfLoadError {
  code: PdfErrorCode;
  /** A sentence a person can act on, in the host's language. */
  message: string;
  /** HTTP status when the server answered with an error. */
  status?: number;
}

export type PdfSourceStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Chunk size of range requests: big enough to keep request count low, small enough for a fast first page. */
export const RANGE_CHUNK_SIZE = 64 * 1024;

/** URL of a template's or document's PDF in the REST API (`endpoint` without trailing slash). */
export function restPdfUrl(endpoint: string, resource: 'template' | 'document', id: string): string {
  const base = endpoint.replace(/\/+$/, '');
  const path = resource === 'template' ? 'templatepdf' : 'pdf';
  return `${base}/api/v1/${path}/${encodeURIComponent(id)}/`;
}

/** Turns whatever pdf.js or the network threw into a message a person can act on. */
export function describePdfError(error: unknown, lang = 'en'): PdfLoadError {
  if (error instanceof PasswordException) return { code: 'encrypted', message: t(lang, 'error.encrypted') };
  if (error instanceof InvalidPDFException) return { code: 'invalid-pdf', message: t(lang, 'error.invalid') };
  if (error instanceof ResponseException) {
    const status = Number(error.status) || 0;
    if (status === 401 || status === 403) return { code: 'unauthorized', status, message: t(lang, 'error.unauthorized', { status }) };
    if (status === 404 || error.missing) return { code: 'not-found', status: 404, message: t(lang, 'error.notFound') };
    if (status === 0) return { code: 'network', message: t(lang, 'error.network') };
    return { code: 'http', status, message: t(lang, 'error.http', { status }) };
  }
  const name = (error as { name?: string } | null)?.name ?? '';
  const text = String((error as { message?: string } | null)?.message ?? error);
  // A failed fetch in pdf.js's worker arrives as UnknownErrorException "Failed to fetch" (Chromium),
  // "NetworkError when attempting to fetch resource." (Firefox) or "Load failed" (Safari).
  if (/failed to fetch|networkerror|load failed|network error/i.test(text)) return { code: 'network', message: t(lang, 'error.network') };
  // The worker reports structural failures it did not classify as UnknownErrorException/FormatError.
  if (/UnknownErrorException|FormatError|XRef|Invalid|Bad|Unexpected|Root|trailer/i.test(`${name} ${text}`)) {
    return { code: 'invalid-pdf', message: t(lang, 'error.invalid') };
  }
  return { code: 'unknown', message: t(lang, 'error.unknown', { detail: text }) };
}

export interface PdfSourceOptions {
  /** Language for error messages. */
  lang?: () => string;
  onReady?: (doc: PDFDocumentProxy) => void;
  onError?: (error: PdfLoadError) => void;
}

export class PdfSourceController implements ReactiveController {
  status: PdfSourceStatus = 'idle';
  /** Fraction downloaded (0..1), or null while the size is unknown. */
  progress: number | null = null;
  doc: PDFDocumentProxy | null = null;
  error: PdfLoadError | null = null;

  private readonly host: ReactiveControllerHost;
  private readonly options: PdfSourceOptions;
  private task: PDFDocumentLoadingTask | null = null;
  private generation = 0;
  private lastSource: PdfSource | null = null;

  constructor(host: ReactiveControllerHost, options: PdfSourceOptions = {}) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    // Reattached after a move in the DOM: reopen what was shown.
    if (this.lastSource && this.status === 'idle') void this.load(this.lastSource);
  }

  hostDisconnected(): void {
    const source = this.lastSource;
    this.close();
    this.lastSource = source;
  }

  /** Opens `source` (null closes); resolves with the document, or null when it failed or was superseded. */
  async load(source: PdfSource | null): Promise<PDFDocumentProxy | null> {
    this.close();
    this.lastSource = source;
    if (!source) return null;
    const generation = this.generation;
    this.status = 'loading';
    this.progress = null;
    this.host.requestUpdate();
    applyPdfWorkerSrc();
    // No streaming and no pre-fetching: pdf.js then asks only for the byte ranges the shown pages need.
    const params: Parameters<typeof getDocument>[0] = {
      rangeChunkSize: RANGE_CHUNK_SIZE,
      disableAutoFetch: true,
      disableStream: true,
      verbosity: 0,
      ...getPdfAssetUrls(document.baseURI),
    };
    if (source.kind === 'bytes') {
      // pdf.js transfers the buffer to its worker: copy so the page's array stays usable.
      params.data = source.data instanceof Uint8Array ? source.data.slice() : new Uint8Array(source.data.slice(0));
    } else if (source.kind === 'url') {
      params.url = new URL(source.url, document.baseURI).href;
      if (source.headers) params.httpHeaders = source.headers;
    } else {
      params.url = restPdfUrl(source.endpoint, source.resource, source.id);
      params.httpHeaders = { Authorization: `Bearer ${source.token}` };
    }
    await whenWorkerFree();
    if (generation !== this.generation) return null;
    const task = getDocument(params);
    this.task = task;
    task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      if (generation !== this.generation) return;
      this.progress = total > 0 ? Math.min(1, loaded / total) : null;
      this.host.requestUpdate();
    };
    try {
      const doc = await task.promise;
      if (generation !== this.generation) return null;
      this.doc = doc;
      this.status = 'ready';
      this.progress = 1;
      this.host.requestUpdate();
      this.options.onReady?.(doc);
      return doc;
    } catch (error) {
      if (generation !== this.generation) return null;
      this.fail(describePdfError(error, this.options.lang?.() ?? 'en'));
      return null;
    }
  }

  /** Puts the controller into the error state (also used for a missing source). */
  fail(error: PdfLoadError): void {
    this.status = 'error';
    this.error = error;
    this.host.requestUpdate();
    this.options.onError?.(error);
  }

  /** Cancels any download and frees the document and its worker. */
  close(): void {
    this.generation++;
    const task = this.task;
    this.task = null;
    this.doc = null;
    this.error = null;
    this.progress = null;
    this.lastSource = null;
    if (this.status !== 'idle') {
      this.status = 'idle';
      this.host.requestUpdate();
    }
    if (task) destroyTask(task);
  }
}
