/** The history page says whom each invitation went to (name and email), not a bare "Invited". */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { signingHistory } from './final-pdf-job.ts';
import { person, sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

test('every invitation in the history names its recipient', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], {
    do_email: true,
    signers_in_order: true,
    signers: [person('Ann'), person('Bob')],
  });
  for (const r of sent.recipients) {
    const res = await signerCall(t.app, await signerToken(t, r.id), r.id, 'complete', { values: valuesFor(sent, r.signerNumber) });
    assert.equal(res.statusCode, 200, res.body);
  }
  const { documents, history } = t.app.store;
  const doc = (await documents.get(sent.documentId))!;
  const events = signingHistory(doc, await documents.recipients(doc.id), await history.events(doc.id)).events;
  const invitations = events.filter((e) => /^Invit/.test(e.action));
  assert.ok(invitations.length >= 2, JSON.stringify(events.map((e) => e.action)));
  for (const e of invitations) assert.match(e.action, /(Ann|Bob) Tester <(ann|bob)@example\.com>/);
  for (const who of ['ann@example.com', 'bob@example.com'])
    assert.ok(
      invitations.some((e) => e.action.includes(who)),
      `${who} invited`,
    );
  assert.ok(!events.some((e) => e.action === 'Invited'), 'no bare "Invited"');
});
