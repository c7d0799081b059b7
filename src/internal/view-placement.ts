/**
 * Where the view of a PdfPagesController sits, in page terms: a point of a page (fractions) at a point of
 * the scroller. Page-relative, so it stays right across a zoom or a layout change until the DOM catches up.
 * Pure arithmetic over the PageLayout and the elements' offsets.
 */
import { CSS_PX_PER_PT, type PageLayout, type VisibleRange } from './page-layout.ts';

export type FitMode = 'fit-width' | 'fit-page';

export interface ViewPlacement {
  /** 0-based page. */
  index: number;
  /** The point of the page, as fractions of its height and (when anchored sideways) its width. */
  fy: number;
  fx?: number;
  /** Where that point goes in the scroller, CSS px from its left and top edges. */
  clientX?: number;
  clientY: number;
  /** The page becomes current once placed (a jump to it, not a zoom). */
  makeCurrent?: boolean;
}

/** The placement that keeps the point at (clientX, clientY) of the scroller (default: its top) where it is. */
export function placementAt(
  layout: PageLayout,
  scroller: HTMLElement,
  pageElement: (index: number) => HTMLElement | null,
  anchor?: { clientX: number; clientY: number },
): ViewPlacement {
  const rect = scroller.getBoundingClientRect();
  const x = anchor ? anchor.clientX - rect.left : 0;
  const y = anchor ? anchor.clientY - rect.top : 0;
  const contentY = scroller.scrollTop + y;
  const index = layout.pageAt(contentY);
  const size = layout.pageSize(index);
  const fy = (contentY - layout.pageTop(index)) / size.height;
  const el = pageElement(index);
  const fx = anchor && el ? (scroller.scrollLeft + x - el.offsetLeft) / size.width : undefined;
  return { index, fy, fx, clientX: anchor ? x : undefined, clientY: y };
}

/** The scroller's scrollTop for `p`: from the page's element when it is built, else the layout's arithmetic (the same numbers). */
export function scrollTopFor(layout: PageLayout, p: ViewPlacement, el: HTMLElement | null): number {
  const top = el ? el.offsetTop : layout.pageTop(p.index);
  return top + p.fy * layout.pageSize(p.index).height - p.clientY;
}

/** The zoom at which page `index` fits the scroller's width, or its width and height. */
export function fitScaleFor(layout: PageLayout, index: number, scroller: HTMLElement, mode: FitMode): number {
  const { width, height } = layout.pageSizePt(index);
  const byWidth = (scroller.clientWidth - 2 * layout.gap) / (width * CSS_PX_PER_PT);
  if (mode === 'fit-width') return Math.max(0.1, byWidth);
  const byHeight = (scroller.clientHeight - 2 * layout.gap) / (height * CSS_PX_PER_PT);
  return Math.max(0.1, Math.min(byWidth, byHeight));
}

/** The page with the largest share of itself in view (the first of equals), else `fallback`. */
export function mostVisiblePage(visible: VisibleRange, fallback: number): number {
  let best = -1;
  let page = fallback;
  for (const p of visible.pages) {
    if (p.fraction > best + 1e-6) {
      best = p.fraction;
      page = p.index;
    }
  }
  return page;
}
