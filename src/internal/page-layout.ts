/**
 * Where every page sits in a continuous vertical scroll, computed from page sizes
 * alone (no DOM reads), so visibility is plain arithmetic. Until a page's size is
 * known it borrows the first page's size, as the pdf.js viewer does.
 */
import type { PageDimensions } from '../fields/page-sizes.ts';

/** CSS pixels per PDF point at zoom 1 (pdf.js's PDF_TO_CSS_UNITS): 100% shows a page at its printed size. */
export const CSS_PX_PER_PT = 96 / 72;

export interface VisiblePage {
  /** 0-based page index. */
  index: number;
  /** Share of the page's height inside the viewport, 0..1. */
  fraction: number;
  /** Visible height in CSS pixels. */
  visibleHeight: number;
}

export interface VisibleRange {
  first: number;
  last: number;
  pages: VisiblePage[];
}

export class PageLayout {
  /** Space between pages and around them, in CSS pixels (not scaled by zoom). */
  readonly gap: number;
  private widths = new Float64Array(0);
  private heights = new Float64Array(0);
  private known = new Uint8Array(0);
  private told: readonly PageDimensions[] = [];
  private tops: Float64Array | null = null;
  private scale = 1;
  /** Changes whenever a page's position or size changes: a cheap key for re-rendering. */
  version = 0;

  constructor(gap = 12) {
    this.gap = gap;
  }

  get count(): number {
    return this.widths.length;
  }

  /**
   * Page sizes told before the document can be read (the server's, page 1 first): each `reset` whose page 1
   * is told's page 1 starts its pages at them, so opening that document moves nothing.
   */
  expectSizes(sizes: readonly PageDimensions[]): void {
    this.told = sizes;
  }

  /**
   * Starts a document of `count` pages, every one `width`×`height` points (the first page's displayed size),
   * or the told size (expectSizes) when page 1 matches them; other told sizes are forgotten. Either way a
   * page's size counts as known only once setPageSize records it.
   */
  reset(count: number, width: number, height: number): void {
    this.widths = new Float64Array(count).fill(width);
    this.heights = new Float64Array(count).fill(height);
    const [w1, h1] = this.told[0] ?? [0, 0];
    if (count === 0 || Math.abs(w1 - width) >= 0.5 || Math.abs(h1 - height) >= 0.5) this.told = [];
    for (let i = 0; i < Math.min(count, this.told.length); i++) [this.widths[i], this.heights[i]] = this.told[i]!;
    this.known = new Uint8Array(count);
    this.tops = null;
    this.version++;
  }

  /** Records a page's displayed size in points (after /Rotate); returns true when it changed. */
  setPageSize(index: number, width: number, height: number): boolean {
    if (index < 0 || index >= this.count) return false;
    this.known[index] = 1;
    if (this.widths[index] === width && this.heights[index] === height) return false;
    this.widths[index] = width;
    this.heights[index] = height;
    this.tops = null;
    this.version++;
    return true;
  }

  isSizeKnown(index: number): boolean {
    return this.known[index] === 1;
  }

  get allSizesKnown(): boolean {
    return this.known.every((k) => k === 1);
  }

  setScale(scale: number): void {
    if (scale !== this.scale) {
      this.scale = scale;
      this.tops = null;
      this.version++;
    }
  }

  getScale(): number {
    return this.scale;
  }

  /** Size in points at zoom 1. */
  pageSizePt(index: number): { width: number; height: number } {
    return { width: this.widths[index], height: this.heights[index] };
  }

  /** Size in CSS pixels at the current zoom. */
  pageSize(index: number): { width: number; height: number } {
    const k = this.scale * CSS_PX_PER_PT;
    return { width: this.widths[index] * k, height: this.heights[index] * k };
  }

  /** Top of a page in CSS pixels from the top of the pages container. */
  pageTop(index: number): number {
    return this.computeTops()[index];
  }

  /** Total height of the pages container in CSS pixels. */
  get totalHeight(): number {
    const tops = this.computeTops();
    return tops[this.count];
  }

  /** Widest page in CSS pixels at the current zoom. */
  get maxWidth(): number {
    let max = 0;
    for (const w of this.widths) max = Math.max(max, w);
    return max * this.scale * CSS_PX_PER_PT;
  }

  /** Index of the page at vertical offset `y` (the page below it when `y` falls in a gap). */
  pageAt(y: number): number {
    const tops = this.computeTops();
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tops[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return Math.max(0, lo);
  }

  /** Pages intersecting [top, top + height), in order. */
  visible(top: number, height: number): VisibleRange {
    const pages: VisiblePage[] = [];
    if (this.count === 0 || height <= 0) return { first: -1, last: -1, pages };
    const bottom = top + height;
    const k = this.scale * CSS_PX_PER_PT;
    for (let i = this.pageAt(top); i < this.count; i++) {
      const pageTop = this.pageTop(i);
      if (pageTop >= bottom) break;
      const pageHeight = this.heights[i] * k;
      const visibleHeight = Math.min(bottom, pageTop + pageHeight) - Math.max(top, pageTop);
      if (visibleHeight > 0) pages.push({ index: i, fraction: pageHeight > 0 ? visibleHeight / pageHeight : 0, visibleHeight });
    }
    return { first: pages[0]?.index ?? -1, last: pages.at(-1)?.index ?? -1, pages };
  }

  private computeTops(): Float64Array {
    if (this.tops) return this.tops;
    const k = this.scale * CSS_PX_PER_PT;
    const tops = new Float64Array(this.count + 1);
    let y = this.gap;
    for (let i = 0; i < this.count; i++) {
      tops[i] = y;
      y += this.heights[i] * k + this.gap;
    }
    tops[this.count] = y;
    this.tops = tops;
    return tops;
  }
}
