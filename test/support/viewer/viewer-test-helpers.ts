/** Helpers for the viewer's browser tests. */
import { fixture, html, oneEvent } from '@open-wc/testing';
import { setPdfWorkerSrc } from '../../../src/internal/pdf-worker.ts';
import type { EsignViewer } from '../../../src/esign-viewer/esign-viewer.ts';
import '../../../src/esign-viewer/esign-viewer.ts';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export interface ViewerSetup {
  src?: string;
  data?: Uint8Array;
  zoom?: string;
  page?: number;
  width?: number;
  height?: number;
}

/** A viewer in a sized box, not yet loading until its properties are set. */
export async function makeViewer(setup: ViewerSetup = {}): Promise<EsignViewer> {
  const el = await fixture<EsignViewer>(html`<esign-viewer
    style="width:${setup.width ?? 700}px;height:${setup.height ?? 600}px"
    zoom=${setup.zoom ?? 'fit-width'}
    page=${setup.page ?? 1}
  ></esign-viewer>`);
  return el;
}

/** Sets the source and waits for `esign-ready`. */
export async function loadViewer(setup: ViewerSetup = {}): Promise<EsignViewer> {
  const el = await makeViewer(setup);
  const ready = oneEvent(el, 'esign-ready');
  if (setup.data) el.data = setup.data;
  else el.src = setup.src ?? '/fixtures/pdfs-missing.pdf';
  await ready;
  return el;
}

export function pageElements(el: EsignViewer): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>('.page')];
}

export function pageElement(el: EsignViewer, page: number): HTMLElement {
  return el.shadowRoot!.querySelector<HTMLElement>(`.page[data-page="${page}"]`)!;
}

/** Canvases whose backing store still holds pixels. */
export function liveCanvases(el: EsignViewer): HTMLCanvasElement[] {
  return [...el.shadowRoot!.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0);
}

/** Pages that carry a painted canvas. */
export function renderedPages(el: EsignViewer): number[] {
  return pageElements(el)
    .filter((p) => p.hasAttribute('data-rendered'))
    .map((p) => Number(p.dataset.page));
}

export function scroller(el: EsignViewer): HTMLElement {
  return el.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
}

/** Resolves once rendering has been quiet for `quietMs`. */
export async function renderingSettled(el: EsignViewer, quietMs = 250): Promise<void> {
  let last = performance.now();
  const onRender = (): void => {
    last = performance.now();
  };
  el.addEventListener('esign-page-render', onRender);
  try {
    while (performance.now() - last < quietMs) await new Promise((r) => setTimeout(r, 50));
  } finally {
    el.removeEventListener('esign-page-render', onRender);
  }
}

export const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));
