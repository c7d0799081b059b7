import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { call, createTestApp, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { placedText } from '../../../../test/support/server/pdf.ts';
import { generatePdf } from '../../../../test/support/generate-pdf.ts';
import { readFixture } from '../../../../test/support/fixtures.ts';
import { signingServiceOf } from './service.ts';
import { MAX_ATTACHMENT_BYTES } from './attachments.ts';
import { PNG_1PX, documentStatus, sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';
import type { Sent } from '../../../../test/support/server/signing.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
});
after(() => t.close());

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const uuidOf = (sent: Sent, label: string) => sent.fields.find((f) => f.label === label)!.uuid!;
const attach = (token: string, signer: string, body: unknown) => call(t.app, token, 'POST', `/api/v1/signer/${signer}/attachment/`, body);

async function attachmentDocument(): Promise<{ sent: Sent; token: string; ann: string }> {
  const sent = await sendDocument(
    t,
    [
      field({ signer: 1 }),
      field({ signer: 1, element_type: 'text', label: 'Appendix', validation: 75, ay: 0.3, by: 0.35 }),
      field({ signer: 1, element_type: 'text', label: 'Photo', validation: 75, ay: 0.4, by: 0.45, optional: true }),
      field({ signer: 1, element_type: 'text', label: 'Emailed', validation: 74, ay: 0.5, by: 0.55, optional: true }),
      field({ signer: 1, element_type: 'text', label: 'Zipped', validation: 76, ay: 0.6, by: 0.65, optional: true }),
      field({ signer: 1, element_type: 'text', label: 'Plain', ay: 0.7, by: 0.75, optional: true }),
      field({ signer: 2, element_type: 'text', label: 'Theirs', validation: 76, page: 2, optional: true }),
    ],
    { do_email: true },
  );
  const ann = sent.recipients[0].id;
  return { sent, token: await signerToken(t, ann), ann };
}

test('attachments: 75 appended to the final PDF, 74 emailed with the completed notice, 76 zipped with the final PDF', async () => {
  const { sent, token, ann } = await attachmentDocument();
  const appendix = await generatePdf({ pages: 2, text: (i) => `APPENDIX PAGE ${i + 1}` });
  const up = await attach(token, ann, { field: uuidOf(sent, 'Appendix'), name: 'C:\\Users\\ann\\appendix.pdf', data: b64(appendix), type: 'application/pdf' });
  assert.equal(up.statusCode, 200, up.body);
  assert.equal(up.json().name, 'appendix.pdf', 'paths are dropped from the name');
  assert.equal(up.json().type, 'application/pdf');
  assert.equal((await attach(token, ann, { field: uuidOf(sent, 'Photo'), name: 'photo.png', data: PNG_1PX.split(',')[1] })).statusCode, 200);
  assert.equal((await attach(token, ann, { field: uuidOf(sent, 'Emailed'), name: 'notes.txt', data: b64('hello notes'), type: 'text/plain' })).statusCode, 200);
  assert.equal((await attach(token, ann, { field: uuidOf(sent, 'Zipped'), name: 'données.csv', data: b64('a,b\n1,2\n'), type: 'text/csv' })).statusCode, 200);

  const list = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/`);
  assert.deepEqual(
    list.json().objects.map((a: { name: string; validation: number }) => [a.name, a.validation]),
    [
      ['appendix.pdf', 75],
      ['photo.png', 75],
      ['notes.txt', 74],
      ['données.csv', 76],
    ],
  );
  const one = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/${uuidOf(sent, 'Zipped')}/`);
  assert.equal(one.body, 'a,b\n1,2\n');
  assert.match(String(one.headers['content-disposition']), /^attachment; .*filename\*=UTF-8''donn%C3%A9es\.csv/);
  assert.equal(one.headers['x-content-type-options'], 'nosniff');
  const early = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/zip/`);
  assert.equal(early.statusCode, 409);

  // The element sends the names back with the other values on completion: they must match the uploads.
  const view = (await signerCall(t.app, token, ann, 'signing')).json();
  const names = Object.fromEntries(view.fields.filter((f: { editable: boolean }) => f.editable).map((f: { uuid: string; value: string }) => [f.uuid, f.value]));
  assert.equal(names[uuidOf(sent, 'Appendix')], 'appendix.pdf');
  const wrong = await signerCall(t.app, token, ann, 'complete', { values: { ...valuesFor(sent, 1), [uuidOf(sent, 'Zipped')]: 'other.csv' } });
  assert.equal(wrong.statusCode, 422);
  assert.match(errorOf(wrong).fields![0].message, /upload the file/);
  const done = await signerCall(t.app, token, ann, 'complete', { values: { ...names, ...valuesFor(sent, 1) } });
  assert.equal(done.statusCode, 200, done.body);
  const bob = sent.recipients[1].id;
  assert.equal((await signerCall(t.app, await signerToken(t, bob), bob, 'complete', { values: valuesFor(sent, 2) })).statusCode, 200);
  assert.equal(await documentStatus(t.app, sent.documentId), 30);

  const source = await PDFDocument.load(await t.app.store.files.readBytes((await t.app.store.documents.get(sent.documentId))!.sourceFile));
  const finalBytes = new Uint8Array((await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/`)).rawPayload);
  const final = await PDFDocument.load(finalBytes);
  assert.equal(final.getPageCount(), source.getPageCount() + 2 + 1, 'two appendix pages and one page for the photo');
  const text = (await placedText(finalBytes)).map((r) => r.str).join(' ');
  assert.match(text, /APPENDIX PAGE 1/);
  assert.match(text, /APPENDIX PAGE 2/);

  const zipped = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/zip/`);
  assert.equal(zipped.statusCode, 200);
  assert.equal(zipped.headers['content-type'], 'application/zip');
  const file = path.join(t.dataDir, 'test.zip');
  fs.writeFileSync(file, zipped.rawPayload);
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  assert.equal(listing.length, 2);
  assert.match(listing[0], /\.pdf$/);
  execFileSync('unzip', ['-tq', file]); // CRCs check out
  assert.ok(zipped.rawPayload.includes(Buffer.from('données.csv')), 'the name is stored in UTF-8');
  assert.equal(execFileSync('unzip', ['-p', file, '*.csv'], { encoding: 'utf8' }), 'a,b\n1,2\n');
  assert.deepEqual(new Uint8Array(execFileSync('unzip', ['-p', file, '*.pdf'])), finalBytes);

  await signingServiceOf(t.app.store)!.email.flush();
  const outbox = path.join(t.dataDir, 'outbox');
  const completed = fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => /^Subject: Completed/m.test(m));
  assert.ok(completed.length >= 1);
  for (const message of completed) {
    assert.match(message, /Content-Type: multipart\/mixed/);
    assert.match(message, /filename\*=UTF-8''notes\.txt/);
    assert.ok(message.includes(b64('hello notes')));
    assert.ok(!message.includes(b64('a,b\n1,2\n')), 'only 74s are emailed');
  }
});

test('attachment uploads: bad input is refused with a clear 4xx and nothing is stored', async () => {
  const { sent, token, ann } = await attachmentDocument();
  const cases: [unknown, number, RegExp][] = [
    [{ field: uuidOf(sent, 'Plain'), name: 'a.pdf', data: b64('x') }, 422, /not one of your attachment fields/],
    [{ field: uuidOf(sent, 'Theirs'), name: 'a.pdf', data: b64('x') }, 422, /not one of your attachment fields/],
    [{ field: uuidOf(sent, 'Zipped'), name: '', data: b64('x') }, 400, /name/],
    [{ field: uuidOf(sent, 'Zipped'), name: '../..', data: b64('x') }, 400, /name/],
    [{ field: uuidOf(sent, 'Zipped'), name: 'a.txt', data: '***' }, 400, /base64/],
    [{ field: uuidOf(sent, 'Appendix'), name: 'a.txt', data: b64('not a pdf'), type: 'application/pdf' }, 422, /PDF, PNG or JPEG/],
    [{ field: uuidOf(sent, 'Appendix'), name: 'locked.pdf', data: b64(await readFixture('pdflib-encrypted_new.pdf')) }, 422, /encrypted/i],
    [{ field: uuidOf(sent, 'Appendix'), name: 'broken.pdf', data: b64(await readFixture('pdflib-missing_xref_trailer_dict.pdf')) }, 422, /cannot be added/],
    [{ field: uuidOf(sent, 'Zipped'), name: 'big.bin', data: b64(new Uint8Array(MAX_ATTACHMENT_BYTES + 1)) }, 413, /at most/],
    [{ field: 42, name: 'a', data: 'eA==' }, 400, /./],
  ];
  for (const [body, status, message] of cases) {
    const res = await attach(token, ann, body);
    assert.equal(res.statusCode, status, `${JSON.stringify(body).slice(0, 120)} → ${res.body.slice(0, 300)}`);
    assert.match(errorOf(res).message, message);
  }
  const apiKey = await call(t.app, t.key, 'POST', `/api/v1/signer/${ann}/attachment/`, { field: uuidOf(sent, 'Zipped'), name: 'a', data: 'eA==' });
  assert.equal(apiKey.statusCode, 403);
  // Bob's turn has not come (in order): 409.
  const bob = sent.recipients[1].id;
  const early = await attach(await signerToken(t, bob), bob, { field: uuidOf(sent, 'Theirs'), name: 'a.txt', data: 'eA==' });
  assert.equal(early.statusCode, 409);
  // A name typed into an attachment field without an upload is refused when saving.
  const typed = await signerCall(t.app, token, ann, 'save', { values: { [uuidOf(sent, 'Zipped')]: 'made-up.csv' } });
  assert.equal(typed.statusCode, 422);
  assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/`)).json().objects, []);
  const missing = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/attachments/not-a-uuid/`);
  assert.equal(missing.statusCode, 404);
});
