import { html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { PropertyValues, TemplateResult } from 'lit';
import { EsignElement, defineElement } from '../internal/esign-element.ts';
import { PdfSourceController, describePdfError } from '../internal/pdf-source.ts';
import type { PdfErrorCode, PdfLoadError, PdfSource } from '../internal/pdf-source.ts';
import { FitOnResizeController, applyZoomScale, openPdfSource, pdfSourceOf, zoomScale } from '../internal/pdf-view-wiring.ts';
import { PdfPagesController } from '../internal/pdf-pages.ts';
import { renderPages, pagesStyles } from '../internal/pages-template.ts';
import { fieldsByPage, fieldOverlayStyles, renderFieldOverlay } from '../internal/field-overlay.ts';
import type { FieldEntry } from '../internal/field-overlay.ts';
import { ZoomGesturesController, stepZoom } from '../internal/zoom.ts';
import { fetchFields } from '../internal/rest-client.ts';
import { langOf, t } from '../internal/i18n.ts';
import type { FieldElement } from '../fields/types.ts';
import { renderLoadError, renderProgress, statusStyles } from '../internal/status-templates.ts';
import { viewerStyles } from './esign-viewer.styles.ts';
import { renderViewerToolbar } from './viewer-toolbar.ts';

/**
 * Shows a PDF with its signing fields drawn over it, read-only.
 *
 * @summary A fast, accessible PDF viewer with a read-only field overlay.
 *
 * @attr src - URL of the PDF; fetched with range requests so the first page shows before the whole file arrives.
 * @attr template - Template id to load through the REST API (with `endpoint` and `token`).
 * @attr document - Document id to load through the REST API (with `endpoint` and `token`).
 * @attr token - Component token sent as `Authorization: Bearer <token>`.
 * @attr endpoint - Base URL of the server, without a trailing slash.
 * @attr zoom - `fit-width` (default), `fit-page`, a factor (`1.5`) or a percentage (`150%`).
 * @attr page - The current page (1-based); setting it scrolls there.
 * @attr hide-toolbar - Hides the toolbar (navigation and zoom stay available by keyboard and methods).
 * @attr no-text-layer - Leaves out the text layer (the transparent page text that screen readers read and people select).
 *
 * @prop {Uint8Array | ArrayBuffer | null} data - The PDF's bytes; takes precedence over `src` and REST.
 * @prop {FieldElement[] | null} fields - Fields (element JSON) to draw; set a new array to change them (the viewer never modifies it). Loaded from REST when unset and `template`/`document` is given.
 *
 * @event esign-ready - The document is open and every page is laid out. `detail: { pages }`.
 * @event esign-page-change - The current page changed. `detail: { page, pages }`.
 * @event esign-page-render - A page's canvas was painted. `detail: { page }`.
 * @event esign-error - The document could not be shown. `detail: { message, code }`; `message` says what to do.
 *
 * @csspart toolbar - The toolbar.
 * @csspart button - Every toolbar button.
 * @csspart page-indicator - The "Page n of m" text.
 * @csspart zoom-level - The zoom percentage.
 * @csspart scroller - The scrolling area.
 * @csspart pages - The column of pages.
 * @csspart page - One page (a labelled region; `data-page` is its number, `data-rendered` is set once painted).
 * @csspart field-overlay - The layer over a page holding its fields.
 * @csspart field - One field box (also `field-signature`, `field-initials`, `field-text`, `field-admin`, `field-filled`).
 * @csspart field-label - A field's label, shown while it is empty.
 * @csspart field-value - A field's filled value.
 * @csspart field-image - A signature or initials image.
 * @csspart progress - The loading progress bar.
 * @csspart error - The error message box.
 *
 * @cssproperty --esign-font-family - Font of the toolbar and messages.
 * @cssproperty --esign-text-color - Text colour.
 * @cssproperty --esign-viewer-background - Background behind the pages.
 * @cssproperty --esign-viewer-border - Border around the viewer.
 * @cssproperty --esign-toolbar-background - Toolbar background.
 * @cssproperty --esign-button-background - Toolbar button background.
 * @cssproperty --esign-accent-color - Progress bar and accents.
 * @cssproperty --esign-focus-color - Focus ring colour.
 * @cssproperty --esign-page-background - Page placeholder colour before it is painted.
 * @cssproperty --esign-page-shadow - Shadow around pages.
 * @cssproperty --esign-field-text-color - Text colour inside fields.
 * @cssproperty --esign-field-border-width - Field border width.
 * @cssproperty --esign-error-color - Error accent colour.
 */
export class EsignViewer extends EsignElement {
  static override styles = [EsignElement.directionStyles, viewerStyles, statusStyles, pagesStyles, fieldOverlayStyles];

  static override properties = {
    src: { type: String },
    data: { attribute: false },
    template: { type: String },
    document: { type: String },
    token: { type: String },
    endpoint: { type: String },
    fields: { attribute: false },
    zoom: { type: String },
    page: { type: Number, reflect: true },
    hideToolbar: { type: Boolean, attribute: 'hide-toolbar', reflect: true },
    noTextLayer: { type: Boolean, attribute: 'no-text-layer' },
  };

  declare src: string;
  declare data: Uint8Array | ArrayBuffer | null;
  declare template: string;
  declare document: string;
  declare token: string;
  declare endpoint: string;
  declare fields: FieldElement[] | null;
  declare zoom: string;
  declare page: number;
  declare hideToolbar: boolean;
  declare noTextLayer: boolean;

  protected readonly source = new PdfSourceController(this, {
    lang: () => this.lang_,
    onReady: (doc) => void this.pages.setDocument(doc, (this.page || 1) - 1, () => this.targetScale()),
    onError: (error) => this.reportError(error),
  });

  protected readonly pages: PdfPagesController = new PdfPagesController(this, {
    scroller: () => this.scroller,
    pageElement: (index) => this.renderRoot.querySelector<HTMLElement>(`.page[data-page="${index + 1}"]`),
    onPageRendered: (index) => this.emit('esign-page-render', { page: index + 1 }),
    onCurrentPageChange: (index) => this.currentPageChanged(index),
    onLayoutComplete: () => this.emit('esign-ready', { pages: this.pages.pageCount }),
    onError: (error) => this.source.fail(describePdfError(error, this.lang_)),
    textLayer: () => !this.noTextLayer,
  });

  protected readonly fit = new FitOnResizeController(this, { scroller: () => this.scroller, zoom: () => this.zoom, pages: this.pages });

  protected readonly gestures = new ZoomGesturesController(this, {
    scroller: () => this.scroller,
    scale: () => this.pages.scale,
    zoomTo: (scale, anchor) => this.applyScale(scale, anchor),
  });

  /** Fields read from REST when `fields` is not set. */
  private restFields: FieldElement[] | null = null;
  /** Text of the polite live region. */
  private announcement = '';
  private fieldsCache: { source: FieldElement[] | null; byPage: Map<number, FieldEntry[]> } = { source: null, byPage: new Map() };
  private pageFromScroll = 0;
  private restAbort: AbortController | null = null;

  constructor() {
    super();
    this.src = '';
    this.data = null;
    this.template = '';
    this.document = '';
    this.token = '';
    this.endpoint = '';
    this.fields = null;
    this.zoom = 'fit-width';
    this.page = 1;
    this.hideToolbar = false;
    this.noTextLayer = false;
  }

  /** Number of pages of the open document (0 while none is open). */
  get pageCount(): number {
    return this.pages.pageCount;
  }

  /** The zoom factor in use (1 = 100%), whatever `zoom` says. */
  get scale(): number {
    return this.pages.scale;
  }

  /** Scrolls to page `page` (1-based, clamped). */
  goToPage(page: number): void {
    const count = this.pages.pageCount;
    if (count === 0) return;
    const target = Math.min(count, Math.max(1, Math.round(page)));
    this.pageFromScroll = 0;
    this.page = target;
    this.pages.scrollToPage(target - 1);
  }

  nextPage(): void {
    this.goToPage(this.pages.currentPage + 2);
  }

  previousPage(): void {
    this.goToPage(this.pages.currentPage);
  }

  zoomIn(): void {
    this.applyScale(stepZoom(this.pages.scale, 1));
  }

  zoomOut(): void {
    this.applyScale(stepZoom(this.pages.scale, -1));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Put back after a removal: the source controller reopens the PDF; fetch REST fields the removal cut short.
    const source = this.hasUpdated ? this.currentSource() : null;
    if (source && source !== 'incomplete' && source.kind === 'rest' && !this.restFields) this.loadRestFields(source);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.restAbort?.abort();
  }

  protected get lang_(): string {
    return langOf(this);
  }

  protected get scroller(): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>('.scroller') ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const sourceChanged = ['src', 'data', 'template', 'document', 'token', 'endpoint'].some((k) => changed.has(k as keyof EsignViewer));
    if (sourceChanged) {
      // Another document starts at its first page, unless `page` changed along with the source.
      if (!changed.has('page') && this.source.status !== 'idle') this.page = 1;
      this.reload();
    } else if (changed.has('page') && this.page !== this.pageFromScroll && this.pages.pageCount > 0) {
      this.goToPage(this.page);
    }
    if (changed.has('zoom') && this.pages.pageCount > 0) this.applyScale(this.targetScale());
    if (changed.has('noTextLayer') && this.hasUpdated) this.pages.textLayerChanged();
  }

  /** The zoom factor `zoom` asks for (fit modes measured now). */
  private targetScale(): number {
    return zoomScale(this.zoom, this.pages);
  }

  /** Unlike the editor's, the viewer's `zoom` follows gestures and buttons. */
  private applyScale(scale: number, anchor?: { clientX: number; clientY: number }): void {
    applyZoomScale(this.pages, this.zoom, scale, anchor, (zoom) => (this.zoom = zoom));
  }

  private reload(): void {
    this.restAbort?.abort();
    this.restAbort = null;
    this.restFields = null;
    const source = this.currentSource();
    openPdfSource(this.source, this.pages, source, this.lang_);
    if (source && source !== 'incomplete' && source.kind === 'rest') this.loadRestFields(source);
  }

  private currentSource(): PdfSource | null | 'incomplete' {
    const id = this.template || this.document;
    return pdfSourceOf({ data: this.data, src: this.src, endpoint: this.endpoint, token: this.token, resource: this.template ? 'template' : 'document', id });
  }

  private loadRestFields(source: Extract<PdfSource, { kind: 'rest' }>): void {
    const abort = new AbortController();
    this.restAbort = abort;
    fetchFields(source.endpoint, source.token, source.resource, source.id, abort.signal).then(
      (fields) => {
        if (abort.signal.aborted) return;
        this.restFields = fields;
        this.requestUpdate();
      },
      (error: unknown) => {
        // The PDF's own error (same token, same server) is the one a person sees; fields stay empty.
        if (!abort.signal.aborted) console.warn('esign-viewer: could not load fields', error);
      },
    );
  }

  private reportError(error: PdfLoadError): void {
    void this.pages.setDocument(null);
    this.emit('esign-error', { message: error.message, code: error.code });
  }

  private currentPageChanged(index: number): void {
    const page = index + 1;
    this.pageFromScroll = page;
    this.page = page;
    const pages = this.pages.pageCount;
    this.announcement = t(this.lang_, 'viewer.page', { page, pages });
    this.requestUpdate();
    this.emit('esign-page-change', { page, pages });
  }

  private fieldEntries(page: number): FieldEntry[] | undefined {
    const fields = this.fields ?? this.restFields;
    if (this.fieldsCache.source !== fields) this.fieldsCache = { source: fields, byPage: fieldsByPage(fields) };
    return this.fieldsCache.byPage.get(page);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.altKey || this.pages.pageCount === 0) return;
    const zoomKey = event.ctrlKey || event.metaKey;
    if (zoomKey && (event.key === '+' || event.key === '=')) this.zoomIn();
    else if (zoomKey && event.key === '-') this.zoomOut();
    else if (zoomKey && event.key === '0') this.zoom = '1';
    else if (zoomKey) return;
    else if (event.key === 'PageDown' || event.key === 'ArrowRight') this.nextPage();
    else if (event.key === 'PageUp' || event.key === 'ArrowLeft') this.previousPage();
    else if (event.key === 'Home') this.goToPage(1);
    else if (event.key === 'End') this.goToPage(this.pages.pageCount);
    else return;
    event.preventDefault();
  }

  protected override render(): TemplateResult {
    const lang = this.lang_;
    const count = this.pages.pageCount;
    const current = this.pages.currentPage + 1;
    const status = this.source.status;
    return html`<div class="frame">
      ${renderViewerToolbar({
        lang,
        pages: count,
        page: current,
        scale: this.pages.scale,
        onPrevious: () => this.previousPage(),
        onNext: () => this.nextPage(),
        onZoomOut: () => this.zoomOut(),
        onZoomIn: () => this.zoomIn(),
      })}
      <div
        class="scroller"
        part="scroller"
        role="region"
        tabindex="0"
        aria-label=${t(lang, 'viewer.label')}
        aria-busy=${status === 'loading' ? 'true' : 'false'}
        @scroll=${() => this.pages.onScroll()}
        @keydown=${this.onKeyDown}
      >
        ${status === 'error' && this.source.error ? renderLoadError(this.source.error, lang) : nothing}
        ${status === 'idle' ? html`<p class="message">${t(lang, 'viewer.empty')}</p>` : nothing}
        ${
          count > 0
            ? // Scrolling changes the current page, not the pages: skip re-rendering a thousand of them.
              guard([this.pages.layout.version, this.pages.materializedCount, this.pages.nearPages, this.fields, this.restFields, lang], () =>
                renderPages(this.pages, { lang, overlay: (i) => renderFieldOverlay(this.pages.isNear(i) ? this.fieldEntries(i + 1) : undefined, { lang }) }),
              )
            : nothing
        }
      </div>
      ${status === 'loading' ? renderProgress(this.source.progress, lang) : nothing}
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

declare global {
  interface EsignEventMap {
    'esign-ready': CustomEvent<{ pages: number }>;
    'esign-page-change': CustomEvent<{ page: number; pages: number }>;
    'esign-page-render': CustomEvent<{ page: number }>;
    // `upload-failed`: the editor's document upload (requestUpload) did not become a template.
    'esign-error': CustomEvent<{ message: string; code: PdfErrorCode | 'upload-failed' }>;
  }
  interface HTMLElementTagNameMap {
    'esign-viewer': EsignViewer;
  }
}

defineElement('esign-viewer', EsignViewer);
