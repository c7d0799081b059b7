/**
 * Node-only harness for the editor's round-trip test and benchmark: Vite serving the source on
 * 127.0.0.1 (port 0) with a page that defines <esign-editor>, optionally proxying `/api` to a real
 * server, and Chromium through playwright-core with the project's launch options.
 */
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { chromium, type Browser } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../chromium.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The page at `/__editor.html`: the editor defined, the pdf.js worker set, `window.harnessReady` true. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>esign-editor harness</title>
<style>body{margin:0} #stage{width:1200px;height:860px} #stage > *{width:100%;height:100%}</style></head>
<body><div id="stage"></div>
<script type="module">
import { setPdfWorkerSrc } from '/src/internal/pdf-worker.ts';
import '/src/esign-editor/esign-editor.ts';
setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');
window.harnessReady = true;
</script></body></html>`;

export interface Harness {
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Proxy `/api` to this server origin (the page then talks to the server as its own origin). */
  apiTarget?: string;
  /** Serve with COOP/COEP (cross-origin isolated), for precise timing in benchmarks. */
  isolated?: boolean;
  /** Files to serve: URL path → bytes (generated PDFs). */
  files?: Map<string, Uint8Array>;
}

const servePage = (files: Map<string, Uint8Array>, options: HarnessOptions): Plugin => ({
  name: 'esign-editor-harness-page',
  configureServer(server: ViteDevServer) {
    server.middlewares.use(async (req, res, next) => {
      const file = files.get(req.url ?? '');
      if (file) {
        res.setHeader('Content-Type', 'application/pdf');
        if (options.isolated) res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
        res.end(file);
        return;
      }
      if (req.url !== '/__editor.html') return next();
      const html = await server.transformIndexHtml(req.url, PAGE);
      res.setHeader('Content-Type', 'text/html');
      if (options.isolated) {
        res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
        res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
      }
      res.end(html);
    });
  },
});

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port: 0,
      hmr: false,
      watch: null,
      // Cross-origin isolation gives the page 5 µs timers instead of 100 µs: frame intervals are measured, not rounded.
      headers: options.isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : undefined,
      proxy: options.apiTarget ? { '/api': { target: options.apiTarget, changeOrigin: true } } : undefined,
    },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [servePage(options.files ?? new Map(), options)],
  });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    origin: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
