import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, errorOf } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { mintLinkToken } from '../../auth/link-tokens.ts';
import { sendDocument, signerCall } from '../../../../test/support/server/signing.ts';

test("a signing link mints on behalf of the sender's newest live key, and stops when the sender has none", async () => {
  const t = await createTestApp();
  try {
    const sent = await sendDocument(t, [field({ signer: 1 })]);
    const ann = sent.recipients[0].id;
    const link = mintLinkToken(t.dataDir, ann, sent.documentId);
    const exchange = () => call(t.app, undefined, 'POST', `/api/v1/signer/${ann}/link-session/`, { link });

    for (const key of await t.app.store.apiKeys.listForUser(t.adminId)) await t.app.store.apiKeys.revoke(key.id);
    const refused = await exchange();
    assert.equal(refused.statusCode, 409);
    assert.equal(errorOf(refused).code, 'sender_inactive');

    const older = await t.app.store.apiKeys.create(t.adminId, 'production', false);
    const legacy = await t.app.store.apiKeys.create(t.adminId, 'sandbox', true);
    assert.equal((await t.app.store.apiKeys.newestActiveNewScheme(t.adminId))?.id, older.record.id, 'a legacy key never backs a session');
    const newest = await t.app.store.apiKeys.create(t.adminId, 'sandbox', false);
    assert.equal((await t.app.store.apiKeys.newestActiveNewScheme(t.adminId))?.id, newest.record.id);
    assert.ok(legacy.record.legacy);

    const session = await exchange();
    assert.equal(session.statusCode, 200);
    const { token } = session.json() as { token: string };
    assert.equal((await signerCall(t.app, token, ann, 'signing')).statusCode, 200);
    // The token lives on its minting key: revoking that key ends it.
    await t.app.store.apiKeys.revoke(newest.record.id);
    assert.equal((await signerCall(t.app, token, ann, 'signing')).statusCode, 401);
  } finally {
    await t.close();
  }
});
