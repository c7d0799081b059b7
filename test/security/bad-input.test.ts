/**
 * Issue 11: the classic bad inputs, all against one server that holds a stored template and a sent
 * document. Every answer is a 4xx with the JSON error shape (never a 5xx), the server keeps
 * answering, and what was stored before is still there, unchanged, afterwards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../support/server/app.ts';
import { addTemplate, sendBody, idFromLocation } from '../support/server/documents.ts';
import { readFixture } from '../support/fixtures.ts';

test('malformed, mistyped, oversized, non-PDF and encrypted input, traversal in ids: 4xx each, nothing lost', async () => {
  const t = await createTestApp({ maxUploadBytes: 1024 * 1024 });
  try {
    const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'Kept' });
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, template.id));
    const documentId = idFromLocation(sent.headers.location);
    const before = {
      template: (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${template.id}/`, undefined, { accept: 'application/json' })).body,
      fields: (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${template.id}/fields/`)).body,
      document: (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).body,
      pdf: (await call(t.app, t.key, 'GET', `/api/v1/pdf/${documentId}/`)).rawPayload,
    };
    const auth = { authorization: `Bearer ${t.key}` };
    const upload = (pdf: Uint8Array | string) => ({
      group: `/api/v1/group/${t.groupId}/`,
      title: 'Bad',
      pdf_file: typeof pdf === 'string' ? pdf : Buffer.from(pdf).toString('base64'),
    });
    const attempts: { what: string; method: 'GET' | 'POST' | 'DELETE' | 'PATCH'; url: string; payload?: string | Buffer; headers?: Record<string, string> }[] =
      [
        { what: 'malformed JSON', method: 'POST', url: '/api/v1/document/', payload: '{"group": "x",', headers: { 'content-type': 'application/json' } },
        { what: 'JSON that is not an object', method: 'POST', url: '/api/v1/document/', payload: '[1,2,3]', headers: { 'content-type': 'application/json' } },
        {
          what: 'a __proto__ key',
          method: 'POST',
          url: '/api/v1/group/',
          payload: '{"__proto__": {"admin": true}, "name": "x"}',
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'wrong types',
          method: 'POST',
          url: '/api/v1/document/',
          payload: JSON.stringify({ ...sendBody(t.groupId, template.id), signers: 'everyone', do_email: { x: 1 } }),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'form-encoded body',
          method: 'POST',
          url: '/api/v1/document/',
          payload: 'name=x&group=y',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { what: 'XML body', method: 'POST', url: '/api/v1/group/', payload: '<group><name>x</name></group>', headers: { 'content-type': 'application/xml' } },
        {
          what: 'an oversized body',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload('A'.repeat(3 * 1024 * 1024))),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'base64 that is not base64',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload('%%%not base64%%%')),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'a PNG as PDF',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'an empty PDF',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload(new Uint8Array())),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'a truncated PDF',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<'))),
          headers: { 'content-type': 'application/json' },
        },
        {
          what: 'an encrypted PDF',
          method: 'POST',
          url: '/api/v1/templatepdf/',
          payload: JSON.stringify(upload(await readFixture('pdflib-encrypted_new.pdf'))),
          headers: { 'content-type': 'application/json' },
        },
        { what: 'traversal in an id', method: 'GET', url: '/api/v1/document/..%2f..%2f..%2fetc%2fpasswd/' },
        { what: 'traversal in a template id', method: 'GET', url: '/api/v1/templatepdf/..%2F..%2Fesign.db/' },
        { what: 'traversal in a PDF id', method: 'GET', url: `/api/v1/pdf/${encodeURIComponent(`../document-${documentId}-source`)}/` },
        { what: 'traversal under /demo/', method: 'GET', url: '/demo/..%2f..%2fserver%2fapp.ts' },
        { what: 'a NUL in an id', method: 'GET', url: '/api/v1/document/%00/' },
        { what: 'a broken percent escape', method: 'GET', url: '/api/v1/document/%E0%A4%A/' },
        { what: 'delete with traversal', method: 'DELETE', url: `/api/v1/document/..%2F${documentId}/` },
      ];
    for (const a of attempts) {
      const res = await t.app.inject({ method: a.method, url: a.url, payload: a.payload, headers: { ...auth, ...a.headers } });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${a.what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (a.url.startsWith('/api/')) {
        const body = JSON.parse(res.body) as { error?: { message?: string } };
        assert.ok(body.error?.message, `${a.what}: a message says what is wrong`);
        assert.doesNotMatch(res.body, /at \w+ \(|node:internal|\/work\//, `${a.what}: no stack trace or path`);
      }
    }
    // Still up, and nothing stored was touched.
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/healthz' })).json(), { ok: true });
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${template.id}/`, undefined, { accept: 'application/json' })).body, before.template);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${template.id}/fields/`)).body, before.fields);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).body, before.document);
    assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/pdf/${documentId}/`)).rawPayload, before.pdf);
  } finally {
    await t.close();
  }
});
