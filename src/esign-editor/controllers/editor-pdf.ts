/**
 * The template's PDF in the editor: open what the attributes name (a REST template's fields load beside
 * it), lay its pages out, zoom (the `zoom` attribute, the toolbar's buttons, ctrl+wheel and pinch, re-fit on
 * resize), and say each cause of a failed load once (the PDF and the fields fail together on a stale token).
 */
import type { ReactiveControllerHost } from 'lit';
import { PdfSourceController, describePdfError, type PdfErrorCode } from '../../internal/pdf-source.ts';
import { PdfPagesController } from '../../internal/pdf-pages.ts';
import { ZoomGesturesController } from '../../internal/zoom.ts';
import { FitOnResizeController, applyZoomScale, openPdfSource, pdfSourceOf, zoomScale, type PdfSourceAttributes } from '../../internal/pdf-view-wiring.ts';
import type { PageSize } from '../editing/field-doc.ts';
import { LoadErrorGate } from './load-errors.ts';

export interface EditorPdfOptions {
  lang: () => string;
  /** The element's `zoom` attribute. */
  zoom: () => string;
  scroller: () => HTMLElement | null;
  /** Page `page` (1-based) in the shadow DOM. */
  pageElement: (page: number) => HTMLElement | null;
  /** Page `page` (1-based) was painted. */
  onPageRendered: (page: number) => void;
  /** Every page is laid out. */
  onLayoutComplete: (pages: number) => void;
  /** The PDF is open and has `count` pages. */
  onPagesKnown: (count: number) => void;
  /** The PDF is a REST template: load its fields too. */
  loadFields: () => void;
  /** A load failed for a cause not yet reported in this load (`esign-error`). */
  onError: (message: string, code: PdfErrorCode) => void;
}

export class EditorPdf {
  readonly source: PdfSourceController;
  readonly pages: PdfPagesController;
  /** Fit modes stay fitted as the scroller resizes. */
  readonly fit: FitOnResizeController;
  readonly gestures: ZoomGesturesController;

  private readonly options: EditorPdfOptions;
  /** The PDF and the fields load side by side; one bad token is one `esign-error`. */
  private readonly loadErrors = new LoadErrorGate();

  constructor(host: ReactiveControllerHost, options: EditorPdfOptions) {
    this.options = options;
    this.source = new PdfSourceController(host, {
      lang: options.lang,
      onReady: (doc) =>
        void this.pages
          .setDocument(doc, 0, () => this.targetScale())
          .then(() => {
            if (this.pages.pageCount > 0) options.onPagesKnown(this.pages.pageCount);
          }),
      onError: (error) => {
        void this.pages.setDocument(null);
        this.failed(error.message, error.code);
      },
    });
    this.pages = new PdfPagesController(host, {
      scroller: options.scroller,
      pageElement: (index) => options.pageElement(index + 1),
      onPageRendered: (index) => options.onPageRendered(index + 1),
      onLayoutComplete: () => options.onLayoutComplete(this.pages.pageCount),
      onCurrentPageChange: () => host.requestUpdate(),
      onError: (error) => this.source.fail(describePdfError(error, options.lang())),
    });
    this.fit = new FitOnResizeController(host, { scroller: options.scroller, zoom: options.zoom, pages: this.pages });
    this.gestures = new ZoomGesturesController(host, {
      scroller: options.scroller,
      scale: () => this.pages.scale,
      zoomTo: (scale, anchor) => this.applyScale(scale, anchor),
    });
  }

  /** Opens the PDF the attributes name (closing the one shown); a REST template's fields load beside it. */
  open(attributes: Omit<PdfSourceAttributes, 'resource'>): void {
    this.loadErrors.reset();
    const wanted = pdfSourceOf({ ...attributes, resource: 'template' });
    openPdfSource(this.source, this.pages, wanted, this.options.lang());
    if (wanted && wanted !== 'incomplete' && wanted.kind === 'rest') this.options.loadFields();
  }

  /** A failure while loading the PDF or the fields: `esign-error` unless this load already reported the same cause. */
  failed(message: string, code: PdfErrorCode): void {
    if (this.loadErrors.first(code)) this.options.onError(message, code);
  }

  /** The scale the `zoom` attribute asks for now. */
  targetScale(): number {
    return zoomScale(this.options.zoom(), this.pages);
  }

  applyScale(scale: number, anchor?: { clientX: number; clientY: number }): void {
    applyZoomScale(this.pages, this.options.zoom(), scale, anchor);
  }

  /** A page's displayed size in points (the first page's until its own is known). */
  pageSizePt(page: number): PageSize {
    const count = this.pages.pageCount;
    if (count === 0) return { width: 612, height: 792 };
    return this.pages.layout.pageSizePt(Math.min(count, Math.max(1, page)) - 1);
  }
}
