/**
 * An attachment field against the real server: the signer chooses a PDF in <esign-signer>, the
 * element uploads it, and the final PDF carries its pages after the document's own.
 */
import { test, expect } from '@playwright/test';
import { placedText } from '../support/server/pdf.ts';
import { generatePdf } from '../support/generate-pdf.ts';

test.describe.configure({ timeout: 120_000 });

test('a signer attaches a PDF (validation 75) and the final PDF has its pages appended', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const auth = { Authorization: `Bearer ${session.key}` };
  const sample = Buffer.from(await (await request.get('/demo/sample.pdf')).body());
  const template = (
    await (
      await request.post('/api/v1/templatepdf/?returnAsJson=1', {
        headers: auth,
        data: { group: session.group, title: 'Attach', pdf_file: sample.toString('base64') },
      })
    ).json()
  ).resource.uid;
  const placed = await request.post(`/api/v1/templatepdf/${template}/fields/`, {
    headers: auth,
    data: [{ ax: 0.5, ay: 0.2, bx: 0.9, by: 0.25, page: 1, element_type: 'text', signer: 1, validation: 75, label: 'Appendix' }],
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const sent = await request.post('/api/v1/document/', {
    headers: auth,
    data: {
      group: session.group,
      name: 'Attach',
      templatepdf: `/api/v1/templatepdf/${template}/`,
      signers: [{ firstname: 'Ada', lastname: 'File', email: 'ada@example.test', order: 0 }],
    },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const documentId = /\/status\/([^/]+)\//.exec(sent.headers().location)![1];
  const signer = (await (await request.get(`/api/v1/document/${documentId}/`, { headers: auth })).json()).signer_objects[0].uuid;
  const { url } = await (await request.get(`/api/v1/signer/${signer}/sign-link/`, { headers: auth })).json();

  await page.goto(url);
  await expect(page.locator('.field-name')).toContainText('Appendix', { timeout: 30_000 });
  const appendix = await generatePdf({ pages: 1, text: () => 'ATTACHED APPENDIX' });
  await page.locator('#field-input').setInputFiles({ name: 'appendix.pdf', mimeType: 'application/pdf', buffer: Buffer.from(appendix) });
  await expect(page.locator('[part~="attachment-name"]')).toContainText('appendix.pdf');
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.locator('#confirm-submit-button').click();
  await expect(page.locator('[part~="final"]')).toContainText('Everyone has signed', { timeout: 30_000 });

  const final = new Uint8Array(await (await request.get(`/api/v1/pdf/${documentId}/`, { headers: auth })).body());
  const runs = await placedText(final);
  const appended = runs.filter((r) => r.str.includes('ATTACHED APPENDIX'));
  expect(appended.length).toBe(1);
  expect(appended[0].page).toBeGreaterThan(1);
  expect(runs.some((r) => r.str.includes('appendix.pdf'))).toBe(true); // the field shows the file's name
});
