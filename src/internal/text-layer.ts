/**
 * pdf.js's text layer over a painted page: the page's text as transparent, positioned
 * spans, so screen readers can read the document and people can select and copy it.
 * Positions are percentages and sizes follow `--total-scale-factor`, so zoom needs no rebuild.
 */
import { css } from 'lit';
import { TextLayer } from 'pdfjs-dist';
import type { PDFPageProxy } from 'pdfjs-dist';
import { CSS_PX_PER_PT } from './page-layout.ts';

export interface PageTextLayer {
  element: HTMLDivElement;
  /** Resolves once the spans are in place; rejects if cancelled. */
  done: Promise<unknown>;
  cancel(): void;
}

/** Builds the text layer of `page` (shown at zoom `scale`) into a new `.text-layer` element. */
export function createPageTextLayer(page: PDFPageProxy, scale: number): PageTextLayer {
  const element = document.createElement('div');
  element.className = 'text-layer';
  const layer = new TextLayer({
    textContentSource: page.streamTextContent({ includeMarkedContent: true, disableNormalization: true }),
    container: element,
    viewport: page.getViewport({ scale: scale * CSS_PX_PER_PT }),
  });
  return { element, done: layer.render(), cancel: () => layer.cancel() };
}

/** pdf.js's text layer rules (from its viewer CSS), scoped to `.text-layer`. */
export const textLayerStyles = css`
  .text-layer {
    position: absolute;
    text-align: initial;
    inset: 0;
    overflow: clip;
    line-height: 1;
    letter-spacing: normal;
    word-spacing: normal;
    text-size-adjust: none;
    forced-color-adjust: none;
    transform-origin: 0 0;
    caret-color: CanvasText;
    z-index: 0;
    --min-font-size: 1;
    --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
    --min-font-size-inv: calc(1 / var(--min-font-size));
  }
  .text-layer :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
    user-select: text;
  }
  .text-layer > :not(.markedContent),
  .text-layer .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }
  .text-layer .markedContent {
    display: contents;
  }
  .text-layer span[role='img'] {
    user-select: none;
    cursor: default;
  }
  .text-layer ::selection {
    background: var(--esign-selection-color, rgb(37 99 235 / 0.3));
  }
  .text-layer[data-main-rotation='90'] {
    transform: rotate(90deg) translateY(-100%);
  }
  .text-layer[data-main-rotation='180'] {
    transform: rotate(180deg) translate(-100%, -100%);
  }
  .text-layer[data-main-rotation='270'] {
    transform: rotate(270deg) translateX(-100%);
  }
`;
