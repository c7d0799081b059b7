/**
 * The authorisation matrix: a key of one group calls EVERY operation in the OpenAPI document
 * with the ids of another group's resources. Nothing may succeed and nothing may leak.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { call, createTenant, createTestApp } from '../../../test/support/server/app.ts';
import { templateWebAppId } from '../domain/uris.ts';

test("a key of one group gets nothing from any operation on another group's resources", { timeout: 60_000 }, async () => {
  const t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  try {
    const secretTitle = 'Top Secret Merger Agreement';
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = Buffer.from(await doc.save()).toString('base64');
    const upload = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson', { group: t.groupId, title: secretTitle, pdf_file: pdf });
    const templateId = (upload.json() as { resource: { uid: string } }).resource.uid;
    await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${templateId}/fields/`, [
      { ax: 0.1, ay: 0.1, bx: 0.3, by: 0.15, page: 1, element_type: 'signature', signer: 1, label: 'SecretLabel' },
    ]);
    const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', {
      group: t.groupId,
      name: secretTitle,
      templatepdf: templateId,
      tag: 'SecretTag',
      signers: [{ firstname: 'Secret', lastname: 'Signer', email: 'secret.signer@example.com' }],
    });
    assert.equal(sent.statusCode, 201, sent.body);
    const documentId = sent.json().uuid as string;
    const signerId = sent.json().signer_objects[0].uuid as string;
    const before = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${templateId}/status/`)).body;
    const documentBefore = (await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).body;

    const outsider = await createTenant(t.app, 'Outsider');
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const ids = [templateId, templateWebAppId(templateId), t.groupId, 'default', t.adminId, documentId, signerId];
    let checked = 0;
    for (const [path, operations] of Object.entries(paths.paths)) {
      if (!path.includes('{')) continue;
      for (const method of Object.keys(operations)) {
        for (const id of ids) {
          const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
          const body = method === 'get' || method === 'delete' ? undefined : {};
          const res = await call(t.app, outsider.key, method.toUpperCase() as 'GET', url, body);
          checked++;
          assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${method.toUpperCase()} ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          // The id the caller sent may be echoed back; nothing else of the other group may appear.
          const leaksAdmin = id !== t.adminId && res.body.includes(t.adminId);
          const leaks = [secretTitle, 'SecretLabel', 'SecretTag', 'secret.signer@example.com'].some((s) => res.body.includes(s));
          assert.ok(!leaks && !leaksAdmin, `${method.toUpperCase()} ${url} leaks: ${res.body.slice(0, 200)}`);
        }
      }
    }
    assert.ok(checked > 20, `only ${checked} operations checked`);
    // Nothing the outsider did changed the template.
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${templateId}/status/`)).body, before);
    assert.equal((await call(t.app, t.key, 'GET', `/api/v1/document/${documentId}/`)).body, documentBefore, 'the document is untouched');
    const lists = ['/api/v1/templatepdf/?archived=all', '/api/v1/group/', '/api/v1/document/', `/api/v1/document/?group=${t.groupId}`];
    for (const url of lists) {
      const res = await call(t.app, outsider.key, 'GET', url);
      assert.ok(!res.body.includes(secretTitle) && !res.body.includes(t.groupId) && !res.body.includes(documentId), `${url} leaks`);
    }
  } finally {
    await t.close();
  }
});

test('no operation answers 5xx to junk input from a valid key', { timeout: 120_000 }, async () => {
  const t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  try {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = Buffer.from(await doc.save()).toString('base64');
    const upload = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson', { group: t.groupId, title: 'Junk target', pdf_file: pdf });
    const templateId = (upload.json() as { resource: { uid: string } }).resource.uid;
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const bodies: unknown[] = [
      '[]',
      '"text"',
      '123',
      'null',
      '{"a":{"b":[1,2,{"c":null}]}}',
      '{"name":[],"group":{},"pdf_file":1e400,"signers":"x","limit":-1}',
      '{"x":"\u0000\uffff"}',
    ];
    const queries = [
      '',
      '?limit=-1&offset=x',
      '?returnAsJson=maybe&force_download=2',
      '?created_gt=not-a-date&archived=perhaps',
      '?limit=99999999999999999999',
      '?offset=99999999999999999999',
      '?offset=1000000001&status=1e3&element_type=zzz',
    ];
    const ids = [templateId, 'x', '%20', '0'.repeat(300), "'; DROP TABLE templates; --"];
    for (const [path, operations] of Object.entries(paths.paths)) {
      for (const method of Object.keys(operations).filter((m) => m !== 'delete')) {
        for (const id of path.includes('{') ? ids : ['']) {
          for (const query of queries) {
            const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id)) + query;
            const payloads = method === 'get' ? [undefined] : bodies;
            for (const body of payloads) {
              const res = await call(t.app, t.key, method.toUpperCase() as 'GET', url, body);
              assert.ok(res.statusCode < 500, `${method.toUpperCase()} ${url} ${String(body)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
              if (res.statusCode >= 400) assert.equal((res.json() as { error: { status: number } }).error.status, res.statusCode);
            }
          }
        }
      }
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  } finally {
    await t.close();
  }
});
