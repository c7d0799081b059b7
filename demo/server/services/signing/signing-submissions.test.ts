import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { mintComponentToken, tokenSecret, SIGNER_OPERATIONS } from '../../auth/component-tokens.ts';
import { mintLinkToken } from '../../auth/link-tokens.ts';
import { MAX_IMAGE_BYTES } from './submission.ts';
import { PNG_1PX, documentStatus, recipientStatuses, sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';
import type { Sent } from '../../../../test/support/server/signing.ts';

let t: TestApp;
let sent: Sent;
let annToken: string;
const byLabel = (label: string) => sent.fields.find((f) => f.label === label)!.uuid!;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
  sent = await sendDocument(t, [
    field({ signer: 1 }),
    field({ signer: 1, element_type: 'text', label: 'Email', validation: 1, ay: 0.3, by: 0.35 }),
    field({ signer: 1, element_type: 'text', label: 'Ref', validation: 93, options: '^[A-Z]{3}-\\d{4}$', ay: 0.4, by: 0.45 }),
    field({ signer: 1, element_type: 'text', label: 'Agree', validation: 25, ay: 0.5, by: 0.55 }),
    field({ signer: 1, element_type: 'text', label: 'Signed on', validation: 30, ay: 0.6, by: 0.65 }),
    field({ signer: 1, element_type: 'text', label: 'Code', validation: 73, options: 'open-sesame', ay: 0.7, by: 0.75 }),
    field({ signer: 2, page: 2 }),
  ]);
  annToken = await signerToken(t, sent.recipients[0].id);
});
after(() => t.close());

const ann = () => sent.recipients[0].id;
const good = () => ({
  ...valuesFor(sent, 1),
  [byLabel('Email')]: 'ann@example.com',
  [byLabel('Ref')]: 'ABC-1234',
  [byLabel('Agree')]: 'tick',
  [byLabel('Code')]: 'open-sesame',
});

test('missing required fields: 422 naming each field', async () => {
  const res = await signerCall(t.app, annToken, ann(), 'complete', { values: valuesFor(sent, 1) });
  assert.equal(res.statusCode, 422);
  const fields = errorOf(res)
    .fields!.map((f) => f.field)
    .sort();
  assert.deepEqual(fields, [byLabel('Agree'), byLabel('Code'), byLabel('Email'), byLabel('Ref')].map((u) => `values.${u}`).sort());
  assert.equal((await recipientStatuses(t.app, sent.documentId))[0], 10);
});

test('invalid values: email, regex, checkbox and a wrong secret code', async () => {
  const res = await signerCall(t.app, annToken, ann(), 'complete', {
    values: { ...good(), [byLabel('Email')]: 'not-an-email', [byLabel('Ref')]: 'abc-12', [byLabel('Agree')]: 'cross', [byLabel('Code')]: 'guess' },
  });
  assert.equal(res.statusCode, 422);
  const messages = errorOf(res)
    .fields!.map((f) => f.message)
    .join(' | ');
  assert.match(messages, /email address/);
  assert.match(messages, /expected format/);
  assert.match(messages, /must be "tick"/);
  assert.match(messages, /code does not match/);
});

test('signature images: not an image, bytes that are not a PNG, and oversized are refused', async () => {
  const sig = sent.fields.find((f) => f.signer === 1 && f.element_type === 'signature')!.uuid!;
  for (const bad of [
    'Ann Tester',
    'data:text/plain;base64,aGVsbG8=',
    `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
    `data:image/png;base64,${Buffer.concat([Buffer.from(PNG_1PX.split(',')[1], 'base64'), Buffer.alloc(MAX_IMAGE_BYTES)]).toString('base64')}`,
  ]) {
    const res = await signerCall(t.app, annToken, ann(), 'complete', { values: { ...good(), [sig]: bad } });
    assert.equal(res.statusCode, 422, bad.slice(0, 40));
    assert.equal(errorOf(res).fields![0].field, `values.${sig}`);
  }
});

test("another signer's field ids and unknown ids are refused; nothing is saved", async () => {
  const bobField = sent.fields.find((f) => f.signer === 2)!.uuid!;
  const res = await signerCall(t.app, annToken, ann(), 'save', { values: { [bobField]: PNG_1PX, [byLabel('Email')]: 'ann@example.com' } });
  assert.equal(res.statusCode, 422);
  assert.match(errorOf(res).fields![0].message, /belongs to another recipient/);
  const unknown = await signerCall(t.app, annToken, ann(), 'complete', { values: { ...good(), 'not-a-field': 'x' } });
  assert.equal(unknown.statusCode, 422);
  const view = (await signerCall(t.app, annToken, ann(), 'signing')).json();
  assert.equal(view.fields.find((f: { uuid: string }) => f.uuid === byLabel('Email')).value, '');
  assert.equal(view.fields.find((f: { uuid: string }) => f.uuid === byLabel('Code')).options, '', 'the secret code is never sent');
  const docFields = (await call(t.app, annToken, 'GET', `/api/v1/document/${sent.documentId}/fields/`)).json() as { uuid: string; options: string }[];
  assert.equal(docFields.find((f) => f.uuid === byLabel('Code'))!.options, '', 'nor through the document fields route');
  const asSender = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/fields/`)).json() as { uuid: string; options: string }[];
  assert.equal(asSender.find((f) => f.uuid === byLabel('Code'))!.options, 'open-sesame', 'the sender still sees it');
});

test("a wrong-typed body, an API key, another signer's token and a viewer-scoped route are refused", async () => {
  assert.equal((await signerCall(t.app, annToken, ann(), 'complete', { values: 'x' })).statusCode, 400);
  assert.equal(errorOf(await call(t.app, t.key, 'POST', `/api/v1/signer/${ann()}/complete/`, { values: good() })).code, 'signer_token_required');
  const bobToken = await signerToken(t, sent.recipients[1].id);
  assert.equal((await signerCall(t.app, bobToken, ann(), 'complete', { values: good() })).statusCode, 404);
  assert.equal((await call(t.app, annToken, 'GET', '/api/v1/document/')).statusCode, 403);
});

test('expired tokens and links: 401 with a message saying so', async () => {
  const secret = tokenSecret(t.dataDir);
  const keyId = (await t.app.store.apiKeys.listForUser(t.adminId))[0].id;
  const old = await mintComponentToken(secret, {
    resource: { type: 'signer', id: ann() },
    groupId: t.groupId,
    userId: t.adminId,
    keyId,
    env: 'sandbox',
    operations: Object.values(SIGNER_OPERATIONS),
    ttlSeconds: 60,
    now: new Date(Date.now() - 3600_000),
  });
  const res = await signerCall(t.app, old.token, ann(), 'complete', { values: good() });
  assert.equal(res.statusCode, 401);
  assert.equal(errorOf(res).code, 'token_expired');
  const expiredLink = mintLinkToken(t.dataDir, ann(), sent.documentId, Date.now() - 40 * 86400_000);
  const session = await call(t.app, undefined, 'POST', `/api/v1/signer/${ann()}/link-session/`, { link: expiredLink });
  assert.equal(errorOf(session).code, 'link_expired');
  const forged = await call(t.app, undefined, 'POST', `/api/v1/signer/${ann()}/link-session/`, { link: `${expiredLink.slice(0, -3)}AAA` });
  assert.equal(errorOf(forged).code, 'invalid_link');
  const foreign = await call(t.app, undefined, 'POST', `/api/v1/signer/${sent.recipients[1].id}/link-session/`, {
    link: mintLinkToken(t.dataDir, ann(), sent.documentId),
  });
  assert.equal(foreign.statusCode, 401);
});

test('save progress keeps values and reaches 35 (all but the signature), then completion with valid values succeeds', async () => {
  const { [sent.fields.find((f) => f.signer === 1 && f.element_type === 'signature')!.uuid!]: _sig, ...rest } = good();
  const saved = await signerCall(t.app, annToken, ann(), 'save', { values: rest });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().status, 35);
  const res = await signerCall(t.app, annToken, ann(), 'complete', { values: valuesFor(sent, 1) });
  assert.equal(res.statusCode, 200, res.body);
  const view = (await signerCall(t.app, annToken, ann(), 'signing')).json();
  assert.match(view.fields.find((f: { uuid: string }) => f.uuid === byLabel('Signed on')).value, /^\d{4}\/\d{2}\/\d{2}$/, 'the server fills the signing date');
});

test('a removed document can no longer be signed: 409', async () => {
  const other = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })]);
  const token = await signerToken(t, other.recipients[0].id);
  assert.equal((await call(t.app, t.key, 'DELETE', `/api/v1/document/${other.documentId}/`)).statusCode < 300, true);
  assert.equal(await documentStatus(t.app, other.documentId), 40);
  for (const op of ['complete', 'visit'] as const) {
    const res = await signerCall(t.app, token, other.recipients[0].id, op, { values: valuesFor(other, 1) });
    assert.equal(res.statusCode, 409, op);
  }
  assert.equal((await signerCall(t.app, token, other.recipients[0].id, 'reject', { reason: 'no' })).statusCode, 409);
  const link = await call(t.app, t.key, 'GET', `/api/v1/signer/${other.recipients[0].id}/sign-link/`);
  assert.equal(link.statusCode, 409);
});
