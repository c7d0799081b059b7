/**
 * The npm package works the way the README tells an application to use it with a bundler: import the
 * package by name, point pdf.js at the worker the package exports (`esign-elements/pdf.worker.min.mjs?url`),
 * bundle with Vite, serve the result statically. Uses the built dist/ (the harness builds it).
 */
import { test, expect } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { fixturesDir } from '../support/fixtures.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

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

let work = '';
let server: StaticServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Under the repo's node_modules so the package's own dependencies resolve as they would in an app.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  work = mkdtempSync(join(root, 'node_modules/.cache/esign-bundler-e2e-'));
  const app = join(work, 'app');
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  symlinkSync(root, join(app, 'node_modules/esign-elements'), 'dir');
  writeFileSync(join(app, 'main.ts'), APP);
  writeFileSync(join(app, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="./main.ts"></script></body></html>');
  await build({ root: app, configFile: false, logLevel: 'warn', build: { outDir: join(work, 'out'), emptyOutDir: true, chunkSizeWarningLimit: 4096 } });
  server = await startStaticServer({ mounts: { '/fixtures/': fixturesDir(), '/': join(work, 'out') }, pages: {} });
});

test.afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('an application bundled with Vite renders a PDF through the npm package', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await recordViewerEvents(page);
  await page.goto(`${server.url}/index.html`);
  await waitForPaintedPage(page);
  expect(server.requests.some((path) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(path)), 'the worker came from the bundle').toBe(true);
  expect(pageErrors).toEqual([]);
});
