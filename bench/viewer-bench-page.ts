/**
 * The browser half of bench/viewer.bench.ts: the same first-page work done by <esign-viewer>, by bare
 * pdfjs-dist and by pdf.js's own PDFViewer, and a top-to-bottom scroll of a long document in
 * <esign-viewer> (with fields drawn on every page, or none) or in PDFViewer.
 */
import { getDocument } from 'pdfjs-dist';
import { getPdfAssetUrls, setPdfWorkerSrc } from '../src/internal/pdf-worker.ts';
import { CSS_PX_PER_PT } from '../src/internal/page-layout.ts';
import type { EsignViewer } from '../src/esign-viewer/esign-viewer.ts';
import type { FieldElement } from '../src/fields/index.ts';
import '../src/esign-viewer/esign-viewer.ts';
import { openPdfjsViewer, pdfjsLiveCanvases } from './pdfjs-viewer-bench.ts';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

const stage = document.getElementById('stage')!;
const bytesCache = new Map<string, Uint8Array>();

async function bytesOf(url: string): Promise<Uint8Array> {
  let bytes = bytesCache.get(url);
  if (!bytes) {
    bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    bytesCache.set(url, bytes);
  }
  return bytes;
}

/** Lets the previous run's worker shut down so it does not slow the next run, whichever side it is. */
const quiet = (): Promise<void> => new Promise((r) => setTimeout(r, 400));

/**
 * Bare pdf.js: getDocument, getPage(1), render at `scale` into a canvas on the page. It gets the same pdf.js
 * data folders as the viewer: without `wasmUrl` pdf.js skips ICC colour management (tracemonkey uses ICC
 * colour spaces), which would make it do less work than the viewer, not the same work faster.
 */
async function bare(url: string, scale: number): Promise<number> {
  const data = (await bytesOf(url)).slice();
  const started = performance.now();
  const task = getDocument({ data, ...getPdfAssetUrls(document.baseURI) });
  const doc = await task.promise;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: scale * CSS_PX_PER_PT });
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width * ratio);
  canvas.height = Math.round(viewport.height * ratio);
  canvas.style.width = `${viewport.width}px`;
  stage.replaceChildren(canvas);
  await page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
  const elapsed = performance.now() - started;
  canvas.width = canvas.height = 0;
  stage.replaceChildren();
  await task.destroy();
  await quiet();
  return elapsed;
}

/** What a signing envelope puts on every page: a signature box and a text box (two signers). */
function fieldsOnEveryPage(pages: number): FieldElement[] {
  const fields: FieldElement[] = [];
  for (let page = 1; page <= pages; page++) {
    fields.push({ page, ax: 0.1, ay: 0.8, bx: 0.45, by: 0.86, element_type: 'signature', signer: 1, label: 'Tenant' } as FieldElement);
    fields.push({ page, ax: 0.55, ay: 0.8, bx: 0.9, by: 0.84, element_type: 'text', signer: 2, label: 'Landlord name' } as FieldElement);
  }
  return fields;
}

/** `fieldPages` > 0 draws fieldsOnEveryPage(fieldPages) over the document. */
function makeViewer(zoom: string, fieldPages = 0): EsignViewer {
  const viewer = document.createElement('esign-viewer');
  viewer.setAttribute('zoom', zoom);
  viewer.setAttribute('hide-toolbar', '');
  if (fieldPages > 0) viewer.fields = fieldsOnEveryPage(fieldPages);
  return viewer;
}

/** <esign-viewer>: from attaching it with the bytes to page 1 painted. */
async function viewer(url: string, scale: number, fieldPages = 0): Promise<number> {
  const data = (await bytesOf(url)).slice();
  const el = makeViewer(String(scale), fieldPages);
  const painted = new Promise<number>((resolve) => {
    el.addEventListener('esign-page-render', (event) => {
      if (event.detail.page === 1) resolve(performance.now());
    });
  });
  const started = performance.now();
  el.data = data;
  stage.replaceChildren(el);
  const elapsed = (await painted) - started;
  stage.replaceChildren();
  await quiet();
  return elapsed;
}

/** pdf.js's PDFViewer: from creating it with the bytes to page 1 painted. */
async function pdfjsViewer(url: string, scale: number): Promise<number> {
  const data = (await bytesOf(url)).slice();
  const started = performance.now();
  const open = await openPdfjsViewer(stage, data, scale);
  const elapsed = performance.now() - started;
  await open.destroy();
  await quiet();
  return elapsed;
}

function liveCanvases(el: EsignViewer): number {
  let n = 0;
  for (const canvas of el.shadowRoot!.querySelectorAll('canvas')) if (canvas.width > 0 && canvas.height > 0) n++;
  return n;
}

const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

/** The long document open in one of the two viewers: what scrollLong() drives and counts. */
type Scrollable = { scroller: HTMLElement; live(): number; painted(): number };
let scrollTarget: Scrollable | null = null;

/** Opens a long document in <esign-viewer> and resolves once page 1 is painted and every page is laid out. */
async function openLong(url: string, zoom: string, fieldPages = 0): Promise<number> {
  const el = makeViewer(zoom, fieldPages);
  const ready = new Promise((r) => el.addEventListener('esign-ready', r, { once: true }));
  const painted = new Promise((r) => el.addEventListener('esign-page-render', r, { once: true }));
  let renders = 0;
  el.addEventListener('esign-page-render', () => renders++);
  el.data = (await bytesOf(url)).slice();
  stage.replaceChildren(el);
  await Promise.all([ready, painted]);
  scrollTarget = { scroller: el.shadowRoot!.querySelector<HTMLElement>('.scroller')!, live: () => liveCanvases(el), painted: () => renders };
  return el.pageCount;
}

/** Opens a long document in pdf.js's PDFViewer; resolves once page 1 is painted. */
async function openLongPdfjs(url: string, zoom: string): Promise<number> {
  const open = await openPdfjsViewer(stage, (await bytesOf(url)).slice(), Number(zoom));
  let renders = 1;
  open.viewer.eventBus.on('pagerendered', () => renders++);
  scrollTarget = { scroller: open.container, live: () => pdfjsLiveCanvases(open.container), painted: () => renders };
  return open.viewer.pagesCount;
}

/** Scrolls the open document to the bottom one viewport per step; returns the most live canvases seen. */
async function scrollLong(): Promise<{ maxLive: number; steps: number; painted: number }> {
  const { scroller, live, painted } = scrollTarget!;
  const paintedBefore = painted();
  let maxLive = live();
  let steps = 0;
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
    scroller.scrollTop += scroller.clientHeight;
    steps++;
    await frame();
    await frame();
    // Let renders finish now and then, as a reader pausing would.
    if (steps % 25 === 0) await new Promise((r) => setTimeout(r, 300));
    maxLive = Math.max(maxLive, live());
  }
  await new Promise((r) => setTimeout(r, 500));
  maxLive = Math.max(maxLive, live());
  return { maxLive, steps, painted: painted() - paintedBefore };
}

Object.assign(window, { bench: { bare, viewer, pdfjsViewer, openLong, openLongPdfjs, scrollLong } });
document.body.dataset.ready = '';
