/**
 * Continuous vertical pages for one PDF document, following the pdf.js viewer:
 * a correctly sized placeholder per page, canvases only for the visible pages plus
 * one ahead, one render at a time (cancelled on scroll-away and zoom), an LRU
 * buffer whose evictions free canvases, and canvas pixels capped.
 *
 * The host renders `renderPages()` (pages-template.ts) inside its scroller and
 * forwards `scroll` events to `onScroll()`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { PageLayout } from './page-layout.ts';
import type { VisibleRange } from './page-layout.ts';
import type { PageDimensions } from '../fields/page-sizes.ts';
import { readPageSizes } from './page-size-reading.ts';
import { fitScaleFor, mostVisiblePage, placementAt, scrollTopFor, type FitMode, type ViewPlacement } from './view-placement.ts';
import { PageBuffer, bufferSizeFor, nextPageToRender, wantedPages } from './render-scheduling.ts';
import { freeCanvas, isRenderCancellation, renderPageCanvas } from './page-canvas.ts';
import { PageSurfaces } from './page-surfaces.ts';

export type { FitMode } from './view-placement.ts';

export interface PdfPagesOptions {
  /** The element that scrolls the pages. */
  scroller: () => HTMLElement | null;
  /** The element of page `index` (0-based) that `renderPages()` rendered. */
  pageElement: (index: number) => HTMLElement | null;
  /** A page's canvas was painted (0-based index). */
  onPageRendered?: (index: number) => void;
  /** The page most in view changed (0-based index). */
  onCurrentPageChange?: (index: number) => void;
  /** Every page's size is known: the layout is final. */
  onLayoutComplete?: () => void;
  /** The document opened but its first page cannot be read (a damaged page tree). */
  onError?: (error: unknown) => void;
  /** Whether painted pages get a text layer (selectable text that screen readers read); default no. */
  textLayer?: () => boolean;
  maxCanvasPixels?: number;
}

interface RenderJob {
  index: number;
  task: RenderTask | null;
  cancelled: boolean;
}

const NOT_RENDERED = 0;
const RENDERING = 1;
const RENDERED = 2;
/** Page sizes are fetched in batches after the first paint, so they do not delay it. */
const SIZE_BATCH = 32;
/** Page elements built before the first paint; the others follow right after it. */
const EARLY_PAGES = 12;
/** Pages either side of the visible ones whose overlay content stays in the DOM (see `isNear`). */
const OVERLAY_MARGIN = 3;

export class PdfPagesController implements ReactiveController {
  readonly layout = new PageLayout();
  doc: PDFDocumentProxy | null = null;
  /** 0-based index of the page most in view. */
  currentPage = 0;
  /** True once every page's size is known. */
  layoutComplete = false;
  /**
   * How many page elements to put in the DOM: only the first few until the first paint (the rest is one
   * spacer of the right height), so building a thousand placeholders never delays page 1.
   */
  materializedCount = 0;
  visible: VisibleRange = { first: -1, last: -1, pages: [] };
  /**
   * Pages whose overlay content (fields) is worth having in the DOM: the visible ones and OVERLAY_MARGIN
   * either side, like the canvases and text layers. A thousand pages of fields nobody sees cost memory
   * and every re-render; the host re-renders when this window moves.
   */
  private near = { first: 0, last: 2 * OVERLAY_MARGIN };

  private readonly host: ReactiveControllerHost;
  private readonly options: PdfPagesOptions;
  private state = new Uint8Array(0);
  private readonly surfaces: PageSurfaces;
  private readonly buffer: PageBuffer;
  private running: RenderJob | null = null;
  private generation = 0;
  private lastScrollTop = 0;
  private scrolledDown = true;
  private frame = 0;
  /** Where to put the view once the DOM has the new layout: a point of a page at a point of the scroller. */
  private pendingScroll: ViewPlacement | null = null;
  private forcedCurrent: { index: number; scrollTop: number } | null = null;
  private firstPainted = false;

  constructor(host: ReactiveControllerHost, options: PdfPagesOptions) {
    this.host = host;
    this.options = options;
    this.surfaces = new PageSurfaces(options.pageElement);
    this.buffer = new PageBuffer(bufferSizeFor(0), (index) => this.evict(index));
    host.addController(this);
  }

  get pageCount(): number {
    return this.layout.count;
  }

  /** The window `isNear` answers for; a new object whenever it moves (a `guard` dependency). */
  get nearPages(): { readonly first: number; readonly last: number } {
    return this.near;
  }

  /** Whether page `index` (0-based) is in view or close to it: the host draws overlay content only there. */
  isNear(index: number): boolean {
    return index >= this.near.first && index <= this.near.last;
  }

  get scale(): number {
    return this.layout.getScale();
  }

  /** How many canvases currently hold pixels (for tests and the benchmark). */
  get liveCanvasCount(): number {
    return this.surfaces.liveCanvasCount;
  }

  hostUpdated(): void {
    this.surfaces.attachAll();
    if (this.pendingScroll) this.applyPendingScroll();
  }

  hostDisconnected(): void {
    this.setDocument(null);
  }

  /**
   * Shows `doc` (null clears), starting at page `initialIndex` (0-based) at the zoom
   * `initialScale()` returns once the first page's size is known; resolves then.
   */
  async setDocument(doc: PDFDocumentProxy | null, initialIndex = 0, initialScale?: () => number): Promise<void> {
    this.generation++;
    this.cancelRunning();
    this.buffer.clear();
    this.surfaces.clear();
    cancelAnimationFrame(this.frame);
    this.doc = doc;
    this.layoutComplete = false;
    this.firstPainted = false;
    this.currentPage = 0;
    this.forcedCurrent = null;
    this.pendingScroll = null;
    this.visible = { first: -1, last: -1, pages: [] };
    this.near = { first: Math.max(0, initialIndex - OVERLAY_MARGIN), last: Math.max(0, initialIndex) + 2 * OVERLAY_MARGIN };
    if (!doc) {
      this.layout.reset(0, 0, 0);
      this.state = new Uint8Array(0);
      this.materializedCount = 0;
      this.host.requestUpdate();
      return;
    }
    const generation = this.generation;
    let first: PDFPageProxy;
    try {
      first = await doc.getPage(1);
    } catch (error) {
      if (generation === this.generation) this.options.onError?.(error);
      return;
    }
    if (generation !== this.generation) return;
    const { width, height } = first.getViewport({ scale: 1 });
    // Sizes a provisional layout was told stay until pdf.js reads each page, when they describe this document.
    this.layout.reset(doc.numPages, width, height);
    this.layout.setPageSize(0, width, height);
    this.state = new Uint8Array(doc.numPages);
    this.materializedCount = initialIndex + 2 < EARLY_PAGES ? Math.min(doc.numPages, EARLY_PAGES) : doc.numPages;
    if (initialScale) this.layout.setScale(initialScale());
    const start = Math.min(Math.max(0, initialIndex), doc.numPages - 1);
    if (start > 0) this.scrollToPage(start);
    this.currentPage = start;
    this.host.requestUpdate();
    this.update();
  }

  /**
   * Lays out `count` pages of page 1's size (points) before any document is open, so that a first page shown
   * another way (the signer's server-rendered image) and the fields over it have their places at once. Pages
   * take their size from `sizes` (the server's, page 1 first), else page 1's, until pdf.js reads the real
   * ones: when the server's sizes are right, no page moves then.
   */
  setProvisionalLayout(count: number, width: number, height: number, initialScale?: () => number, sizes: readonly PageDimensions[] = []): void {
    if (this.doc || !(count > 0 && width > 0 && height > 0)) return;
    this.layout.expectSizes(sizes);
    this.layout.reset(count, width, height);
    this.layout.setPageSize(0, width, height);
    this.state = new Uint8Array(count);
    this.materializedCount = Math.min(count, EARLY_PAGES);
    if (initialScale) this.layout.setScale(initialScale());
    this.host.requestUpdate();
  }

  /** Whether page `index` (0-based) shows pdf.js's canvas now. */
  isPainted(index: number): boolean {
    return this.surfaces.has(index);
  }

  /** Changes the zoom; keeps the point at (clientX, clientY) of the scroller (default: the top of the view) fixed. */
  setScale(scale: number, anchor?: { clientX: number; clientY: number }): void {
    if (!(scale > 0) || scale === this.layout.getScale()) return;
    const scroller = this.options.scroller();
    // A view placement still waiting for the DOM stays valid at any scale (it is page-relative): keep it,
    // since the scroll position has not caught up with the previous zoom yet.
    if (scroller && this.pageCount > 0 && !this.pendingScroll) this.pendingScroll = placementAt(this.layout, scroller, this.options.pageElement, anchor);
    this.layout.setScale(scale);
    this.cancelRunning();
    // Old canvases stay up (stretched) until the new ones replace them.
    for (let i = 0; i < this.state.length; i++) if (this.state[i] === RENDERED) this.state[i] = NOT_RENDERED;
    this.host.requestUpdate();
  }

  /** The zoom at which the current page fits the scroller's width, or its width and height. */
  fitScale(mode: FitMode): number {
    const scroller = this.options.scroller();
    return scroller && this.pageCount > 0 ? fitScaleFor(this.layout, this.currentPage, scroller, mode) : 1;
  }

  /** Scrolls page `index` (0-based) to the top of the view and makes it current. */
  scrollToPage(index: number): void {
    if (index < 0 || index >= this.pageCount) return;
    this.pendingScroll = { index, fy: 0, clientY: this.layout.gap, makeCurrent: true };
    this.forcedCurrent = null;
    this.host.requestUpdate();
  }

  /** Call from the scroller's `scroll` event. */
  onScroll(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
    });
  }

  /** Call when the `textLayer` option changed: removes the layers, or repaints the shown pages to add them. */
  textLayerChanged(): void {
    if (this.options.textLayer?.()) {
      for (let i = 0; i < this.state.length; i++) if (this.state[i] === RENDERED) this.state[i] = NOT_RENDERED;
      this.update();
    } else {
      this.surfaces.dropTextLayers();
    }
  }

  /** Call when the scroller's size changed. */
  onResize(): void {
    this.update();
  }

  /** Recomputes what is visible, keeps the buffer, and starts the next render. */
  update(): void {
    if (!this.doc || this.pageCount === 0) return;
    const scroller = this.options.scroller();
    const viewHeight = scroller?.clientHeight || 0;
    const pending = this.pendingScroll;
    const top = pending ? Math.max(0, scrollTopFor(this.layout, pending, null)) : (scroller?.scrollTop ?? 0);
    if (top !== this.lastScrollTop) this.scrolledDown = top > this.lastScrollTop;
    this.lastScrollTop = top;
    this.visible =
      viewHeight > 0
        ? this.layout.visible(top, viewHeight)
        : { first: this.currentPage, last: this.currentPage, pages: [{ index: this.currentPage, fraction: 1, visibleHeight: 1 }] };

    this.updateCurrentPage(top);
    this.moveNearWindow();
    const visibleIndexes = this.visible.pages.map((p) => p.index);
    this.buffer.resize(bufferSizeFor(visibleIndexes.length), new Set(visibleIndexes));
    this.buffer.touch(visibleIndexes);

    const wanted = wantedPages(this.visible, this.pageCount, this.scrolledDown);
    if (this.running && !wanted.has(this.running.index)) this.cancelRunning();
    if (this.running) return;
    const next = nextPageToRender(this.visible, this.pageCount, this.scrolledDown, (i) => this.state[i] === RENDERED);
    if (next !== null) void this.renderPage(next);
  }

  private moveNearWindow(): void {
    const { first, last } = this.visible;
    if (first < 0) return;
    const near = { first: Math.max(0, first - OVERLAY_MARGIN), last: Math.min(this.pageCount - 1, last + OVERLAY_MARGIN) };
    if (near.first === this.near.first && near.last === this.near.last) return;
    this.near = near;
    this.host.requestUpdate();
  }

  private updateCurrentPage(top: number): void {
    let current = this.currentPage;
    if (this.pendingScroll?.makeCurrent) current = this.pendingScroll.index;
    else if (this.forcedCurrent && Math.abs(this.forcedCurrent.scrollTop - top) < 1) current = this.forcedCurrent.index;
    else {
      this.forcedCurrent = null;
      current = mostVisiblePage(this.visible, current);
    }
    if (current !== this.currentPage) {
      this.currentPage = current;
      this.options.onCurrentPageChange?.(current);
    }
  }

  private applyPendingScroll(): void {
    const scroller = this.options.scroller();
    const pending = this.pendingScroll;
    if (!scroller || !pending || pending.index >= this.pageCount) {
      this.pendingScroll = null;
      return;
    }
    this.pendingScroll = null;
    const el = this.options.pageElement(pending.index);
    scroller.scrollTop = scrollTopFor(this.layout, pending, el);
    if (el && pending.fx !== undefined && pending.clientX !== undefined)
      scroller.scrollLeft = el.offsetLeft + pending.fx * this.layout.pageSize(pending.index).width - pending.clientX;
    if (pending.makeCurrent) this.forcedCurrent = { index: pending.index, scrollTop: scroller.scrollTop };
    this.update();
  }

  private async renderPage(index: number): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    const generation = this.generation;
    const job: RenderJob = { index, task: null, cancelled: false };
    this.running = job;
    this.state[index] = RENDERING;
    let canvas: HTMLCanvasElement | null = null;
    try {
      const page: PDFPageProxy = await doc.getPage(index + 1);
      if (job.cancelled || generation !== this.generation) return;
      const natural = page.getViewport({ scale: 1 });
      if (this.layout.setPageSize(index, natural.width, natural.height)) this.host.requestUpdate();
      const render = renderPageCanvas(page, this.layout.getScale(), this.options.maxCanvasPixels);
      canvas = render.canvas;
      const task = render.task;
      job.task = task;
      await task.promise;
      if (job.cancelled || generation !== this.generation) return;
      this.state[index] = RENDERED;
      this.surfaces.setCanvas(index, canvas);
      canvas = null;
      this.buffer.push(index);
      this.options.onPageRendered?.(index);
      // After the paint is reported: the text layer never delays a paint.
      if (this.options.textLayer?.() && generation === this.generation) this.surfaces.addTextLayer(index, page, this.layout.getScale());
      this.afterFirstPaint(doc, generation);
    } catch (error) {
      // A page that fails to render stays a blank placeholder; it is not retried in a loop.
      if (!isRenderCancellation(error) && generation === this.generation) {
        console.warn('esign: page render failed', error);
        this.state[index] = RENDERED;
        this.afterFirstPaint(doc, generation);
      }
    } finally {
      if (canvas) freeCanvas(canvas);
      if (this.state[index] === RENDERING) this.state[index] = NOT_RENDERED;
      if (this.running === job) this.running = null;
      if (generation === this.generation) this.update();
    }
  }

  /** Once page 1 is up: build the remaining page elements and fetch every page's size. */
  private afterFirstPaint(doc: PDFDocumentProxy, generation: number): void {
    if (this.firstPainted) return;
    this.firstPainted = true;
    if (this.materializedCount < this.pageCount) {
      this.materializedCount = this.pageCount;
      this.host.requestUpdate();
    }
    void this.fetchAllSizes(doc, generation);
  }

  private evict(index: number): void {
    this.surfaces.drop(index);
    if (this.state[index] === RENDERED) this.state[index] = NOT_RENDERED;
    // Drops the page's operator list and images on the main thread.
    void this.doc?.getPage(index + 1).then(
      (page) => page.cleanup(),
      () => {},
    );
  }

  private cancelRunning(): void {
    const job = this.running;
    if (!job) return;
    job.cancelled = true;
    job.task?.cancel();
  }

  /** Corrects every placeholder's size, a batch at a time, keeping the view where it is. */
  private async fetchAllSizes(doc: PDFDocumentProxy, generation: number): Promise<void> {
    const read = await readPageSizes(
      doc,
      this.layout,
      SIZE_BATCH,
      () => generation !== this.generation,
      () => this.keepViewAndUpdate(),
    );
    if (!read) return;
    this.layoutComplete = true;
    this.host.requestUpdate();
    this.options.onLayoutComplete?.();
  }

  private keepViewAndUpdate(): void {
    const scroller = this.options.scroller();
    if (scroller && !this.pendingScroll) {
      const index = this.currentPage;
      const el = this.options.pageElement(index);
      const offset = el ? scroller.scrollTop - el.offsetTop : 0;
      this.pendingScroll = { index, fy: 0, clientY: -offset };
    }
    this.host.requestUpdate();
  }
}
