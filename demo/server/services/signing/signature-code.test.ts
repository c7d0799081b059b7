/**
 * Validation 73 on a signature field (the description's validation list is not limited to text fields): the
 * field is accepted on templates, its code never reaches the signer, and the signature counts only with the code.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { addTemplate, field } from '../../../../test/support/server/documents.ts';
import { PNG_1PX, recipientStatuses, sendDocument, signerCall, signerToken } from '../../../../test/support/server/signing.ts';
import type { Sent } from '../../../../test/support/server/signing.ts';

let t: TestApp;
let sent: Sent;
let token: string;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
  sent = await sendDocument(t, [field({ signer: 1, label: 'Guarded', validation: 73, options: 'Blue-Fox-42' }), field({ signer: 2, page: 2 })]);
  token = await signerToken(t, sent.recipients[0].id);
});
after(() => t.close());

const ann = () => sent.recipients[0].id;
const guarded = () => sent.fields.find((f) => f.label === 'Guarded')!.uuid!;

test('a signature field with validation 73 is a valid field; any other code on a signature is not', async () => {
  const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [] });
  const url = `/api/v1/templatepdf/${template.id}/fields/`;
  const ok = await call(t.app, t.key, 'POST', url, [{ ...field({ signer: 1 }), validation: 73, options: 'code' }]);
  assert.ok(ok.statusCode < 300, ok.body);
  const without = await call(t.app, t.key, 'POST', url, [{ ...field({ signer: 1 }), validation: 73, options: '' }]);
  assert.equal(without.statusCode, 400, without.body);
  const other = await call(t.app, t.key, 'POST', url, [{ ...field({ signer: 1 }), validation: 1 }]);
  assert.equal(other.statusCode, 400, other.body);
});

test('the signer never sees the code', async () => {
  const view = (await signerCall(t.app, token, ann(), 'signing')).json() as { fields: { uuid: string; options: string; validation: number }[] };
  const f = view.fields.find((e) => e.uuid === guarded())!;
  assert.equal(f.validation, 73);
  assert.equal(f.options, '');
});

test('signed without the code, or with a wrong one: 422 at codes.<uuid>; with it: complete', async () => {
  const values = { [guarded()]: PNG_1PX };
  for (const codes of [undefined, {}, { [guarded()]: 'red-fox-42' }, { [guarded()]: 7 }]) {
    const res = await signerCall(t.app, token, ann(), 'complete', { values, ...(codes ? { codes } : {}) });
    assert.ok(res.statusCode === 422 || res.statusCode === 400, `${res.statusCode} ${res.body}`);
    if (res.statusCode === 422)
      assert.deepEqual(
        errorOf(res).fields?.map((f) => f.field),
        [`codes.${guarded()}`],
      );
  }
  assert.equal((await recipientStatuses(t.app, sent.documentId))[0] < 40, true);
  const done = await signerCall(t.app, token, ann(), 'complete', { values, codes: { [guarded()]: ' Blue-Fox-42 ' } });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal((await recipientStatuses(t.app, sent.documentId))[0], 40);
});
