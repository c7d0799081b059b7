/**
 * The DOM of `PdfPagesController`: one correctly sized placeholder per page, each a
 * labelled region holding its canvas slot and an overlay layer the element fills.
 */
import { css, html } from 'lit';
import type { TemplateResult } from 'lit';
import type { PdfPagesController } from './pdf-pages.ts';
import { t } from './i18n.ts';
import { CSS_PX_PER_PT } from './page-layout.ts';
import { textLayerStyles } from './text-layer.ts';

export interface PagesTemplateOptions {
  lang: string;
  /** Content over page `index` (0-based), e.g. `renderFieldOverlay(...)`. */
  overlay?: (index: number) => unknown;
  /**
   * An image of page `index` to show under its canvas slot until the canvas is painted (the signer's
   * server-rendered first page). Decorative: the page region and the fields over it carry the names.
   */
  image?: (index: number) => string | undefined;
}

/** Renders the pages container (class `pages`, part `pages`); page elements are `.page[data-page=n]`. */
export function renderPages(pages: PdfPagesController, options: PagesTemplateOptions): TemplateResult {
  const layout = pages.layout;
  const count = layout.count;
  const built = Math.min(count, pages.materializedCount || count);
  const items: TemplateResult[] = new Array(built);
  const label = (i: number): string => t(options.lang, 'viewer.page', { page: i + 1, pages: count });
  for (let i = 0; i < built; i++) {
    const { width, height } = layout.pageSize(i);
    const image = options.image?.(i);
    items[i] = html`<div
      class="page"
      part="page"
      role="region"
      aria-label=${label(i)}
      data-page=${i + 1}
      style="width:${width}px;height:${height}px"
    >${image ? html`<img class="page-image" src=${image} alt="" aria-hidden="true" draggable="false" />` : ''}<div class="page-canvas"></div>${options.overlay ? options.overlay(i) : ''}</div>`;
  }
  const minWidth = layout.maxWidth + 2 * layout.gap;
  // Pages not built yet keep their room, so the scrollbar is right from the start.
  const rest = built < count ? html`<div class="pages-rest" style="height:${layout.totalHeight - layout.pageTop(built) - layout.gap}px"></div>` : '';
  return html`<div class="pages" part="pages" style="--esign-scale:${layout.getScale()};--total-scale-factor:${layout.getScale() * CSS_PX_PER_PT};--scale-round-x:1px;--scale-round-y:1px;min-width:max(100%, ${minWidth}px);padding:${layout.gap}px 0;gap:${layout.gap}px">${items}${rest}</div>`;
}

/** Layout styles for `renderPages()` (text layer included); include them in the element's `static styles`. */
export const pagesStyles = [
  textLayerStyles,
  css`
  .pages {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: center;
    box-sizing: border-box;
    width: max-content;
    min-width: 100%;
  }
  .page {
    position: relative;
    flex: none;
    box-sizing: border-box;
    background: var(--esign-page-background, #fff);
    box-shadow: var(--esign-page-shadow, 0 1px 3px rgb(0 0 0 / 0.25));
    overflow: hidden;
  }
  .page-image,
  .page-canvas,
  .page-canvas canvas {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    display: block;
  }
  .page-image {
    user-select: none;
  }
  /* Once pdf.js has painted the page, its canvas replaces the image (before the next render drops it). */
  .page[data-rendered] .page-image {
    display: none;
  }
`,
];
