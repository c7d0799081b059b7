/**
 * A template's life through the public API: upload with text tags, send, archive upon send,
 * then secure deletion — documents sent from it keep their own copy of the PDF.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import { sweepDeletedTemplates } from '../services/template-sweep.ts';

test('upload → send → archived upon send → deleted; the document keeps its PDF', { timeout: 60_000 }, async () => {
  const t = await createTestApp();
  try {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Signed by the first party: <<t=signature;s=1>>', { x: 72, y: 600, size: 11, font });
    page.drawText('Signed by the second party: <<t=signature;s=2>>', { x: 72, y: 500, size: 11, font });
    const upload = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson=true', {
      group: `/api/v1/group/${t.groupId}/`,
      title: 'Two-party deal',
      pdf_file: Buffer.from(await doc.save()).toString('base64'),
      process_tags: true,
      archive_upon_send: true,
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const templateId = (upload.json() as { resource: { uid: string } }).resource.uid;
    const fields = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${templateId}/fields/`)).json() as { signer: number }[];
    assert.deepEqual(fields.map((f) => f.signer).sort(), [1, 2]);

    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: `/api/v1/group/${t.groupId}/`,
      name: 'Deal',
      templatepdf: `/api/v1/templatepdf/${templateId}/`,
      signers: [
        { firstname: 'Ann', lastname: 'A', email: 'ann@example.com' },
        { firstname: 'Bob', lastname: 'B', email: 'bob@example.com' },
      ],
    });
    assert.equal(sent.statusCode, 201, sent.body);
    const documentId = /\/api\/v1\/status\/([^/]+)\//.exec(sent.headers.location as string)![1]!;

    const status = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${templateId}/status/`)).json() as { archived: boolean };
    assert.equal(status.archived, true);

    const before = await call(t.app, t.key, 'GET', `/api/v1/pdf/${documentId}/`);
    assert.equal(before.statusCode, 200);
    assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/templatepdf/${templateId}/delete/`)).statusCode, 204);
    const after = await call(t.app, t.key, 'GET', `/api/v1/pdf/${documentId}/`);
    assert.equal(after.statusCode, 200);
    assert.deepEqual(after.rawPayload, before.rawPayload);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).statusCode, 200);

    // The same through the [deleted] clean-up.
    const second = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson=true', {
      group: t.groupId,
      title: 'Temp',
      pdf_file: Buffer.from(await doc.save()).toString('base64'),
    });
    const secondId = (second.json() as { resource: { uid: string } }).resource.uid;
    const sent2 = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: t.groupId,
      name: 'Deal 2',
      templatepdf: secondId,
      signers: [{ firstname: 'Ann', lastname: 'A', email: 'ann@example.com' }],
    });
    assert.equal(sent2.statusCode, 201, sent2.body);
    await call(t.app, t.key, 'PATCH', `/api/v1/templatepdf/${secondId}/`, { title: '[deleted]' });
    assert.deepEqual(await sweepDeletedTemplates(t.app.store, 0, Date.now() + 1000), [secondId]);
    const doc2 = /\/api\/v1\/status\/([^/]+)\//.exec(sent2.headers.location as string)![1]!;
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/pdf/${doc2}/`)).statusCode, 200);
  } finally {
    await t.close();
  }
});
