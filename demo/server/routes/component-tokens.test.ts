import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { EDITOR_OPERATIONS, VIEWER_OPERATIONS, SIGNER_OPERATIONS, tokenSecret, verifyComponentToken } from '../auth/component-tokens.ts';
import { addMember, addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { UnauthenticatedError } from '../domain/errors.ts';

let t: TestApp;
let tplA: string;
let tplB: string;
let docId: string;
let signerIds: string[];
let otherDocId: string;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  tplA = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'A' })).id;
  tplB = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'B' })).id;
  const sent = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tplA));
  docId = sent.json().uuid;
  signerIds = sent.json().signer_objects.map((s: { uuid: string }) => s.uuid);
  otherDocId = (await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, tplB))).json().uuid;
});
after(() => t.close());

async function mint(path: string, key = t.key): Promise<{ token: string; expires_at: string; expires_in: number; scope: string[]; resource_uri: string }> {
  const res = await call(t.app, key, 'GET', path);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

test("a template token is short-lived and scoped to that template's viewer/editor operations", async () => {
  const before = Date.now();
  const minted = await mint(`/api/v1/templatepdf/${tplA}/component-token/`);
  assert.deepEqual(minted.scope, EDITOR_OPERATIONS);
  assert.equal(minted.expires_in, 900);
  const expires = Date.parse(minted.expires_at);
  assert.ok(expires >= before + 899_000 && expires <= Date.now() + 901_000, minted.expires_at);
  assert.equal(minted.resource_uri, `/api/v1/templatepdf/${tplA}/`);

  const pdf = await call(t.app, minted.token, 'GET', `/api/v1/templatepdf/${tplA}/`);
  assert.equal(pdf.statusCode, 200, pdf.body);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  const fields = await call(t.app, minted.token, 'GET', `/api/v1/templatepdf/${tplA}/fields/`);
  assert.equal(fields.statusCode, 200);
  const saved = await call(t.app, minted.token, 'POST', `/api/v1/templatepdf/${tplA}/fields/`, fields.json());
  assert.equal(saved.statusCode, 201, saved.body);
});

test('a template token cannot read another template, write its fields, or call anything else', async () => {
  const { token } = await mint(`/api/v1/templatepdf/${tplA}/component-token/`);
  const other = await call(t.app, token, 'GET', `/api/v1/templatepdf/${tplB}/`);
  assert.equal(other.statusCode, 404);
  const otherFields = await call(t.app, token, 'GET', `/api/v1/templatepdf/${tplB}/fields/`);
  assert.equal(otherFields.statusCode, 404);
  const write = await call(t.app, token, 'POST', `/api/v1/templatepdf/${tplB}/fields/`, []);
  assert.equal(write.statusCode, 404);
  assert.equal((await t.app.store.templates.get(tplB))!.fields.length, 2, 'the other template kept its fields');
  for (const [method, path] of [
    ['GET', '/api/v1/document/'],
    ['GET', `/api/v1/document/${docId}/`],
    ['GET', `/api/v1/status/${docId}/`],
    ['GET', `/api/v1/pdf/${docId}/`],
    ['GET', `/api/v1/document/${docId}/fields/`],
    ['DELETE', `/api/v1/document/${docId}/`],
    ['GET', '/api/v1/group/'],
    ['GET', `/api/v1/templatepdf/${tplA}/component-token/`],
    ['GET', `/api/v1/signer/${signerIds[0]}/`],
  ] as const) {
    const res = await call(t.app, token, method, path);
    assert.ok(res.statusCode === 403 || res.statusCode === 404, `${method} ${path} -> ${res.statusCode}`);
  }
  const post = await call(t.app, token, 'POST', '/api/v1/document/', sendBody(t.groupId, tplA));
  assert.equal(post.statusCode, 403);
  assert.equal(errorOf(post).code, 'token_scope');
});

test('a readonly (viewer) token cannot save fields', async () => {
  const minted = await mint(`/api/v1/templatepdf/${tplA}/component-token/?readonly=1`);
  assert.deepEqual(minted.scope, VIEWER_OPERATIONS);
  const res = await call(t.app, minted.token, 'POST', `/api/v1/templatepdf/${tplA}/fields/`, []);
  assert.equal(res.statusCode, 403);
  assert.equal(errorOf(res).code, 'token_scope');
});

test("a signer token opens only its signer and its document's PDF and fields", async () => {
  const minted = await mint(`/api/v1/signer/${signerIds[0]}/component-token/`);
  assert.deepEqual(minted.scope, Object.values(SIGNER_OPERATIONS));
  const token = minted.token;
  const pdf = await call(t.app, token, 'GET', `/api/v1/pdf/${docId}/`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['x-esign-pdf'], 'source');
  assert.equal((await call(t.app, token, 'GET', `/api/v1/document/${docId}/fields/`)).statusCode, 200);
  assert.equal((await call(t.app, token, 'GET', `/api/v1/signer/${signerIds[0]}/`)).json().uuid, signerIds[0]);

  assert.equal((await call(t.app, token, 'GET', `/api/v1/signer/${signerIds[1]}/`)).statusCode, 404, 'another signer');
  assert.equal((await call(t.app, token, 'GET', `/api/v1/pdf/${otherDocId}/`)).statusCode, 404, 'another document');
  assert.equal((await call(t.app, token, 'GET', `/api/v1/document/${otherDocId}/fields/`)).statusCode, 404);
  for (const path of [
    `/api/v1/document/${docId}/`,
    `/api/v1/status/${docId}/`,
    `/api/v1/document/${docId}/auditlog/`,
    `/api/v1/templatepdf/${tplA}/`,
    `/api/v1/signer/${signerIds[0]}/component-token/`,
  ]) {
    assert.equal((await call(t.app, token, 'GET', path)).statusCode, 403, path);
  }
});

test('signer tokens need a new-scheme key and a group enabled for components', async () => {
  const legacy = await addMember(t.app, t.groupId, 'Legacy', 'sandbox', true);
  const res = await call(t.app, legacy.key, 'GET', `/api/v1/signer/${signerIds[0]}/component-token/`);
  assert.equal(res.statusCode, 403);
  assert.equal(errorOf(res).code, 'legacy_key');
  // The legacy key may still mint template tokens (the spec restricts only the signer one).
  assert.equal((await call(t.app, legacy.key, 'GET', `/api/v1/templatepdf/${tplA}/component-token/`)).statusCode, 200);

  const off = await createTenant(t.app, 'NoComponents');
  await t.app.store.groups.update(off.groupId, { componentsEnabled: false });
  const tpl = await addTemplate(t.app, { groupId: off.groupId, userId: off.userId });
  const sent = await call(t.app, off.key, 'POST', '/api/v1/document/', sendBody(off.groupId, tpl.id));
  const signer = sent.json().signer_objects[0].uuid;
  const refused = await call(t.app, off.key, 'GET', `/api/v1/signer/${signer}/component-token/`);
  assert.equal(refused.statusCode, 403);
  assert.equal(errorOf(refused).code, 'components_disabled');
});

test('an expired token is refused with 401 and a clear message', async () => {
  const minted = await mint(`/api/v1/templatepdf/${tplA}/component-token/?expires_in=1`);
  assert.equal(minted.expires_in, 1);
  // Injected clock: the verifier itself refuses it one second after expiry (a domain error the REST API answers with 401).
  await assert.rejects(
    verifyComponentToken(tokenSecret(t.dataDir), minted.token, new Date(Date.parse(minted.expires_at) + 1000)),
    (e: unknown) => e instanceof UnauthenticatedError && e.code === 'token_expired' && /expired at/.test(e.message),
  );
  // And through HTTP once the real clock has passed it.
  await sleep(Math.max(0, Date.parse(minted.expires_at) - Date.now()) + 1100);
  const res = await call(t.app, minted.token, 'GET', `/api/v1/templatepdf/${tplA}/`);
  assert.equal(res.statusCode, 401);
  assert.equal(errorOf(res).code, 'token_expired');
  assert.match(errorOf(res).message, /expired at .*Mint a new one/);
});

test('forged, tampered and foreign tokens are refused; revoking the key kills its tokens', async () => {
  const { token } = await mint(`/api/v1/templatepdf/${tplA}/component-token/`);
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const widened = Buffer.from(JSON.stringify({ ...claims, sub: `templatepdf:${tplB}` })).toString('base64url');
  for (const bad of [`${h}.${widened}.${s}`, `${h}.${p}.${s.slice(0, -2)}AA`, 'a.b.c']) {
    const res = await call(t.app, bad, 'GET', `/api/v1/templatepdf/${tplB}/`);
    assert.equal(res.statusCode, 401, bad);
  }
  const elsewhere = await createTestApp();
  try {
    const res = await call(elsewhere.app, token, 'GET', `/api/v1/templatepdf/${tplA}/`);
    assert.equal(res.statusCode, 401, 'a token of another server (data directory) is not valid here');
    assert.equal(errorOf(res).code, 'invalid_token');
  } finally {
    await elsewhere.close();
  }
  const member = await addMember(t.app, t.groupId, 'Revoked');
  const minted = await mint(`/api/v1/templatepdf/${tplA}/component-token/`, member.key);
  const keyId = /^ak_sandbox_([^.]+)\./.exec(member.key)![1];
  await t.app.store.apiKeys.revoke(keyId);
  const res = await call(t.app, minted.token, 'GET', `/api/v1/templatepdf/${tplA}/`);
  assert.equal(res.statusCode, 401);
  assert.match(errorOf(res).message, /revoked/);
});

test("minting for a missing or foreign resource is 404; a removed document's signer is 409", async () => {
  const other = await createTenant(t.app, 'Stranger');
  assert.equal((await call(t.app, other.key, 'GET', `/api/v1/templatepdf/${tplA}/component-token/`)).statusCode, 404);
  assert.equal((await call(t.app, other.key, 'GET', `/api/v1/signer/${signerIds[0]}/component-token/`)).statusCode, 404);
  assert.equal((await call(t.app, t.key, 'GET', '/api/v1/signer/nope/component-token/')).statusCode, 404);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/templatepdf/${tplA}/component-token/?expires_in=99999`)).statusCode, 400);
  assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${otherDocId}/`)).statusCode, 204);
  const removedSigner = (await call(t.app, t.key, 'GET', `/api/v1/document/${otherDocId}/`)).json().signer_objects[0].uuid;
  const res = await call(t.app, t.key, 'GET', `/api/v1/signer/${removedSigner}/component-token/`);
  assert.equal(res.statusCode, 409);
});
