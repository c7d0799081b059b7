/**
 * The npm package works the way the README tells an application to use it with a bundler: import the
 * package by name, point pdf.js at the worker the package exports (`esign-elements/pdf.worker.min.mjs?url`),
 * bundle with Vite, serve the result statically. Uses the built dist/ (the harness builds it).
 */
import { test, expect } from '@playwright/test';
import { buildAndServeApp, type BundledApp } from './support/bundled-app.ts';
import type { StaticServer } from './support/static-server.ts';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

const APP = `
import workerUrl from 'esign-elements/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc, type FieldElement } from 'esign-elements';

setPdfWorkerSrc(workerUrl);
const viewer = document.createElement('esign-viewer');
viewer.style.cssText = 'display:block;width:800px;height:700px';
viewer.src = '/fixtures/pdfjs-tracemonkey.pdf';
const fields: Partial<FieldElement>[] = [{ page: 1, ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, element_type: 'signature', signer: 1 }];
viewer.fields = fields as FieldElement[];
document.body.append(viewer);
`;

let app: BundledApp;
let server: StaticServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await buildAndServeApp('bundler', APP);
  server = app.server;
});

test.afterAll(async () => {
  await app?.close();
});

test('an application bundled with Vite renders a PDF through the npm package', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await recordViewerEvents(page);
  await page.goto(`${server.url}/index.html`);
  await waitForPaintedPage(page);
  expect(
    server.requests.some((path) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(path)),
    'the worker came from the bundle',
  ).toBe(true);
  expect(pageErrors).toEqual([]);
});
