import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { call, createTenant, createTestApp, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import type { ComponentTokenAuth, TokenVerifier } from '../auth/context.ts';
import { VIEWER_OPERATIONS } from '../auth/operations.ts';
import { unauthorized } from '../http/errors.ts';

const tokens = new Map<string, ComponentTokenAuth>();
/** A verifier for test tokens `test-token-<n>`: the auth layer must treat it like any component token. */
const testVerifier: TokenVerifier = (token) => {
  if (!token.startsWith('test-token-')) return undefined;
  const context = tokens.get(token);
  if (!context || context.expiresAt * 1000 < Date.now()) throw unauthorized('This component token has expired.', 'token_expired');
  return context;
};

describe('template fields', () => {
  let t: TestApp;
  let id: string;
  let otherId: string;
  const field = { ax: 0.1, ay: 0.2, bx: 0.4, by: 0.25, page: 2, element_type: 'signature', signer: 1 };

  before(async () => {
    t = await createTestApp({ tokenVerifiers: [testVerifier] });
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const pdf = Buffer.from(await doc.save()).toString('base64');
    const upload = async () =>
      (
        (await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson', { group: t.groupId, pdf_file: pdf, title: 'Two pages' })).json() as {
          resource: { uid: string };
        }
      ).resource.uid;
    id = await upload();
    otherId = await upload();
  });
  after(async () => {
    await t.close();
  });

  test('a new template has no fields', async () => {
    const res = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/fields/`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), []);
  });

  test('post assigns uuids and fills defaults; the read result posts back unchanged', async () => {
    const res = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/fields/`, [field, { ...field, page: 1, element_type: 'text', label: 'Full name' }]);
    assert.equal(res.statusCode, 201, res.body);
    const saved = res.json() as Record<string, unknown>[];
    assert.equal(saved.length, 2);
    assert.match(String(saved[0]!.uuid), /^[0-9a-f-]{36}$/);
    assert.notEqual(saved[0]!.uuid, saved[1]!.uuid);
    assert.equal(saved[0]!.optional, false);
    const read = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/fields/`)).json();
    assert.deepEqual(read, saved);
    const again = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/fields/`, read);
    assert.deepEqual(again.json(), read);
  });

  test('invalid fields are listed by path and nothing is saved', async () => {
    const before = (await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/fields/`)).json();
    const res = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/fields/`, [field, { ...field, ax: 'left', page: 9 }]);
    assert.equal(res.statusCode, 400);
    const error = errorOf(res);
    assert.equal(error.code, 'invalid_fields');
    const paths = error.fields!.map((f) => f.field);
    assert.ok(paths.includes('[1].ax'), JSON.stringify(paths));
    assert.ok(paths.includes('[1].page'), JSON.stringify(paths));
    assert.deepEqual((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/fields/`)).json(), before);
    const notArray = await call(t.app, t.key, 'POST', `/api/v1/templatepdf/${id}/fields/`, { fields: [] });
    assert.equal(notArray.statusCode, 400);
  });

  test('preview draws the fields onto the PDF', async () => {
    const plain = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/`);
    const res = await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/preview/`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    assert.equal(doc.getPageCount(), 2);
    assert.notDeepEqual(res.rawPayload, plain.rawPayload);
  });

  test('another group cannot read or write the fields', async () => {
    const other = await createTenant(t.app, 'Nosy');
    assert.equal((await call(t.app, other.key, 'GET', `/api/v1/templatepdf/${id}/fields/`)).statusCode, 404);
    assert.equal((await call(t.app, other.key, 'GET', `/api/v1/templatepdf/${id}/preview/`)).statusCode, 404);
    const write = await call(t.app, other.key, 'POST', `/api/v1/templatepdf/${id}/fields/`, []);
    assert.equal(write.statusCode, 404);
    assert.equal(((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${id}/fields/`)).json() as unknown[]).length, 2);
  });

  test('a component token opens exactly its operations on exactly its template', async () => {
    const viewer: ComponentTokenAuth = {
      kind: 'component_token',
      userId: t.adminId,
      groupIds: [t.groupId],
      resource: { type: 'templatepdf', id },
      operations: VIEWER_OPERATIONS,
      keyId: 'test',
      env: 'sandbox',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      claims: {},
    };
    tokens.set('test-token-1', viewer);
    tokens.set('test-token-2', { ...viewer, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const token = 'test-token-1';
    assert.equal((await call(t.app, token, 'GET', `/api/v1/templatepdf/${id}/`)).statusCode, 200);
    assert.equal((await call(t.app, token, 'GET', `/api/v1/templatepdf/${id}/fields/`)).statusCode, 200);
    assert.equal((await call(t.app, token, 'GET', `/api/v1/templatepdf/${id}/preview/`)).statusCode, 200);
    assert.equal((await call(t.app, token, 'GET', `/api/v1/templatepdf/${otherId}/`)).statusCode, 404);
    const write = await call(t.app, token, 'POST', `/api/v1/templatepdf/${id}/fields/`, []);
    assert.equal(write.statusCode, 403);
    assert.equal(errorOf(write).code, 'token_scope');
    assert.equal((await call(t.app, token, 'GET', '/api/v1/templatepdf/')).statusCode, 403);
    assert.equal((await call(t.app, token, 'GET', '/api/v1/group/')).statusCode, 403);
    assert.equal((await call(t.app, token, 'DELETE', `/api/v1/templatepdf/${id}/delete/`)).statusCode, 403);
    const expired = await call(t.app, 'test-token-2', 'GET', `/api/v1/templatepdf/${id}/`);
    assert.equal(expired.statusCode, 401);
    assert.equal(errorOf(expired).code, 'token_expired');
  });
});
