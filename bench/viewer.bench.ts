/**
 * `node bench/viewer.bench.ts`: <esign-viewer> against bare pdfjs-dist in headless Chromium.
 *
 * - viewer_first_page_ratio(_500p): attach → page 1 painted, over getDocument + getPage + render of
 *   page 1 at the same scale (same pdf.js data folders, so both manage ICC colour); runs interleaved
 *   (order alternating), the median of the per-pair ratios.
 * - viewer_max_live_canvases: most canvases holding pixels while scrolling a 1,000-page PDF to the end.
 * - viewer_heap_growth_ratio: JS heap (after a forced GC) after that scroll over the heap after first paint.
 *
 * Second baseline, pdf.js's own viewer (`PDFViewer` from pdfjs-dist/web/pdf_viewer.mjs, defaults: text and
 * annotation layers, its page cache), on the 1,000-page document with <esign-viewer> drawing two fields on
 * every page (2,000 fields), which is the job it exists for. Targets ≤ 1.0:
 * - viewer_vs_pdfjs_viewer_first_page_ratio: attach → page 1 painted, over new PDFViewer → getDocument →
 *   setDocument → page 1 painted (`pagerendered`), same scale; interleaved pairs, median of the ratios.
 * - viewer_vs_pdfjs_viewer_heap_ratio: the JS heap the document costs after scrolling it top to bottom
 *   (heap after a forced GC minus the same page's heap before opening it), each viewer in a fresh page of
 *   the same bench HTML (so the same code is loaded on both sides); median over HEAP_RUNS alternating runs.
 */
import { createServer } from 'vite';
import type { Plugin } from 'vite';
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { generatePdf } from '../test/support/generate-pdf.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = process.env.ESIGN_FIXTURES ?? fileURLToPath(new URL('../../shared/fixtures/pdfs/', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const HEAP_RUNS = Number(process.env.BENCH_HEAP_RUNS ?? 3);
const LONG_PAGES = 1000;
const WARMUP = 3;
const SCALE = 1;

const pdfs = new Map<string, Uint8Array>([
  ['tracemonkey.pdf', new Uint8Array(await readFile(`${fixtures}/pdfjs-tracemonkey.pdf`))],
  ['500p.pdf', await generatePdf({ pages: 500 })],
  ['1000p.pdf', await generatePdf({ pages: 1000 })],
]);

const servePdfs: Plugin = {
  name: 'bench-pdfs',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const match = /^\/bench-pdf\/([\w.]+)$/.exec(req.url ?? '');
      const bytes = match && pdfs.get(match[1]);
      if (!bytes) return next();
      res.setHeader('Content-Type', 'application/pdf');
      res.end(bytes);
    });
  },
};

const server = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  clearScreen: false,
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  plugins: [servePdfs],
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch(chromiumLaunchOptions());

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type Baseline = 'bare' | 'pdfjsViewer';
type Bench = {
  bare(url: string, scale: number): Promise<number>;
  pdfjsViewer(url: string, scale: number): Promise<number>;
  viewer(url: string, scale: number, fieldPages?: number): Promise<number>;
  openLong(url: string, zoom: string, fieldPages?: number): Promise<number>;
  openLongPdfjs(url: string, zoom: string): Promise<number>;
  scrollLong(): Promise<{ maxLive: number; steps: number; painted: number }>;
};
declare const bench: Bench;

async function openBenchPage(): Promise<import('playwright-core').Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${port}/bench/viewer-bench.html`);
  await page.waitForSelector('body[data-ready]', { timeout: 60000 });
  return page;
}

/** A reader of the page's JS heap after forced garbage collection. */
async function heapReader(page: import('playwright-core').Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  return async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  };
}

type ScrollHeap = { document: number; after: number; maxLive: number; painted: number };

/** One viewer in a fresh bench page: its heap before opening the long document, and after scrolling it to the end. */
async function scrollHeap(side: 'viewer' | 'pdfjsViewer'): Promise<ScrollHeap> {
  const page = await openBenchPage();
  try {
    const heapAfterGc = await heapReader(page);
    const empty = await heapAfterGc();
    const url = `/bench-pdf/${LONG_PAGES}p.pdf`;
    const pages =
      side === 'viewer'
        ? await page.evaluate(([u, n]) => bench.openLong(u, '0.5', n), [url, LONG_PAGES] as const)
        : await page.evaluate((u) => bench.openLongPdfjs(u, '0.5'), url);
    if (pages !== LONG_PAGES) throw new Error(`${side}: expected ${LONG_PAGES} pages, got ${pages}`);
    const scroll = await page.evaluate(() => bench.scrollLong());
    const after = await heapAfterGc();
    return { document: after - empty, after, maxLive: scroll.maxLive, painted: scroll.painted };
  } finally {
    await page.close();
  }
}

/** The run with the median document heap (the other figures come from that same run). */
function medianHeap(runs: ScrollHeap[]): ScrollHeap {
  return [...runs].sort((a, b) => a.document - b.document)[runs.length >> 1];
}

try {
  const page = await openBenchPage();

  /**
   * Pairs of adjacent runs (order alternating); the ratio is the median of the pairs' ratios, which cancels
   * drift in machine load. `fieldPages` > 0 gives the viewer two fields on each of that many pages.
   */
  async function firstPage(name: string, baseline: Baseline = 'bare', fieldPages = 0): Promise<{ viewer: number; bare: number; ratio: number }> {
    const url = `/bench-pdf/${name}`;
    const viewerTimes: number[] = [];
    const bareTimes: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const order = i % 2 === 0 ? (['bare', 'viewer'] as const) : (['viewer', 'bare'] as const);
      const times = { bare: 0, viewer: 0 };
      for (const side of order) {
        const run = side === 'viewer' ? 'viewer' : baseline;
        times[side] = await page.evaluate(([s, u, k, f]) => bench[s as 'viewer'](u as string, k as number, f as number), [
          run,
          url,
          SCALE,
          fieldPages,
        ] as const);
      }
      if (i < WARMUP) continue;
      bareTimes.push(times.bare);
      viewerTimes.push(times.viewer);
      ratios.push(times.viewer / times.bare);
    }
    return { viewer: median(viewerTimes), bare: median(bareTimes), ratio: median(ratios) };
  }

  const trace = await firstPage('tracemonkey.pdf');
  console.log(`viewer_first_page_ratio: ${trace.ratio.toFixed(3)}`);
  console.log(`viewer_first_page_ms: ${trace.viewer.toFixed(1)}`);
  console.log(`pdfjs_first_page_ms: ${trace.bare.toFixed(1)}`);

  const long = await firstPage('500p.pdf');
  console.log(`viewer_first_page_ratio_500p: ${long.ratio.toFixed(3)}`);
  console.log(`viewer_first_page_500p_ms: ${long.viewer.toFixed(1)}`);
  console.log(`pdfjs_first_page_500p_ms: ${long.bare.toFixed(1)}`);

  // Second baseline: pdf.js's own viewer, <esign-viewer> with fields on every page.
  const vsFirst = await firstPage(`${LONG_PAGES}p.pdf`, 'pdfjsViewer', LONG_PAGES);
  console.log(`viewer_vs_pdfjs_viewer_first_page_ratio: ${vsFirst.ratio.toFixed(3)}`);
  console.log(`viewer_with_fields_first_page_1000p_ms: ${vsFirst.viewer.toFixed(1)}`);
  console.log(`pdfjs_viewer_first_page_1000p_ms: ${vsFirst.bare.toFixed(1)}`);

  const heapAfterGc = await heapReader(page);
  const started = Date.now();
  const pages = await page.evaluate(() => bench.openLong('/bench-pdf/1000p.pdf', '0.5'));
  if (pages !== 1000) throw new Error(`expected 1000 pages, got ${pages}`);
  const heapBefore = await heapAfterGc();
  const scroll = await page.evaluate(() => bench.scrollLong());
  const heapAfter = await heapAfterGc();
  console.log(`viewer_max_live_canvases: ${scroll.maxLive}`);
  console.log(`viewer_heap_growth_ratio: ${(heapAfter / heapBefore).toFixed(3)}`);
  console.log(`viewer_heap_after_first_paint_mb: ${(heapBefore / 2 ** 20).toFixed(1)}`);
  console.log(`viewer_heap_after_scroll_mb: ${(heapAfter / 2 ** 20).toFixed(1)}`);
  console.log(`viewer_scroll_1000p_pages_painted: ${scroll.painted}`);
  console.log(`viewer_scroll_1000p_s: ${((Date.now() - started) / 1000).toFixed(1)}`);
  await page.close();

  const heaps = { viewer: [] as ScrollHeap[], pdfjsViewer: [] as ScrollHeap[] };
  for (let i = 0; i < HEAP_RUNS; i++) {
    for (const side of i % 2 === 0 ? (['pdfjsViewer', 'viewer'] as const) : (['viewer', 'pdfjsViewer'] as const)) heaps[side].push(await scrollHeap(side));
  }
  const ours = medianHeap(heaps.viewer);
  const theirs = medianHeap(heaps.pdfjsViewer);
  console.log(`viewer_vs_pdfjs_viewer_heap_ratio: ${(ours.document / theirs.document).toFixed(3)}`);
  console.log(`viewer_with_fields_document_heap_mb: ${(ours.document / 2 ** 20).toFixed(1)}`);
  console.log(`pdfjs_viewer_document_heap_mb: ${(theirs.document / 2 ** 20).toFixed(1)}`);
  console.log(`viewer_with_fields_heap_after_scroll_mb: ${(ours.after / 2 ** 20).toFixed(1)}`);
  console.log(`pdfjs_viewer_heap_after_scroll_mb: ${(theirs.after / 2 ** 20).toFixed(1)}`);
  console.log(`viewer_with_fields_max_live_canvases: ${ours.maxLive}`);
  console.log(`pdfjs_viewer_max_live_canvases: ${theirs.maxLive}`);
  console.log(`pdfjs_viewer_scroll_1000p_pages_painted: ${theirs.painted}`);
} finally {
  await browser.close();
  await server.close();
}
