/**
 * The browser half of bench/viewer.bench.ts: the same first-page work done by
 * <esign-viewer> and by bare pdfjs-dist, and a top-to-bottom scroll of a long document.
 */
import { getDocument } from 'pdfjs-dist';
import { getPdfAssetUrls, setPdfWorkerSrc } from '../src/internal/pdf-worker.ts';
import { CSS_PX_PER_PT } from '../src/internal/page-layout.ts';
import type { EsignViewer } from '../src/esign-viewer/esign-viewer.ts';
import '../src/esign-viewer/esign-viewer.ts';

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

function makeViewer(zoom: string): EsignViewer {
  const viewer = document.createElement('esign-viewer');
  viewer.setAttribute('zoom', zoom);
  viewer.setAttribute('hide-toolbar', '');
  return viewer;
}

/** <esign-viewer>: from attaching it with the bytes to page 1 painted. */
async function viewer(url: string, scale: number): Promise<number> {
  const data = (await bytesOf(url)).slice();
  const el = makeViewer(String(scale));
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

function liveCanvases(el: EsignViewer): number {
  let n = 0;
  for (const canvas of el.shadowRoot!.querySelectorAll('canvas')) if (canvas.width > 0 && canvas.height > 0) n++;
  return n;
}

const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));
let scrollViewer: EsignViewer | null = null;

/** Opens a long document and resolves once page 1 is painted and every page is laid out. */
async function openLong(url: string, zoom: string): Promise<number> {
  const el = makeViewer(zoom);
  scrollViewer = el;
  const ready = new Promise((r) => el.addEventListener('esign-ready', r, { once: true }));
  const painted = new Promise((r) => el.addEventListener('esign-page-render', r, { once: true }));
  el.data = (await bytesOf(url)).slice();
  stage.replaceChildren(el);
  await Promise.all([ready, painted]);
  return el.pageCount;
}

/** Scrolls the open document to the bottom one viewport per step; returns the most live canvases seen. */
async function scrollLong(): Promise<{ maxLive: number; steps: number; painted: number }> {
  const el = scrollViewer!;
  const scroller = el.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
  let maxLive = liveCanvases(el);
  let painted = 0;
  el.addEventListener('esign-page-render', () => painted++);
  let steps = 0;
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
    scroller.scrollTop += scroller.clientHeight;
    steps++;
    await frame();
    await frame();
    // Let renders finish now and then, as a reader pausing would.
    if (steps % 25 === 0) await new Promise((r) => setTimeout(r, 300));
    maxLive = Math.max(maxLive, liveCanvases(el));
  }
  await new Promise((r) => setTimeout(r, 500));
  maxLive = Math.max(maxLive, liveCanvases(el));
  return { maxLive, steps, painted };
}

Object.assign(window, { bench: { bare, viewer, openLong, scrollLong } });
document.body.dataset.ready = '';
