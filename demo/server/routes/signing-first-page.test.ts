import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken } from '../../../test/support/server/signing.ts';
import { FirstPageImages } from '../services/signing/first-page-image.ts';
import { firstPageImagesOf } from './signing-first-page.ts';
import type { DocumentRecord } from '../store/documents.ts';
import { FIRST_PAGE_IMAGE_WIDTH } from '../pdf/first-page-image.ts';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { decodePageSizes } from 'esign-elements/fields';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
});
after(() => t.close());

/** Width, height and the fraction of dark pixels of an encoded image. */
async function measure(bytes: Uint8Array): Promise<{ width: number; height: number; dark: number }> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 384) dark++;
  return { width: image.width, height: image.height, dark: dark / (image.width * image.height) };
}

test("first page image: named by the signing view, served to the signer's token only, a picture of page 1", async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, ay: 0.5, by: 0.55 })]);
  const [ann, bob] = sent.recipients.map((r) => r.id);
  const annToken = await signerToken(t, ann);
  const bobToken = await signerToken(t, bob);
  // Opening the link started the render; the signing view names the image only once it is done (it never waits).
  assert.ok(await firstPageImagesOf(t.app.store)!.meta((await t.app.store.documents.get(sent.documentId))!));

  const view = (await signerCall(t.app, annToken, ann, 'signing')).json();
  assert.deepEqual(view.first_page_image, { url: `/api/v1/signer/${ann}/first-page/`, width: 612, height: 792 }, 'US Letter in points');

  const res = await call(t.app, annToken, 'GET', view.first_page_image.url);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'image/webp');
  assert.equal(res.headers['cache-control'], 'private, no-store', 'cached like the PDF');
  assert.equal(res.headers['x-esign-page-size'], '612 792');
  assert.equal(res.headers['x-esign-page-sizes'], '612x792*2', 'every page, folded');
  assert.ok(res.rawPayload.byteLength < 100_000, `small enough for a phone: ${res.rawPayload.byteLength} bytes`);
  const got = await measure(res.rawPayload);
  assert.equal(got.width, FIRST_PAGE_IMAGE_WIDTH);
  assert.equal(got.height, Math.round((FIRST_PAGE_IMAGE_WIDTH * 792) / 612));

  // The same page through poppler at the same width: about as much ink.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-page-'));
  try {
    const pdf = (await call(t.app, annToken, 'GET', `/api/v1/pdf/${sent.documentId}/`)).rawPayload;
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-scale-to-x',
      String(FIRST_PAGE_IMAGE_WIDTH),
      '-scale-to-y',
      '-1',
      path.join(dir, 'doc.pdf'),
      path.join(dir, 'p'),
    ]);
    const png = fs.readdirSync(dir).find((n) => n.endsWith('.png'))!;
    const poppler = await measure(fs.readFileSync(path.join(dir, png)));
    assert.ok(poppler.dark > 0, 'the page has ink');
    assert.ok(Math.abs(got.dark - poppler.dark) < poppler.dark * 0.5, `dark fraction ${got.dark} vs poppler's ${poppler.dark}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // Another signer's token, no token, an API key of another group: refused.
  assert.equal((await call(t.app, bobToken, 'GET', view.first_page_image.url)).statusCode, 404);
  assert.equal((await call(t.app, undefined, 'GET', view.first_page_image.url)).statusCode, 401);
  // Bob's own URL serves the same image (one render per PDF content).
  const bobs = await call(t.app, bobToken, 'GET', `/api/v1/signer/${bob}/first-page/`);
  assert.equal(bobs.statusCode, 200);
  assert.deepEqual(bobs.rawPayload, res.rawPayload);
});

test('first page image: a PDF that cannot be rendered has none, and nothing fails', async () => {
  const logged: unknown[] = [];
  const log = { ...t.app.log, warn: (o: unknown) => logged.push(o) } as unknown as typeof t.app.log;
  const images = new FirstPageImages(t.app.store, t.app.work, log);
  await t.app.store.files.write('broken-first-page', new TextEncoder().encode('%PDF-1.7\nnot a pdf at all'));
  const doc = { id: 'd', groupId: t.groupId, sourceFile: 'broken-first-page', finalFile: null } as unknown as DocumentRecord;
  assert.equal(await images.meta(doc), null);
  assert.equal(await images.image(doc), null);
  assert.equal(logged.length, 1, 'logged once');
  assert.equal(await images.meta(doc), null, 'not tried again');
  assert.equal(logged.length, 1);
});

test('first page image: every page is sized, rotation applied, so the early layout has each page at its own size', async () => {
  const images = new FirstPageImages(t.app.store, t.app.work, t.app.log);
  // Letter, A4 landscape, Letter turned by /Rotate 90, then Letter twice.
  const pdf = await generatePdf({
    pages: 5,
    width: (i) => (i === 1 ? 841.89 : 612),
    height: (i) => (i === 1 ? 595.28 : 792),
    rotate: (i) => (i === 2 ? 90 : 0),
  });
  await t.app.store.files.write('mixed-first-page', pdf);
  const doc = { id: 'mixed', groupId: t.groupId, sourceFile: 'mixed-first-page', finalFile: null } as unknown as DocumentRecord;
  const meta = await images.meta(doc);
  assert.equal(meta?.pageSizes, '612x792,841.89x595.28,792x612,612x792*2');
  assert.deepEqual(decodePageSizes(meta!.pageSizes!)?.length, 5);
});
