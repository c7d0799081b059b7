/** Documents sent through the running demo's REST API for the signing page's end-to-end tests. */
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

export interface Sent {
  key: string;
  documentId: string;
  signers: string[];
}

/** A field on page 1 of the demo's sample PDF for `signer`, from `ay` down 5 % of the page. */
export function field(signer: number, element_type: string, ay: number, extra: Record<string, unknown> = {}) {
  return { ax: 0.5, ay, bx: 0.9, by: ay + 0.05, page: 1, element_type, signer, ...extra };
}

/** Uploads the sample, places `fields`, sends to `count` signers and answers the document and signer ids. */
export async function send(request: APIRequestContext, fields: unknown[], count: number, inOrder: boolean, language?: string): Promise<Sent> {
  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const auth = { Authorization: `Bearer ${session.key}` };
  const sample = Buffer.from(await (await request.get('/demo/sample.pdf')).body());
  const upload = await request.post('/api/v1/templatepdf/?returnAsJson=1', {
    headers: auth,
    data: { group: session.group, title: 'Phone test', pdf_file: sample.toString('base64') },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const template = (await upload.json()).resource.uid;
  const placed = await request.post(`/api/v1/templatepdf/${template}/fields/`, { headers: auth, data: fields });
  expect(placed.status(), await placed.text()).toBe(201);
  const people = Array.from({ length: count }, (_, i) => ({ firstname: ['Kim', 'Lee'][i], lastname: 'Keys', email: `p${i}@example.test`, order: i }));
  const sent = await request.post('/api/v1/document/', {
    headers: auth,
    data: {
      group: session.group,
      name: 'Phone test',
      templatepdf: `/api/v1/templatepdf/${template}/`,
      signers: people,
      signers_in_order: inOrder,
      ...(language ? { language } : {}),
    },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const documentId = /\/status\/([^/]+)\//.exec(sent.headers().location)![1];
  const detail = await (await request.get(`/api/v1/document/${documentId}/`, { headers: auth })).json();
  return { key: session.key, documentId, signers: detail.signer_objects.map((s: { uuid: string }) => s.uuid) };
}

export async function signLink(request: APIRequestContext, sent: Sent, signer: string): Promise<string> {
  return (await (await request.get(`/api/v1/signer/${signer}/sign-link/`, { headers: { Authorization: `Bearer ${sent.key}` } })).json()).url;
}
