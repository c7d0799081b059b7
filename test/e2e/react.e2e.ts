/**
 * The README's framework example holds in a React 19 application: React sets `fields` as a property
 * (not an attribute), attaches `onesign-*` handlers as event listeners, and updates the property when
 * state changes. Bundled with Vite from the package by name, like test/e2e/bundler.e2e.ts.
 * (`createElement` is what the README's JSX compiles to; the test needs no JSX plugin.)
 */
import { test, expect } from '@playwright/test';
import { buildAndServeApp, type BundledApp } from './support/bundled-app.ts';
import type { StaticServer } from './support/static-server.ts';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

const APP = `
import { createElement, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import workerUrl from 'esign-elements/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc, type FieldElement } from 'esign-elements';
import 'esign-elements/esign-viewer';

setPdfWorkerSrc(workerUrl);
const log = ((window as any).__reactLog = { version, ready: [] as number[], pageChanges: [] as number[], errors: [] as string[] });
const field = (signer: number, label: string) =>
  ({ page: 1, ax: 0.1, ay: 0.1 + signer * 0.1, bx: 0.4, by: 0.15 + signer * 0.1, element_type: 'signature', signer, label }) as FieldElement;

function Contract() {
  const [fields, setFields] = useState<FieldElement[]>([field(1, 'Tenant')]);
  (window as any).__addField = () => setFields((current) => [...current, field(2, 'Landlord')]);
  return createElement('esign-viewer', {
    src: '/fixtures/pdfjs-tracemonkey.pdf',
    fields,
    zoom: 'fit-width',
    style: { display: 'block', width: '800px', height: '700px' },
    'onesign-ready': (e: CustomEvent<{ pages: number }>) => log.ready.push(e.detail.pages),
    'onesign-page-change': (e: CustomEvent<{ page: number }>) => log.pageChanges.push(e.detail.page),
    'onesign-error': (e: CustomEvent<{ message: string }>) => log.errors.push(e.detail.message),
  });
}
createRoot(document.getElementById('root')!).render(createElement(Contract));
`;

let app: BundledApp;
let server: StaticServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await buildAndServeApp('react', APP, '<div id="root"></div>');
  server = app.server;
});

test.afterAll(async () => {
  await app?.close();
});

type Log = { version: string; ready: number[]; pageChanges: number[]; errors: string[] };

test('inside a React 19 app: fields as a property, onesign-* handlers, updates on state change', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await recordViewerEvents(page);
  await page.goto(`${server.url}/index.html`);
  await waitForPaintedPage(page);
  const log = () => page.evaluate(() => (window as unknown as { __reactLog: Log }).__reactLog);
  expect((await log()).version).toMatch(/^19\./);
  // React's onesign-ready handler got the page count.
  await expect.poll(async () => (await log()).ready).toEqual([14]);

  const viewer = page.locator('esign-viewer');
  // A property, not a stringified attribute.
  expect(
    await viewer.evaluate((el) => ({ isArray: Array.isArray((el as unknown as { fields: unknown }).fields), attribute: el.getAttribute('fields') })),
  ).toEqual({ isArray: true, attribute: null });
  await expect(viewer.locator('[part~="field"]')).toHaveCount(1);
  await expect(viewer.locator('[part~="field-label"]')).toHaveText(['Tenant']);

  // New state, new array: React sets the property again and the overlay follows.
  await page.evaluate(() => (window as unknown as { __addField: () => void }).__addField());
  await expect(viewer.locator('[part~="field-label"]')).toHaveText(['Tenant', 'Landlord']);

  // Page navigation reaches React's onesign-page-change handler.
  await viewer.evaluate((el) => ((el as unknown as { page: number }).page = 3));
  await expect.poll(async () => (await log()).pageChanges.at(-1)).toBe(3);
  expect((await log()).errors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
