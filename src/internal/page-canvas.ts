/** One page painted into its own canvas at CSS size × device pixel ratio (capped), and freed at once. */
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { CSS_PX_PER_PT } from './page-layout.ts';
import { MAX_CANVAS_PIXELS, outputScale } from './render-scheduling.ts';

export interface PageCanvasRender {
  canvas: HTMLCanvasElement;
  task: RenderTask;
}

/** Starts rendering `page` at zoom `scale` into a new, detached canvas. */
export function renderPageCanvas(page: PDFPageProxy, scale: number, maxPixels = MAX_CANVAS_PIXELS): PageCanvasRender {
  const viewport = page.getViewport({ scale: scale * CSS_PX_PER_PT });
  const sx = outputScale(viewport.width, viewport.height, globalThis.devicePixelRatio || 1, maxPixels);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(viewport.width * sx));
  canvas.height = Math.max(1, Math.round(viewport.height * sx));
  const task = page.render({
    canvas,
    viewport,
    transform: sx !== 1 ? [canvas.width / viewport.width, 0, 0, canvas.height / viewport.height, 0, 0] : undefined,
  });
  return { canvas, task };
}

/** Zero size releases the backing store now instead of at garbage collection. */
export function freeCanvas(canvas: HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
  canvas.remove();
}

export function isRenderCancellation(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'RenderingCancelledException';
}
