/**
 * The journey takes more than PDFs (issue 17): a Word file chosen in the file picker and an image dropped on the
 * document step go through the server's upload flow (signed URL, PUT with upload progress, conversion) and open
 * in <esign-editor> as the converted template; a file that cannot be converted says why and leaves the page usable.
 * Real LibreOffice on the server (the e2e server is the demo server; `.ci/run` installs LibreOffice).
 */
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

test.describe.configure({ timeout: 120_000 });

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/convert/${name}`, import.meta.url)));

async function openJourney(page: Page): Promise<void> {
  await page.goto('/demo/journey.html');
  await expect(page.locator('#session')).toContainText('Connected');
}

async function editorShowsPages(page: Page): Promise<number> {
  await page.waitForFunction(() => !!document.querySelector('esign-editor')?.shadowRoot?.querySelector('.page[data-rendered]'), null, { timeout: 60_000 });
  return page.evaluate(() => document.querySelector('esign-editor')!.shadowRoot!.querySelectorAll('.page').length);
}

test('journey: a Word file from the file picker is converted and opens in the editor, with upload progress on the way', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openJourney(page);
  // Every text the status line shows, in order, so the progress steps can be checked after the fact.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => seen.push(document.getElementById('document-state')!.textContent ?? '')).observe(document.getElementById('document-state')!, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.locator('#upload').setInputFiles({
    name: 'contract.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: fixture('ft-fixture2.docx'),
  });
  await expect(page.locator('#document-state')).toContainText('Uploaded “contract”', { timeout: 60_000 });
  expect(await editorShowsPages(page)).toBeGreaterThan(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((text) => /Uploading… \d+%/.test(text))).toBe(true);
  expect(seen.some((text) => text.includes('Converting to PDF'))).toBe(true);
  await expect(page.locator('#upload')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('journey: an image dropped on the document step becomes a one-page template', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await openJourney(page);
  const png = [...fixture('ft-fixture.png')];
  await page.evaluate((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'scan.png', { type: 'image/png' }));
    const zone = document.getElementById('step-document')!;
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, png);
  await expect(page.locator('#document-state')).toContainText('Uploaded “scan”', { timeout: 60_000 });
  expect(await editorShowsPages(page)).toBe(1);
});

test('journey: a file that is not a document says why and leaves the page usable', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await openJourney(page);
  await page
    .locator('#upload')
    .setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('\u0000\u0001 not a document at all'.repeat(40)) });
  await expect(page.locator('#document-state')).toHaveClass(/problem/, { timeout: 60_000 });
  await expect(page.locator('#document-state')).not.toBeEmpty();
  await expect(page.locator('#upload')).toBeEnabled();
  await expect(page.locator('#use-sample')).toBeEnabled();
  await expect(page.locator('esign-editor')).toHaveCount(0);
});

test('editor: a document dropped on <esign-editor> uploads with progress, converts, and opens in its place', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openJourney(page);
  await page.locator('#use-sample').click();
  await editorShowsPages(page);
  const before = await page.evaluate(() => document.querySelector('esign-editor')!.getAttribute('template'));
  // The upload strip is there for keyboard users too: a file button.
  await expect(page.locator('esign-editor').locator('[part=upload] input[type=file]')).toBeAttached();
  await page.evaluate(() => {
    const root = document.querySelector('esign-editor')!.shadowRoot!;
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => seen.push(root.querySelector('.upload-state')?.textContent ?? '')).observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  const odt = [...fixture('ft-fixture.odt')];
  await page.evaluate((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'terms.odt', { type: 'application/vnd.oasis.opendocument.text' }));
    const scroller = document.querySelector('esign-editor')!.shadowRoot!.querySelector('.scroller')!;
    scroller.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, odt);
  await expect(page.locator('esign-editor').locator('[part=drop-hint]')).toBeVisible();
  await page.evaluate((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'terms.odt', { type: 'application/vnd.oasis.opendocument.text' }));
    const scroller = document.querySelector('esign-editor')!.shadowRoot!.querySelector('.scroller')!;
    scroller.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, odt);
  await expect(page.locator('#document-state')).toContainText('Uploaded “terms”', { timeout: 60_000 });
  await page.waitForFunction((old) => document.querySelector('esign-editor')!.getAttribute('template') !== old, before);
  expect(await editorShowsPages(page)).toBeGreaterThan(0);
  await expect(page.locator('esign-editor').locator('[part=drop-hint]')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((text) => /Uploading… \d+%/.test(text))).toBe(true);
  expect(seen.some((text) => text.includes('Converting to PDF'))).toBe(true);
  expect(errors).toEqual([]);
});
