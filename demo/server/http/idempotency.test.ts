/**
 * Idempotency-Key on creating POSTs (http/idempotency.ts): a repeat replays the stored answer and creates
 * nothing; the same key with another body is a 422; keys are per API key; concurrent repeats get 409;
 * answers are kept 24 hours. Exercised on documents, groups and template uploads: the hook is generic.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { generatePdf } from '../../../test/support/generate-pdf.ts';
import { backdateIdempotencyKey } from '../store/fault-injection.ts';

let t: TestApp;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

const count = (table: 'documents' | 'groups' | 'templates'): Promise<number> => t.app.store[table].count();

test('sending a document twice with one Idempotency-Key creates one document and replays the first answer', async () => {
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const body = sendBody(t.groupId, tpl.id);
  const before = await count('documents');
  const first = await call(t.app, t.key, 'POST', '/api/v1/document/', body, { 'idempotency-key': 'send-1' });
  assert.ok(first.statusCode < 300, first.body);
  const again = await call(t.app, t.key, 'POST', '/api/v1/document/', body, { 'idempotency-key': 'send-1' });
  assert.equal(again.statusCode, first.statusCode);
  assert.equal(again.body, first.body);
  assert.equal(again.headers.location, first.headers.location);
  assert.equal(again.headers['content-type'], first.headers['content-type']);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(first.headers['idempotent-replayed'], undefined);
  assert.equal(await count('documents'), before + 1);

  const other = await call(t.app, t.key, 'POST', '/api/v1/document/', { ...body, name: 'Another name' }, { 'idempotency-key': 'send-1' });
  assert.equal(other.statusCode, 422);
  assert.equal(errorOf(other).code, 'idempotency_key_reused');
  assert.equal(await count('documents'), before + 1, 'nothing created by the refused reuse');

  const fresh = await call(t.app, t.key, 'POST', '/api/v1/document/', body, { 'idempotency-key': 'send-2' });
  assert.ok(fresh.statusCode < 300);
  assert.notEqual(fresh.headers.location, first.headers.location);
  assert.equal(await count('documents'), before + 2);
});

test('without the header every POST creates; keys are per API key; a bad key is a 400', async () => {
  const before = await count('groups');
  for (let i = 0; i < 2; i++) assert.ok((await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Plain' })).statusCode < 300);
  assert.equal(await count('groups'), before + 2);
  for (let i = 0; i < 2; i++)
    assert.ok((await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Keyed' }, { 'idempotency-key': 'grp-1' })).statusCode < 300);
  assert.equal(await count('groups'), before + 3);
  const tenant = await createTenant(t.app, 'Other tenant'); // (its own group: one more)
  assert.ok((await call(t.app, tenant.key, 'POST', '/api/v1/group/', { name: 'Keyed' }, { 'idempotency-key': 'grp-1' })).statusCode < 300);
  assert.equal(await count('groups'), before + 5, 'another API key has its own keys');
  for (const bad of ['', 'x'.repeat(256), 'has space']) {
    const res = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Bad' }, { 'idempotency-key': bad });
    assert.equal(res.statusCode, 400, `"${bad.slice(0, 10)}"`);
    assert.equal(errorOf(res).code, 'bad_idempotency_key');
  }
  assert.equal(await count('groups'), before + 5);
});

test('a refused request is replayed as refused; the query is part of the request', async () => {
  const refused = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: '   ' }, { 'idempotency-key': 'grp-bad' });
  assert.ok(refused.statusCode >= 400 && refused.statusCode < 500);
  const again = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: '   ' }, { 'idempotency-key': 'grp-bad' });
  assert.equal(again.statusCode, refused.statusCode);
  assert.equal(again.body, refused.body);
  const pdf = await generatePdf({ pages: 1 });
  const upload = { group: t.groupId, title: 'Idem upload', pdf_file: Buffer.from(pdf).toString('base64') };
  const before = await count('templates');
  const a = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/', upload, { 'idempotency-key': 'up-1' });
  assert.ok(a.statusCode < 300, a.body);
  const b = await call(t.app, t.key, 'POST', '/api/v1/templatepdf/?returnAsJson=1', upload, { 'idempotency-key': 'up-1' });
  assert.equal(b.statusCode, 422, 'another query is another request');
  assert.equal(await count('templates'), before + 1);
});

test('two identical requests at once: one runs, the other is told to retry (409) and then gets its answer', async () => {
  const tpl = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId });
  const body = sendBody(t.groupId, tpl.id);
  const before = await count('documents');
  const [a, b] = await Promise.all([1, 2].map(() => call(t.app, t.key, 'POST', '/api/v1/document/', body, { 'idempotency-key': 'race-1' })));
  const statuses = [a.statusCode, b.statusCode].sort();
  assert.equal(await count('documents'), before + 1, `statuses ${statuses}`);
  const waited = [a, b].find((r) => r.statusCode === 409);
  const done = [a, b].find((r) => r.statusCode < 300)!;
  if (waited) {
    assert.equal(errorOf(waited).code, 'idempotency_key_in_use');
    assert.equal(waited.headers['retry-after'], '1');
    const retried = await call(t.app, t.key, 'POST', '/api/v1/document/', body, { 'idempotency-key': 'race-1' });
    assert.equal(retried.body, done.body);
  } else {
    assert.equal(a.body, b.body);
  }
  assert.equal(await count('documents'), before + 1);
});

test('answers are kept 24 hours: an older key runs again', async () => {
  const before = await count('groups');
  assert.ok((await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Old' }, { 'idempotency-key': 'old-1' })).statusCode < 300);
  const scope = { keyId: /^ak_sandbox_([^.]+)\./.exec(t.key)![1]!, idemKey: 'old-1', method: 'POST', path: '/api/v1/group/' };
  const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
  assert.ok(await t.app.store.idempotency.find(scope), 'the first answer was stored');
  await backdateIdempotencyKey(t.app.store, scope, dayAgo);
  const again = await call(t.app, t.key, 'POST', '/api/v1/group/', { name: 'Old' }, { 'idempotency-key': 'old-1' });
  assert.ok(again.statusCode < 300);
  assert.equal(again.headers['idempotent-replayed'], undefined);
  assert.equal(await count('groups'), before + 2);
  assert.ok((await t.app.store.idempotency.find(scope))!.created > dayAgo, 'the old answer was replaced by the new one');
});
