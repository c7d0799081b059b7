/**
 * The whole journey against the real demo server in Chromium: the journey page uploads the sample,
 * places fields in <esign-editor>, sends to two signers; each signer opens its link and signs in
 * <esign-signer> (the first draws with the mouse, the second types), filling a typed date, a
 * checkbox and a regex field; then the final PDF's text (pdf.js) and the document status 30 are checked.
 */
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { placedText } from '../support/server/pdf.ts';
import { formatSigningDate } from '../../src/fields/index.ts';

test.describe.configure({ timeout: 120_000 });

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next field' }).click();
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.locator('#confirm-submit-button').click();
}

test('send to two signers, sign by drawing and by typing, download the final PDF with status 30', async ({ page, context, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/demo/journey.html');
  await expect(page.locator('#session')).toContainText('Connected');
  await page.locator('#use-sample').click();
  await expect(page.locator('#document-state')).toContainText('Uploaded', { timeout: 30_000 });
  await expect(page.locator('esign-editor')).toBeAttached();
  await page.waitForFunction(() => !!document.querySelector('esign-editor')?.shadowRoot?.querySelector('.page[data-rendered]'), null, { timeout: 30_000 });
  await page.locator('#example-fields').click();
  await expect(page.locator('#fields-state')).toContainText('Saved 10 fields');
  await page.locator('#send').click();
  await expect(page.locator('a.sign-link')).toHaveCount(2);
  await expect(page.locator('#outbox li')).toHaveCount(1); // only signer 1 is invited so far
  const [firstLink, secondLink] = await page.locator('a.sign-link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));

  // Signer 1: text, typed date, regex, checkbox, a signature drawn with the mouse.
  const ann = await context.newPage();
  ann.on('pageerror', (e) => errors.push(e.message));
  await ann.goto(firstLink);
  const field = ann.locator('#field-input');
  await expect(ann.locator('.field-name')).toContainText('Full name', { timeout: 30_000 });
  await field.fill('Ann Example');
  await next(ann);
  await expect(ann.locator('.field-name')).toContainText('Start date');
  await field.fill('31/02/2026');
  await next(ann);
  await ann.getByRole('button', { name: 'Previous field' }).click();
  await expect(ann.locator('#field-error')).toContainText('real date');
  await field.fill('21/11/2026');
  await expect(ann.locator('#field-error')).toHaveText('');
  await next(ann);
  await expect(ann.locator('.field-name')).toContainText('Reference');
  await field.fill('ab-12');
  await field.blur();
  await expect(ann.locator('#field-error')).toContainText('expected format');
  await field.fill('AB-1234');
  await next(ann);
  await expect(ann.locator('.field-name')).toContainText('I agree');
  await field.check();
  await next(ann);
  await ann.getByRole('button', { name: 'Sign', exact: true }).click();
  const pad = ann.locator('canvas.pad');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await ann.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await ann.mouse.down();
  for (let i = 1; i <= 20; i++) await ann.mouse.move(box.x + 30 + i * 15, box.y + box.height * (0.6 - 0.3 * Math.sin(i / 3)), { steps: 2 });
  await ann.mouse.up();
  await ann.getByRole('button', { name: 'Adopt and sign' }).click();
  await expect(ann.locator('.signature-preview')).toBeVisible();
  await expect(ann.locator('[part~="progress-count"]')).toContainText('5 of 5');
  await submit(ann);
  await expect(ann.locator('[part~="final"]')).toContainText('Your signature has been recorded');

  // Signer 2: a typed signature, chosen entirely with the keyboard.
  const bob = await context.newPage();
  bob.on('pageerror', (e) => errors.push(e.message));
  await bob.goto(secondLink);
  await expect(bob.locator('.field-name')).toContainText('Second name', { timeout: 30_000 });
  await bob.locator('#field-input').fill('Bob Example');
  await next(bob);
  await bob.locator('#field-input').check();
  await next(bob);
  await bob.locator('#field-input').focus();
  await bob.keyboard.press('Enter');
  await bob.keyboard.press('ArrowRight');
  await expect(bob.locator('#typed')).toHaveValue('Bob Example');
  await bob.getByRole('button', { name: 'Adopt and sign' }).click();
  await expect(bob.locator('.signature-preview')).toBeVisible();
  await submit(bob);
  await expect(bob.locator('[part~="final"]')).toContainText('Everyone has signed');
  const download = bob.waitForEvent('download');
  await bob.getByRole('button', { name: 'Download the signed PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Back to the sender: status 30 and the final PDF with its history page, arrived live (no click, no reload).
  await page.bringToFront();
  await expect(page.locator('#doc-status')).toHaveAttribute('data-status', '30');
  await expect(page.locator('#download')).toBeVisible();
  const pdf = await page.evaluate(async () => {
    const { key } = await (await fetch('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
    const href = (document.querySelector('a.sign-link') as HTMLAnchorElement).href;
    const signer = /signer=([0-9a-f-]+)/.exec(href)![1];
    const detail = await (await fetch(`/api/v1/signer/${signer}/`, { headers: { Authorization: `Bearer ${key}` } })).json();
    const documentId = /\/document\/([^/]+)\//.exec(detail.document)![1];
    const sentDocument = await (await fetch(`/api/v1/document/${documentId}/`, { headers: { Authorization: `Bearer ${key}` } })).json();
    const { status } = sentDocument;
    const recipients = sentDocument.signer_objects.map((r: { status: number }) => r.status);
    const bytes = new Uint8Array(await (await fetch(`/api/v1/pdf/${documentId}/`, { headers: { Authorization: `Bearer ${key}` } })).arrayBuffer());
    return { status, recipients, bytes: Array.from(bytes) };
  });
  expect(pdf.status).toBe(30);
  expect(pdf.recipients).toEqual([40, 50]); // Bob downloaded it (the click above); Ann's completion screen recorded nothing
  const runs = await placedText(new Uint8Array(pdf.bytes));
  const text = runs.map((r) => r.str).join(' ');
  // The automatic signing dates (code 48) are the server's, in UTC, on the day of signing.
  for (const expected of ['Ann Example', '21/11/2026', 'AB-1234', 'Bob Example', formatSigningDate(48, new Date())]) expect(text).toContain(expected);
  expect(text).toMatch(/Signed/);
  expect(Math.max(...runs.map((r) => r.page))).toBeGreaterThan(1); // the history page follows the contract
  expect(errors).toEqual([]);
});
