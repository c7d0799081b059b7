/**
 * The signing page against the real server on a phone: keyboard-only signing (a text field, a
 * checkbox and a typed signature, no mouse or touch at all), the sticky field bar in reach while the
 * pages scroll, and the layout when the phone rotates. Then two recipients completing at the same
 * moment over real HTTP: both succeed, the document completes once with one final PDF.
 */
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { field, send, signLink } from './support/signing-documents.ts';

test.describe.configure({ timeout: 120_000 });

/** What has keyboard focus, looking through shadow roots: its id, else its accessible text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? (el.id || el.getAttribute('aria-label') || el.textContent || '').trim() : '';
  });
}

/** Presses Tab until `target` (an id or a button's text) has focus. */
async function tabTo(page: Page, target: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target} (focus is on "${await focused(page)}")`);
}

async function barInView(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  for (const name of ['Next field', 'Finish']) {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  }
}

test('on a phone, with the keyboard only: a name, a checkbox and a typed signature; the bar stays in reach when the phone rotates', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const sent = await send(
    request,
    [
      field(1, 'text', 0.1, { label: 'Full name' }),
      field(1, 'text', 0.2, { label: 'I agree', validation: 25, bx: 0.55, by: 0.23 }),
      field(1, 'signature', 0.85, { by: 0.93 }),
    ],
    1,
    true,
  );
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(await signLink(request, sent, sent.signers[0]));
  await expect(page.locator('.field-name')).toContainText('Full name', { timeout: 30_000 });

  // The pages scroll under the bar; the bar stays on screen, portrait and landscape.
  await page.locator('esign-signer').evaluate((el) => {
    const s = el.shadowRoot!.querySelector('.scroller')!;
    s.scrollTop = s.scrollHeight;
  });
  await barInView(page);
  await page.setViewportSize({ width: 844, height: 390 });
  await barInView(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await barInView(page);

  await tabTo(page, 'field-input');
  await page.keyboard.type('Kim Keys');
  await tabTo(page, 'Next field');
  await page.keyboard.press('Enter');
  await expect(page.locator('.field-name')).toContainText('I agree');
  expect(await focused(page)).toBe('field-input');
  await page.keyboard.press('Space');
  await tabTo(page, 'Next field');
  await page.keyboard.press('Enter');
  await tabTo(page, 'field-input'); // "Sign"
  await page.keyboard.press('Enter');
  await expect(page.locator('dialog[open] canvas.pad')).toBeVisible();
  await page.keyboard.press('ArrowRight'); // from the Draw tab to Type
  await tabTo(page, 'typed');
  await expect(page.locator('#typed')).toHaveValue('Kim Keys');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Kim T. Keys');
  await tabTo(page, 'Adopt and sign');
  await page.keyboard.press('Enter');
  await expect(page.locator('.signature-preview')).toBeVisible();
  await expect(page.locator('[part~="progress-count"]')).toContainText('3 of 3');
  await tabTo(page, 'Finish');
  await page.keyboard.press('Enter');
  await tabTo(page, 'confirm-submit-button');
  await page.keyboard.press('Enter');
  await expect(page.locator('[part~="final"]')).toContainText('Everyone has signed', { timeout: 30_000 });

  const auth = { Authorization: `Bearer ${sent.key}` };
  expect((await (await request.get(`/api/v1/document/${sent.documentId}/`, { headers: auth })).json()).status).toBe(30);
  const values = await (await request.get(`/api/v1/document/${sent.documentId}/fields/`, { headers: auth })).json();
  expect(values.sort((a: { ay: number }, b: { ay: number }) => a.ay - b.ay).map((f: { value: string }) => f.value.slice(0, 22))).toEqual([
    'Kim Keys',
    'tick',
    'data:image/png;base64,',
  ]);
  expect(errors).toEqual([]);
  await phone.close();
});

test('two recipients complete at the same moment over HTTP: both succeed, one completion, one final PDF', async ({ request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const sent = await send(request, [field(1, 'text', 0.1, { label: 'A' }), field(2, 'text', 0.3, { label: 'B' })], 2, false);
  const tokens = await Promise.all(
    sent.signers.map(async (id) => {
      const link = new URL(await signLink(request, sent, id)).hash.match(/link=([^&]+)/)![1];
      return (await (await request.post(`/api/v1/signer/${id}/link-session/`, { data: { link: decodeURIComponent(link) } })).json()).token as string;
    }),
  );
  const fields = await (await request.get(`/api/v1/document/${sent.documentId}/fields/`, { headers: { Authorization: `Bearer ${sent.key}` } })).json();
  // Plain fetch (not the serialising request context), both in flight before either answers.
  const answers = await Promise.all(
    sent.signers.map((id, i) =>
      fetch(`${baseURL}/api/v1/signer/${id}/complete/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens[i]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ values: { [fields[i].uuid]: `Value ${i}` } }),
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  const statuses = await Promise.all(answers.map(async (a) => (await a.json()).document_status));
  expect(statuses).toContain(30);
  const log = await (
    await request.get(`/api/v1/document/${sent.documentId}/auditlog/?limit=1000`, {
      headers: { Authorization: `Bearer ${sent.key}`, Accept: 'application/json' },
    })
  ).json();
  const events = log.objects.map((e: { event: string }) => e.event);
  expect(events.filter((e: string) => e === 'document_fields_complete')).toHaveLength(1);
  expect(events.filter((e: string) => e === 'final_pdf_created')).toHaveLength(1);
});

test('the signing page: the pdf.js worker is fetched once and compressed, and a second visit revalidates instead of downloading', async ({
  browser,
  request,
  baseURL,
}) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const sent = await send(request, [field(1, 'text', 0.1, { label: 'Full name' })], 1, true);
  const url = await signLink(request, sent, sent.signers[0]);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const seen: { url: string; status: number; encoding: string }[] = [];
  page.on('response', (r) => seen.push({ url: new URL(r.url()).pathname, status: r.status(), encoding: r.headers()['content-encoding'] ?? '' }));
  await page.goto(url);
  await expect(page.locator('.field-name')).toContainText('Full name', { timeout: 30_000 });
  const worker = seen.filter((r) => r.url === '/dist/cdn/pdf.worker.min.mjs');
  expect(worker).toEqual([{ url: '/dist/cdn/pdf.worker.min.mjs', status: 200, encoding: 'br' }]);
  expect(seen.filter((r) => r.url.startsWith('/dist/cdn/') && r.url.endsWith('.js')).map((r) => r.encoding)).not.toContain('');
  // The second visit: static files come back 304 or from the cache (hashed chunks), their bodies not sent again.
  const bodies: Promise<[string, number]>[] = [];
  page.on('requestfinished', (r) => bodies.push(r.sizes().then((sizes) => [new URL(r.url()).pathname, sizes.responseBodySize])));
  await page.goto(url);
  await expect(page.locator('.field-name')).toContainText('Full name', { timeout: 30_000 });
  const resent = (await Promise.all(bodies)).filter(([path, size]) => (path.startsWith('/dist/') || path.startsWith('/demo/')) && size > 0);
  expect(resent).toEqual([]);
  await context.close();
});
