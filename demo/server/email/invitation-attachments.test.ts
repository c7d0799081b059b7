/**
 * `signers[].attachments` on a send: files from /api/v1/attachment/ go with that recipient's invitation email
 * (and only theirs), and the document lists them; files of another group, or unknown ones, are a 400 naming the place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { call, createTenant, createTestApp } from '../../../test/support/server/app.ts';
import { addTemplate, field, sendBody } from '../../../test/support/server/documents.ts';
import { signingServiceOf } from '../services/signing/service.ts';

async function pdfBase64(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save()).toString('base64');
}

test('attachments on a signer go with that signer’s invitation only', async () => {
  const t = await createTestApp();
  try {
    const pdf = await pdfBase64();
    const uploaded = await call(t.app, t.key, 'POST', '/api/v1/attachment/', {
      group: `/api/v1/group/${t.groupId}/`,
      filename: 'terms_and_conditions.pdf',
      description: 'Our terms',
      pdf_file: pdf,
    });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const attachmentUri = new URL(String(uploaded.headers.location), 'http://x').pathname;
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [field({ signer: 1 }), field({ signer: 2, page: 1 })] });
    const body = sendBody(t.groupId, template.id, { do_email: true, signers_in_order: false });
    body.signers[0] = { ...body.signers[0]!, attachments: [attachmentUri] } as (typeof body.signers)[0];
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    assert.equal(sent.statusCode, 201, sent.body);
    await signingServiceOf(t.app.store)!.email.flush();
    const outbox = path.join(t.dataDir, 'outbox');
    const messages = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    const ann = messages.find((m) => /^To: ann@example\.com/m.test(m))!;
    const bob = messages.find((m) => /^To: bob@example\.com/m.test(m))!;
    assert.ok(ann && bob, 'both invited');
    assert.match(ann, /Content-Type: multipart\/mixed/);
    assert.match(ann, /terms_and_conditions\.pdf/);
    assert.ok(ann.replace(/\r?\n/g, '').includes(pdf.slice(0, 60)), 'the file itself, in base64');
    assert.doesNotMatch(bob, /terms_and_conditions\.pdf/);
    // The document lists what went with whose invitation, as long as the file exists.
    const uuid = sent.json().uuid as string;
    const annUri = (sent.json().signer_objects as { resource_uri: string; email: string }[]).find((s) => s.email === 'ann@example.com')!.resource_uri;
    const detail = await call(t.app, t.key, 'GET', `/api/v1/document/${uuid}/`);
    assert.deepEqual(detail.json().attachments, [
      { signer: annUri, attachment: attachmentUri, filename: 'terms_and_conditions.pdf', description: 'Our terms' },
    ]);
    assert.deepEqual(sent.json().attachments, detail.json().attachments);
    assert.deepEqual((await call(t.app, t.key, 'GET', annUri)).json().attachments, [attachmentUri]);
    assert.equal((await call(t.app, t.key, 'DELETE', attachmentUri)).statusCode, 204);
    assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/document/${uuid}/`)).json().attachments, []);
  } finally {
    await t.close();
  }
});

test('an attachment of another group, or a made-up one, is a 400 at signers[i].attachments', async () => {
  const t = await createTestApp();
  try {
    const other = await createTenant(t.app, 'Other');
    const theirs = await call(t.app, other.key, 'POST', '/api/v1/attachment/', {
      group: `/api/v1/group/${other.groupId}/`,
      filename: 'theirs.pdf',
      pdf_file: await pdfBase64(),
    });
    assert.equal(theirs.statusCode, 201, theirs.body);
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [field({ signer: 1 }), field({ signer: 2 })] });
    for (const ref of [new URL(String(theirs.headers.location), 'http://x').pathname, '/api/v1/attachment/00000000-0000-4000-8000-000000000000/']) {
      const body = sendBody(t.groupId, template.id);
      body.signers[1] = { ...body.signers[1]!, attachments: [ref] } as (typeof body.signers)[1];
      const res = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(
        res.json().error.fields.some((f: { field: string }) => f.field === 'signers[1].attachments'),
        res.body,
      );
    }
    const bad = sendBody(t.groupId, template.id);
    bad.signers[0] = { ...bad.signers[0]!, attachments: 'x' } as unknown as (typeof bad.signers)[0];
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/document/', bad)).statusCode, 400);
  } finally {
    await t.close();
  }
});

test('permanently deleting the document drops its recipients’ attachment links; the file itself stays', async () => {
  const t = await createTestApp();
  try {
    const uploaded = await call(t.app, t.key, 'POST', '/api/v1/attachment/', {
      group: `/api/v1/group/${t.groupId}/`,
      filename: 'kept.pdf',
      pdf_file: await pdfBase64(),
    });
    const attachmentUri = new URL(String(uploaded.headers.location), 'http://x').pathname;
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [field({ signer: 1 }), field({ signer: 2 })] });
    const body = sendBody(t.groupId, template.id);
    body.signers[0] = { ...body.signers[0]!, attachments: [attachmentUri] } as (typeof body.signers)[0];
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    assert.equal(sent.statusCode, 201, sent.body);
    const annId = (sent.json().signer_objects as { uuid: string }[])[0]!.uuid;
    assert.equal((await t.app.store.emailAttachments.ofRecipient(annId)).length, 1);
    assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${sent.json().uuid}/delete/`)).statusCode, 204);
    assert.deepEqual(await t.app.store.emailAttachments.ofRecipient(annId), []);
    assert.equal((await call(t.app, t.key, 'GET', attachmentUri)).statusCode, 200);
  } finally {
    await t.close();
  }
});

test("the send answers the document's detail as stored: every file once per signer, in the order first given", async () => {
  const t = await createTestApp();
  try {
    const pdf = await pdfBase64();
    const upload = async (filename: string) => {
      const res = await call(t.app, t.key, 'POST', '/api/v1/attachment/', { group: `/api/v1/group/${t.groupId}/`, filename, description: '', pdf_file: pdf });
      assert.equal(res.statusCode, 201, res.body);
      return new URL(String(res.headers.location), 'http://x').pathname;
    };
    const [a, b] = [await upload('a.pdf'), await upload('b.pdf')];
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [field({ signer: 1 }), field({ signer: 2, page: 1 })] });
    const body = sendBody(t.groupId, template.id, { signers_in_order: false });
    body.signers[0] = { ...body.signers[0]!, attachments: [b, a, b] } as (typeof body.signers)[0];
    body.signers[1] = { ...body.signers[1]!, attachments: [a] } as (typeof body.signers)[1];
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', body);
    assert.equal(sent.statusCode, 201, sent.body);
    const detail = await call(t.app, t.key, 'GET', `/api/v1/document/${sent.json().uuid}/`);
    assert.deepEqual(
      (sent.json().attachments as { attachment: string }[]).map((x) => x.attachment),
      [b, a, a],
    );
    assert.deepEqual(sent.json(), detail.json());
  } finally {
    await t.close();
  }
});
