/**
 * `node bench/viewer.bench.ts`: <esign-viewer> against bare pdfjs-dist in headless Chromium.
 *
 * - viewer_first_page_ratio(_500p): attach → page 1 painted, over getDocument + getPage + render of
 *   page 1 at the same scale (same pdf.js data folders, so both manage ICC colour); runs interleaved
 *   (order alternating), the median of the per-pair ratios.
 * - viewer_max_live_canvases: most canvases holding pixels while scrolling a 1,000-page PDF to the end.
 * - viewer_heap_growth_ratio: JS heap (after a forced GC) after that scroll over the heap after first paint.
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

type Bench = {
  bare(url: string, scale: number): Promise<number>;
  viewer(url: string, scale: number): Promise<number>;
  openLong(url: string, zoom: string): Promise<number>;
  scrollLong(): Promise<{ maxLive: number; steps: number; painted: number }>;
};
declare const bench: Bench;

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${port}/bench/viewer-bench.html`);
  await page.waitForSelector('body[data-ready]', { timeout: 60000 });

  /** Pairs of adjacent runs (order alternating); the ratio is the median of the pairs' ratios, which cancels drift in machine load. */
  async function firstPage(name: string): Promise<{ viewer: number; bare: number; ratio: number }> {
    const url = `/bench-pdf/${name}`;
    const viewerTimes: number[] = [];
    const bareTimes: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const order = i % 2 === 0 ? (['bare', 'viewer'] as const) : (['viewer', 'bare'] as const);
      const times = { bare: 0, viewer: 0 };
      for (const side of order) {
        times[side] = await page.evaluate(([s, u, k]) => bench[s as 'bare' | 'viewer'](u as string, k as number), [side, url, SCALE] as const);
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

  const cdp = await page.context().newCDPSession(page);
  async function heapAfterGc(): Promise<number> {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  }
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
} finally {
  await browser.close();
  await server.close();
}
