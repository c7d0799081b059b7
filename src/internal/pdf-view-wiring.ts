/**
 * What an element that shows a PDF from its attributes does besides rendering: decide which PDF the
 * attributes name (bytes, a URL, or a template/document through the REST API), open it (an incomplete
 * REST trio is a `missing-source` error), turn `zoom` into a scale, and keep fit modes fitted as the
 * scroller resizes. The viewer, the editor and the signer all use it, so the three behave alike.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PdfSource, PdfSourceController } from './pdf-source.ts';
import type { PdfPagesController } from './pdf-pages.ts';
import type { RestResource } from './rest-client.ts';
import { clampScale, parseZoom } from './zoom.ts';
import { t } from './i18n.ts';

export interface PdfSourceAttributes {
  data: Uint8Array | ArrayBuffer | null;
  src: string;
  endpoint: string;
  token: string;
  resource: RestResource;
  /** The template or document id ('' when none). */
  id: string;
}

/** Bytes win over a URL, a URL over the REST API; null when nothing is named, 'incomplete' when the REST trio is partial. */
export function pdfSourceOf(a: PdfSourceAttributes): PdfSource | null | 'incomplete' {
  if (a.data) return { kind: 'bytes', data: a.data };
  if (a.src) return { kind: 'url', url: a.src };
  if (!a.id && !a.endpoint) return null;
  if (!a.id || !a.endpoint || !a.token) return 'incomplete';
  return { kind: 'rest', endpoint: a.endpoint, token: a.token, resource: a.resource, id: a.id };
}

/** Closes the pages shown and opens `wanted`; an incomplete REST trio becomes a `missing-source` error. */
export function openPdfSource(source: PdfSourceController, pages: PdfPagesController, wanted: PdfSource | null | 'incomplete', lang: string): void {
  void pages.setDocument(null);
  if (wanted === 'incomplete') {
    source.close();
    source.fail({ code: 'missing-source', message: t(lang, 'error.missingSource') });
    return;
  }
  void source.load(wanted);
}

/** The scale `zoom` asks for: its factor, or the fit mode (`fit-width` by default) measured now. */
export function zoomScale(zoom: string, pages: PdfPagesController): number {
  const mode = parseZoom(zoom) ?? 'fit-width';
  return typeof mode === 'number' ? mode : pages.fitScale(mode);
}

/**
 * Shows the pages at `scale` (a gesture, a zoom button, or what `zoom` asks for), clamped to the zoom range.
 * With `writeZoom`, an element whose `zoom` attribute should follow the zoom in use hears the new value:
 * a scale that is not the current fit mode's is rounded to 3 decimals and written back, so the two never disagree.
 */
export function applyZoomScale(
  pages: PdfPagesController,
  zoom: string,
  scale: number,
  anchor?: { clientX: number; clientY: number },
  writeZoom?: (zoom: string) => void,
): void {
  if (!writeZoom) {
    pages.setScale(clampScale(scale), anchor);
    return;
  }
  const mode = parseZoom(zoom);
  const fitting = typeof mode === 'string' && Math.abs(pages.fitScale(mode) - scale) < 1e-6;
  const next = fitting ? scale : Math.round(clampScale(scale) * 1000) / 1000;
  pages.setScale(next, anchor);
  if (!fitting && mode !== next) writeZoom(String(next));
}

export interface FitOnResizeOptions {
  scroller: () => HTMLElement | null;
  zoom: () => string;
  pages: PdfPagesController;
}

/** Re-fits `fit-width`/`fit-page` and tells the pages when the scroller's size changes. */
export class FitOnResizeController implements ReactiveController {
  private readonly options: FitOnResizeOptions;
  private observer: ResizeObserver | null = null;
  private observed: HTMLElement | null = null;

  constructor(host: ReactiveControllerHost, options: FitOnResizeOptions) {
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.observer = new ResizeObserver(() => this.onResize());
    this.observed = null;
    this.observeScroller();
  }

  /** The scroller exists only after the first render. */
  hostUpdated(): void {
    this.observeScroller();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.observed = null;
  }

  private observeScroller(): void {
    const scroller = this.options.scroller();
    if (!this.observer || !scroller || scroller === this.observed) return;
    if (this.observed) this.observer.unobserve(this.observed);
    this.observer.observe(scroller);
    this.observed = scroller;
  }

  private onResize(): void {
    const { pages } = this.options;
    const mode = parseZoom(this.options.zoom());
    if (typeof mode === 'string' && pages.pageCount > 0) pages.setScale(pages.fitScale(mode));
    pages.onResize();
  }
}
