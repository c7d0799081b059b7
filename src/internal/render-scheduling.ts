/**
 * The pdf.js viewer's rendering rules as small pure pieces: which page to render
 * next, which rendered pages to keep (an LRU buffer), and how many device pixels a
 * canvas may have.
 */
import type { VisibleRange } from './page-layout.ts';

/**
 * The next page to render: the first visible page not yet rendered, else the page
 * one ahead in the scroll direction; null when nothing needs rendering.
 */
export function nextPageToRender(visible: VisibleRange, pageCount: number, scrolledDown: boolean, isRendered: (index: number) => boolean): number | null {
  for (const { index } of visible.pages) if (!isRendered(index)) return index;
  if (visible.pages.length === 0) return null;
  const ahead = scrolledDown ? visible.last + 1 : visible.first - 1;
  if (ahead >= 0 && ahead < pageCount && !isRendered(ahead)) return ahead;
  return null;
}

/** The pages worth rendering right now: the visible ones and the one ahead. */
export function wantedPages(visible: VisibleRange, pageCount: number, scrolledDown: boolean): Set<number> {
  const wanted = new Set(visible.pages.map((p) => p.index));
  if (visible.pages.length > 0) {
    const ahead = scrolledDown ? visible.last + 1 : visible.first - 1;
    if (ahead >= 0 && ahead < pageCount) wanted.add(ahead);
  }
  return wanted;
}

/** pdf.js's default buffer size; it grows to 2 × visible + 1 when more pages are on screen. */
export const MIN_BUFFER_SIZE = 10;

export function bufferSizeFor(visibleCount: number): number {
  return Math.max(MIN_BUFFER_SIZE, 2 * visibleCount + 1);
}

/**
 * Rendered pages, least recently used first. Pushing past capacity evicts the
 * oldest entry through `onEvict`, which must free its canvas.
 */
export class PageBuffer {
  private readonly entries = new Set<number>();
  private capacity: number;
  private readonly onEvict: (index: number) => void;

  constructor(capacity: number, onEvict: (index: number) => void) {
    this.capacity = capacity;
    this.onEvict = onEvict;
  }

  get size(): number {
    return this.entries.size;
  }

  has(index: number): boolean {
    return this.entries.has(index);
  }

  /** Marks `index` as just used. */
  push(index: number): void {
    this.entries.delete(index);
    this.entries.add(index);
    this.trim(new Set([index]));
  }

  /** Refreshes the given pages (e.g. the visible ones) so they are evicted last. */
  touch(indexes: Iterable<number>): void {
    for (const i of indexes) {
      if (this.entries.has(i)) {
        this.entries.delete(i);
        this.entries.add(i);
      }
    }
  }

  resize(capacity: number, keep: Set<number> = new Set()): void {
    this.capacity = capacity;
    this.trim(keep);
  }

  delete(index: number): void {
    this.entries.delete(index);
  }

  /** Evicts everything. */
  clear(): void {
    for (const i of [...this.entries]) {
      this.entries.delete(i);
      this.onEvict(i);
    }
  }

  private trim(keep: Set<number>): void {
    for (const i of this.entries) {
      if (this.entries.size <= this.capacity) break;
      if (keep.has(i)) continue;
      this.entries.delete(i);
      this.onEvict(i);
    }
  }
}

/** pdf.js's default cap on a canvas's pixels (about 16.7 million: 4096 × 4096). */
export const MAX_CANVAS_PIXELS = 2 ** 24;

/**
 * Device pixels per CSS pixel for a canvas of `cssWidth`×`cssHeight`: the device
 * pixel ratio, lowered when the backing store would exceed `maxPixels`.
 */
export function outputScale(cssWidth: number, cssHeight: number, pixelRatio = globalThis.devicePixelRatio || 1, maxPixels = MAX_CANVAS_PIXELS): number {
  const area = cssWidth * cssHeight;
  if (area <= 0) return pixelRatio;
  const maxScale = Math.sqrt(maxPixels / area);
  return Math.min(pixelRatio, maxScale);
}
