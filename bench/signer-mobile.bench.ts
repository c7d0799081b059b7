/**
 * `node bench/signer-mobile.bench.ts`: the signing page (/demo/sign.html, the built dist/) on an emulated
 * mid-range phone over a slow network, against the real server listening on 127.0.0.1.
 *
 * The phone (Chromium through CDP): 4x CPU slowdown, 150 ms latency, 1.6 Mbps down / 750 kbps up, a
 * 390x844 touch screen, a fresh browser context (cold cache) for every cold run.
 *
 * - signer_mobile_ready_ms: from navigation to the first field box answering a tap by giving its control
 *   the focus (the box is tapped as soon as it is on screen, again until the control has focus); median of 3.
 * - signer_page_transfer_kb: bytes the server wrote for a cold visit (headers and bodies, whatever the
 *   page and its workers fetched), counted on the server's sockets; the median run's.
 * - signer_repeat_transfer_kb: the same for a second visit in the same browser context (warm cache).
 *
 * BENCH_RUNS changes the number of cold runs (default 3). BENCH_TRACE=1 prints each cold run's requests (start
 * and end in ms after navigation, bytes) to stderr: what the first usable field waits for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/support/chromium.ts';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { samplePdf } from '../demo/server/services/sample-pdf.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PHONE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };

if (!fs.existsSync(path.join(distDir, 'cdn', 'esign-signer.min.js'))) {
  console.error('signer-mobile bench: dist/ is not built: run `npm run build` first');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-signer-mobile-bench-'));
const app = await buildApp({ dataDir, distDir, sweepIntervalMs: 0, rateLimits: { sandbox: 1e9, production: 1e9, windowMs: 3600_000 } });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** Every byte the server wrote, on open and closed sockets. */
const sockets = new Set<Socket>();
let closedBytes = 0;
app.server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.on('close', () => {
    closedBytes += socket.bytesWritten;
    sockets.delete(socket);
  });
});
const bytesWritten = () => closedBytes + [...sockets].reduce((sum, s) => sum + s.bytesWritten, 0);

const setup = (await ensureInitialSetup(app.store))!;
const auth = { authorization: `Bearer ${setup.apiKey}`, 'content-type': 'application/json' };

async function api(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Record<string, unknown>> {
  const res = await app.inject({ method, url, headers: auth, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

// The demo's sample PDF with the four fields of the scenario: a name, a date, a signature, an optional nickname.
const pdf = Buffer.from(await samplePdf());
const upload = await api('POST', '/api/v1/templatepdf/?returnAsJson=1', {
  group: `/api/v1/group/${setup.groupId}/`,
  title: 'Phone',
  pdf_file: pdf.toString('base64'),
});
const templateId = (upload.resource as { uid: string }).uid;
const box = (ay: number, extra: Record<string, unknown>) => ({ ax: 0.1, ay, bx: 0.5, by: ay + 0.04, page: 1, signer: 1, ...extra });
await api('POST', `/api/v1/templatepdf/${templateId}/fields/`, [
  box(0.15, { element_type: 'text', label: 'Full name' }),
  box(0.25, { element_type: 'text', label: 'Date', validation: 2 }),
  box(0.35, { element_type: 'text', label: 'Nickname', optional: true }),
  box(0.7, { element_type: 'signature' }),
]);

/** A fresh recipient (its own link) per run, so no run finds another's autosaved values. */
async function signingUrl(i: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/document/',
    headers: auth,
    payload: {
      group: `/api/v1/group/${setup.groupId}/`,
      name: `Phone ${i}`,
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      signers: [{ firstname: 'Ann', lastname: 'Phone', email: `ann${i}@example.com` }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.body}`);
  const documentId = /\/status\/([^/]+)\//.exec(String(res.headers.location))![1];
  const detail = await api('GET', `/api/v1/document/${documentId}/`);
  const signer = (detail.signer_objects as { uuid: string }[])[0].uuid;
  const link = new URL(String((await api('GET', `/api/v1/signer/${signer}/sign-link/`)).url));
  return `${origin}${link.pathname}${link.search}${link.hash}`;
}

async function emulatePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
}

/** What has focus inside <esign-signer>'s shadow root. */
const focusedId = (page: Page) => page.evaluate(() => document.querySelector('esign-signer')?.shadowRoot?.activeElement?.id ?? '');

/** With BENCH_TRACE=1: every request of a page, as `start-end ms  KB  path`, printed once the page is ready. */
function traceRequests(page: Page): () => void {
  if (!process.env.BENCH_TRACE) return () => undefined;
  const started = performance.now();
  const lines: { start: number; text: string }[] = [];
  const begun = new Map<unknown, number>();
  page.on('request', (r) => begun.set(r, performance.now() - started));
  page.on('requestfinished', (r) => {
    void r.sizes().then((sizes) => {
      const start = begun.get(r) ?? 0;
      const kb = (sizes.responseBodySize + sizes.responseHeadersSize) / 1024;
      lines.push({ start, text: `${Math.round(start)}-${Math.round(performance.now() - started)} ms  ${kb.toFixed(1)} KB  ${new URL(r.url()).pathname}` });
    });
  });
  return () =>
    console.error(
      lines
        .sort((a, b) => a.start - b.start)
        .map((l) => `  ${l.text}`)
        .join('\n'),
    );
}

/** Navigation → the first field box tapped and its control focused, in ms. */
async function readyMs(page: Page, url: string): Promise<number> {
  const printTrace = traceRequests(page);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  const firstBox = page.locator('esign-signer .field.own').first();
  for (;;) {
    await firstBox.waitFor({ state: 'visible', timeout: 120_000 });
    await firstBox.tap({ timeout: 5_000 }).catch(() => undefined);
    if ((await focusedId(page)) === 'field-input') {
      const ms = performance.now() - started;
      printTrace();
      return ms;
    }
  }
}

/** Waits until the server has written nothing for `quietMs` and answers the bytes written since `from`. */
async function settledBytes(from: number, quietMs = 2500): Promise<number> {
  let last = bytesWritten();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = bytesWritten();
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
  return last - from;
}

const browser = await chromium.launch(chromiumLaunchOptions());
const phoneContext = (): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const runs: { ms: number; coldBytes: number; repeatBytes: number }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await phoneContext();
    const page = await context.newPage();
    await emulatePhone(page);
    const url = await signingUrl(i);
    const before = bytesWritten();
    const ms = await readyMs(page, url);
    const coldBytes = await settledBytes(before);
    // The second visit: same browser, same link, warm cache.
    const second = await context.newPage();
    await page.close();
    await emulatePhone(second);
    const beforeRepeat = bytesWritten();
    await readyMs(second, url);
    const repeatBytes = await settledBytes(beforeRepeat);
    runs.push({ ms, coldBytes, repeatBytes });
    console.error(`run ${i + 1}: ready ${Math.round(ms)} ms, cold ${(coldBytes / 1024).toFixed(0)} KB, repeat ${(repeatBytes / 1024).toFixed(0)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`signer_mobile_ready_ms: ${Math.round(median.ms)}`);
console.log(`signer_page_transfer_kb: ${Math.round(medianOf(runs.map((r) => r.coldBytes)) / 1024)}`);
console.log(`signer_repeat_transfer_kb: ${Math.round(medianOf(runs.map((r) => r.repeatBytes)) / 1024)}`);
