/**
 * The demo as a person first meets it: the page at `/` (served by demo/server) shows the sample contract
 * in <esign-viewer>. The harness (test/e2e/run.ts) starts the server and sets E2E_BASE_URL.
 */
import { test, expect } from '@playwright/test';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

test('the demo page loads and its viewer renders page 1 of /demo/sample.pdf', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e` (test/e2e/run.ts starts the demo server)');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const pdfRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/demo/sample.pdf') pdfRequests.push(request.url());
  });
  await recordViewerEvents(page);

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('esign-viewer').first()).toBeAttached();
  await waitForPaintedPage(page, 'esign-viewer');
  expect(pdfRequests.length, 'the viewer loaded /demo/sample.pdf').toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});

test('the server answers /healthz', async ({ request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set');
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
