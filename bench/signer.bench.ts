/**
 * `node bench/signer.bench.ts`: <esign-signer> against <esign-viewer> in headless Chromium, both
 * loading pdfjs-tracemonkey.pdf sent as a document with 20 fields for one signer, through the real
 * server (buildApp, reached through a Vite middleware that hands /api/ to it with inject()).
 *
 * - signer_ready_ratio: attach → the first field ready to fill (page painted, field box and its
 *   input shown) over the viewer's attach → page 1 painted; runs interleaved, median of pair ratios.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import type { Plugin } from 'vite';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { templateFileName } from '../demo/server/services/template-deletion.ts';
import { inspectPdf } from '../demo/server/pdf/index.ts';
import { normalizeElement } from '../src/fields/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = process.env.ESIGN_FIXTURES ?? fileURLToPath(new URL('../../shared/fixtures/pdfs/', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = 2;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-signer-bench-'));
const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits: { sandbox: 1e9, production: 1e9, windowMs: 3600_000 } });
const setup = (await ensureInitialSetup(app.store))!;
const admin = (await app.store.users.firstAdmin())!;
const auth = { authorization: `Bearer ${setup.apiKey}` };

// The tracemonkey paper as a template with 20 fields for signer 1 over its first pages.
const pdf = new Uint8Array(fs.readFileSync(path.join(fixtures, 'pdfjs-tracemonkey.pdf')));
const info = inspectPdf(pdf);
if (!(await info).ok) throw new Error('tracemonkey did not inspect');
const templateId = crypto.randomUUID();
const kinds = [
  { element_type: 'text', label: 'Name' },
  { element_type: 'text', validation: 1, label: 'Email' },
  { element_type: 'signature' },
  { element_type: 'text', validation: 25, label: 'Agree' },
  { element_type: 'text', validation: 30, label: 'Date' },
] as const;
const fields = Array.from({ length: 20 }, (_, i) => ({
  ...normalizeElement({
    ax: 0.1,
    ay: 0.1 + (i % 4) * 0.2,
    bx: 0.45,
    by: 0.15 + (i % 4) * 0.2,
    page: 1 + Math.floor(i / 4),
    signer: 1,
    ...kinds[i % kinds.length],
  }),
  uuid: crypto.randomUUID(),
}));
await app.store.files.write(templateFileName(templateId), pdf);
const pages = (
  (await info) as { pages: { mediaBox: [number, number, number, number]; cropBox: [number, number, number, number]; rotate: 0 | 90 | 180 | 270 }[] }
).pages;
await app.store.templates.insert({
  id: templateId,
  groupId: setup.groupId,
  userId: admin.id,
  title: 'Tracemonkey',
  pageCount: pages.length,
  pages,
  fileSize: pdf.length,
  processTags: false,
  archiveUponSend: false,
  hideSenderFields: false,
  fields,
  report: {},
});
const sent = await app.inject({
  method: 'POST',
  url: '/api/v1/document/',
  headers: { ...auth, 'content-type': 'application/json' },
  payload: {
    group: `/api/v1/group/${setup.groupId}/`,
    name: 'Tracemonkey',
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    signers: [{ firstname: 'Ann', lastname: 'Bench', email: 'ann@example.com' }],
  },
});
if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);
const documentId = /\/status\/([^/]+)\//.exec(String(sent.headers.location))![1];
const signerId = (await app.store.documents.recipients(documentId))[0]!.id;
const link = (await app.inject({ method: 'GET', url: `/api/v1/signer/${signerId}/sign-link/`, headers: auth })).json().link as string;
const token = (
  await app.inject({ method: 'POST', url: `/api/v1/signer/${signerId}/link-session/`, headers: { 'content-type': 'application/json' }, payload: { link } })
).json().token as string;

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const apiThroughInject: Plugin = {
  name: 'esign-api',
  configureServer(server) {
    server.middlewares.use(async (req, res, next) => {
      if (!req.url?.startsWith('/api/')) return next();
      const payload = await body(req);
      const answer = await app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers as Record<string, string>,
        payload: payload.length ? payload : undefined,
      });
      res.statusCode = answer.statusCode;
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && k !== 'transfer-encoding') res.setHeader(k, v as string);
      res.end(answer.rawPayload);
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
  plugins: [apiThroughInject],
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch(chromiumLaunchOptions());

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

type Target = { endpoint: string; token: string; document: string; signer: string };
declare const bench: { viewer(t: Target): Promise<number>; signer(t: Target): Promise<number> };

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${port}/bench/signer-bench.html`);
  await page.waitForSelector('body[data-ready]', { timeout: 60000 });
  const target: Target = { endpoint: `http://127.0.0.1:${port}`, token, document: documentId, signer: signerId };
  const ratios: number[] = [];
  const times = { viewer: [] as number[], signer: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const order = i % 2 === 0 ? (['viewer', 'signer'] as const) : (['signer', 'viewer'] as const);
    const run = { viewer: 0, signer: 0 };
    for (const side of order) run[side] = await page.evaluate(([s, t]) => bench[s as 'viewer' | 'signer'](t as Target), [side, target] as const);
    if (i < WARMUP) continue;
    times.viewer.push(run.viewer);
    times.signer.push(run.signer);
    ratios.push(run.signer / run.viewer);
  }
  console.log(`signer_ready_ratio: ${median(ratios).toFixed(3)}`);
  console.log(`signer_ready_ms: ${median(times.signer).toFixed(1)}`);
  console.log(`viewer_first_page_rest_ms: ${median(times.viewer).toFixed(1)}`);
} finally {
  await browser.close();
  await server.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
