/**
 * `POST /api/v1/document/preview/` against the real server and converter: the 302 lands on the preview page,
 * which shows the HTML's PDF with each signer's signature field in <esign-viewer> and nothing to sign; the
 * link works once.
 */
import { test, expect } from '@playwright/test';

test.describe.configure({ timeout: 120_000 });

test('the signing-page preview of an HTML document shows its fields once, with nothing to sign', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const answer = await request.post('/api/v1/document/preview/', {
    headers: { Authorization: `Bearer ${session.key}` },
    data: { group: session.group, title: 'Lease preview', text: '<p>Tenant: <<t=signature;s=1>></p><p>Guarantor signs below.</p>', signee_count: 2 },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(302);
  const location = answer.headers().location!;
  expect(new URL(location, baseURL).pathname).toBe('/demo/preview.html');

  await page.goto(location);
  await expect(page.locator('#title')).toHaveText('Lease preview', { timeout: 30_000 });
  await expect(page.locator('esign-viewer [part~="field-signature"]')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /finish|sign/i })).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe(''); // the one-use id left the address bar

  // Used once: opening the same link again says it expired.
  await page.goto('about:blank');
  await page.goto(location);
  await expect(page.locator('.problem')).toContainText('expired', { timeout: 30_000 });
});
