/**
 * A reviewer's link in Chromium against the real demo server: send the sample to a signer with a
 * reviewer (include_link), take the review link from the outbox, and check the review page shows
 * the document in <esign-viewer> with a download, read-only (the token it holds cannot save).
 */
import { test, expect } from '@playwright/test';

test('a reviewer opens the review link and reads the document in <esign-viewer>', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const auth = { Authorization: `Bearer ${session.key}` };
  const sample = Buffer.from(await (await request.get('/demo/sample.pdf')).body()).toString('base64');
  const upload = await request.post('/api/v1/templatepdf/?returnAsJson=1', {
    headers: auth,
    data: { group: session.group, title: 'Review e2e', pdf_file: sample },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const templateUri = `/api/v1/templatepdf/${(await upload.json()).resource.uid}/`;
  const fields = await request.post(`${templateUri}fields/`, {
    headers: auth,
    data: [
      {
        ax: 0.1,
        ay: 0.8,
        bx: 0.4,
        by: 0.86,
        page: 1,
        element_type: 'signature',
        signer: 1,
        validation: null,
        options: '',
        value: '',
        label: 'Sign here',
        optional: false,
      },
    ],
  });
  expect(fields.ok(), await fields.text()).toBe(true);
  const sent = await request.post('/api/v1/document/', {
    headers: auth,
    data: {
      group: session.group,
      name: 'Review e2e',
      templatepdf: templateUri,
      do_email: true,
      signers: [{ firstname: 'Ann', lastname: 'Example', email: 'ann@example.com', reviewers: [{ email: 'lawyer@example.com', include_link: true }] }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const documentId = (await sent.json()).uuid as string;

  let text = '';
  await expect
    .poll(async () => {
      const outbox = await (await request.get('/api/v1/outbox/', { headers: auth })).json();
      text =
        outbox.objects.find(
          (e: { kind: string; to: string; document: string }) => e.kind === 'review_request' && e.to === 'lawyer@example.com' && e.document === documentId,
        )?.text ?? '';
      return text;
    })
    .toContain('/demo/review.html?signer=');
  const link = /(https?:\/\/\S+\/demo\/review\.html\?signer=\S+)/.exec(text)![1];

  await page.goto(new URL(new URL(link).pathname + new URL(link).search + new URL(link).hash, baseURL).href);
  await expect(page.locator('esign-viewer')).toBeAttached();
  await page.waitForFunction(() => !!document.querySelector('esign-viewer')?.shadowRoot?.querySelector('.page[data-rendered]'), null, { timeout: 30_000 });
  await expect(page.locator('a.download')).toHaveText('Download the PDF');
  expect(page.url()).not.toContain('link='); // the link leaves the address bar

  // The token the page holds reads, and cannot sign.
  const token = await page.locator('esign-viewer').getAttribute('token');
  const signerId = /signer=([0-9a-f-]{36})/.exec(link)![1];
  const save = await request.post(`/api/v1/signer/${signerId}/save/`, { headers: { Authorization: `Bearer ${token}` }, data: { values: {} } });
  expect(save.status()).toBe(403);
  expect(errors).toEqual([]);
});
