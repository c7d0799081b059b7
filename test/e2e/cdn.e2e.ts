/**
 * The CDN file works the way the README promises: a plain HTML page, one
 * `<script type="module" src=".../esign-elements.min.js">`, no bundler, no import map. Served by a bare
 * static server (not the demo), with the pdf.js worker found beside the script by default.
 */
import { test, expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturesDir } from '../support/fixtures.ts';
import { DATA_FONT_PDF_FETCHES, generateDataFontPdf } from '../support/generate-data-font-pdf.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';
import { recordViewerEvents, waitForPaintedPage } from './support/painted-page.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>CDN script tag</title></head>
<body>
  <esign-viewer src="/fixtures/pdfjs-tracemonkey.pdf" style="display:block;width:800px;height:700px"></esign-viewer>
  <script type="module" src="/cdn/esign-elements.min.js"></script>
</body>
</html>`;

let server: StaticServer;

test.beforeAll(async () => {
  server = await startStaticServer({ mounts: { '/cdn/': `${dist}cdn`, '/fixtures/': fixturesDir() }, pages: { '/': PAGE } });
});

test.afterAll(async () => {
  await server?.close();
});

test('a script tag loading the CDN file renders page 1 of a PDF', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await recordViewerEvents(page);
  await page.goto(`${server.url}/`);

  await expect.poll(() => page.evaluate(() => customElements.get('esign-viewer') !== undefined)).toBe(true);
  const inked = await waitForPaintedPage(page);
  expect(inked).toBeGreaterThan(0.002);

  // Loaded from the script's own folder, which proves the default worker URL resolves in the built file.
  expect(server.requests).toContain('/cdn/pdf.worker.min.mjs');
  expect(pageErrors).toEqual([]);
});

test('a page on another origin loads the CDN file and its worker from the CDN', async ({ page }) => {
  // The README's case: the script and the worker live on a CDN, the page elsewhere. Browsers refuse a
  // cross-origin Worker URL, so this only passes if pdf.js's cross-origin path works with the default.
  const cdn = await startStaticServer({ mounts: { '/': `${dist}cdn` }, cors: true });
  const site = await startStaticServer({
    mounts: { '/fixtures/': fixturesDir() },
    pages: { '/': PAGE.replace('/cdn/esign-elements.min.js', `${cdn.url.replace('127.0.0.1', 'localhost')}/esign-elements.min.js`) },
  });
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await recordViewerEvents(page);
    await page.goto(`${site.url}/`);
    await waitForPaintedPage(page);
    expect(cdn.requests).toContain('/pdf.worker.min.mjs');
    expect(pageErrors).toEqual([]);
  } finally {
    await site.close();
    await cdn.close();
  }
});

test('pdf.js finds its data folders beside the CDN file: non-embedded dingbats and CJK text render', async ({ page }) => {
  // A CDN install must draw text whose font the PDF does not embed: pdf.js fetches the standard font
  // and the CMap from dist/cdn/standard_fonts/ and dist/cdn/cmaps/ by default, with nothing configured.
  const pdfDir = mkdtempSync(join(tmpdir(), 'esign-data-font-'));
  writeFileSync(join(pdfDir, 'data-fonts.pdf'), await generateDataFontPdf());
  const site = await startStaticServer({
    mounts: { '/cdn/': `${dist}cdn`, '/pdf/': pdfDir },
    pages: { '/': PAGE.replace('/fixtures/pdfjs-tracemonkey.pdf', '/pdf/data-fonts.pdf') },
  });
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await recordViewerEvents(page);
    await page.goto(`${site.url}/`);
    expect(await waitForPaintedPage(page)).toBeGreaterThan(0.002);
    await expect.poll(() => DATA_FONT_PDF_FETCHES.filter((file) => site.requests.includes(`/cdn/${file}`))).toEqual(DATA_FONT_PDF_FETCHES);
    // The decoded CJK text reaches the text layer (only possible with the CMap).
    await expect.poll(() => page.evaluate(() => document.querySelector('esign-viewer')?.shadowRoot?.textContent ?? '')).toContain('署名');
    expect(pageErrors).toEqual([]);
  } finally {
    await site.close();
    rmSync(pdfDir, { recursive: true, force: true });
  }
});

test('the CDN file exports the field model for pages without a bundler', async ({ page }) => {
  await page.goto(`${server.url}/`);
  const exported = await page.evaluate(async (url) => {
    const lib = (await import(url)) as Record<string, unknown>;
    return ['setPdfWorkerSrc', 'getPdfWorkerSrc', 'setPdfAssetsBase', 'signerColor', 'fractionRectToPdf'].filter((name) => typeof lib[name] === 'function');
  }, `${server.url}/cdn/esign-elements.min.js`);
  expect(exported).toEqual(['setPdfWorkerSrc', 'getPdfWorkerSrc', 'setPdfAssetsBase', 'signerColor', 'fractionRectToPdf']);
});

test('each element loads alone from its own CDN file, sharing chunks and the one worker', async ({ page }) => {
  const site = await startStaticServer({
    mounts: { '/cdn/': `${dist}cdn`, '/fixtures/': fixturesDir() },
    pages: { '/': PAGE.replace('/cdn/esign-elements.min.js', '/cdn/esign-viewer.min.js') },
  });
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await recordViewerEvents(page);
    await page.goto(`${site.url}/`);
    expect(await waitForPaintedPage(page)).toBeGreaterThan(0.002);
    expect(site.requests).toContain('/cdn/pdf.worker.min.mjs');
    const scripts = site.requests.filter((path) => path.endsWith('.min.js'));
    expect(scripts.filter((path) => /esign-(elements|signer|editor)\.min\.js$/.test(path))).toEqual([]);
    expect(await page.evaluate(() => ['esign-viewer', 'esign-signer', 'esign-editor'].map((tag) => customElements.get(tag) !== undefined))).toEqual([
      true,
      false,
      false,
    ]);

    // The signer's file on the same page: its own code only, the shared chunks (pdf.js among them) are not fetched again.
    const before = site.requests.length;
    await page.evaluate((url) => import(url), `${site.url}/cdn/esign-signer.min.js`);
    expect(await page.evaluate(() => customElements.get('esign-signer') !== undefined)).toBe(true);
    const added = site.requests.slice(before);
    expect(added).toContain('/cdn/esign-signer.min.js');
    expect(added.filter((path) => site.requests.slice(0, before).includes(path) || /esign-(elements|editor)\.min\.js$/.test(path))).toEqual([]);
    expect(await page.evaluate(() => customElements.get('esign-editor') === undefined)).toBe(true);
    expect(pageErrors).toEqual([]);
  } finally {
    await site.close();
  }
});
