/**
 * What a painted page shows: its canvas and, when asked, its text layer. Kept per page
 * index, put into the page element whenever it exists, and freed in one call.
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import { freeCanvas } from './page-canvas.ts';
import { createPageTextLayer } from './text-layer.ts';
import type { PageTextLayer } from './text-layer.ts';

export class PageSurfaces {
  private readonly canvases = new Map<number, HTMLCanvasElement>();
  private readonly textLayers = new Map<number, PageTextLayer>();
  private readonly pageElement: (index: number) => HTMLElement | null;

  constructor(pageElement: (index: number) => HTMLElement | null) {
    this.pageElement = pageElement;
  }

  has(index: number): boolean {
    return this.canvases.has(index);
  }

  /** Canvases holding pixels. */
  get liveCanvasCount(): number {
    let n = 0;
    for (const c of this.canvases.values()) if (c.width > 0 && c.height > 0) n++;
    return n;
  }

  /** Shows `canvas` on page `index`, freeing the one it replaces (e.g. from before a zoom). */
  setCanvas(index: number, canvas: HTMLCanvasElement): void {
    const old = this.canvases.get(index);
    if (old && old !== canvas) freeCanvas(old);
    this.canvases.set(index, canvas);
    this.attach(index);
  }

  /** Adds the text layer of a page that has a canvas, once; zoom rescales it through CSS. */
  addTextLayer(index: number, page: PDFPageProxy, scale: number): void {
    if (this.textLayers.has(index) || !this.canvases.has(index)) return;
    const text = createPageTextLayer(page, scale);
    text.done.catch(() => {}); // cancelled when dropped
    this.textLayers.set(index, text);
    this.attach(index);
  }

  /** Puts every surface into its page element (call after the host rendered). */
  attachAll(): void {
    for (const index of this.canvases.keys()) this.attach(index);
  }

  /** Frees page `index`'s canvas and text layer. */
  drop(index: number): void {
    const canvas = this.canvases.get(index);
    if (canvas) freeCanvas(canvas);
    this.canvases.delete(index);
    const text = this.textLayers.get(index);
    if (text) {
      text.cancel();
      text.element.remove();
      this.textLayers.delete(index);
    }
    delete this.pageElement(index)?.dataset.rendered;
  }

  /** Removes every text layer, keeping the canvases. */
  dropTextLayers(): void {
    for (const [index, text] of this.textLayers) {
      text.cancel();
      text.element.remove();
      this.textLayers.delete(index);
    }
  }

  clear(): void {
    for (const index of [...this.canvases.keys(), ...this.textLayers.keys()]) this.drop(index);
  }

  private attach(index: number): void {
    const canvas = this.canvases.get(index);
    const el = this.pageElement(index);
    const slot = el?.querySelector('.page-canvas');
    if (!canvas || !el || !slot) return;
    if (canvas.parentNode !== slot) slot.replaceChildren(canvas);
    // Right after the canvas slot, outside the overlay that the host's template renders.
    const text = this.textLayers.get(index)?.element;
    if (text && text.previousSibling !== slot) slot.after(text);
    el.dataset.rendered = '';
  }
}
