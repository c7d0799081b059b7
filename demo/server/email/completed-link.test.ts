/**
 * The "completed" email gives each recipient a way to the signed PDF: a personal review link whose page
 * shows (and downloads) the final PDF, read-only.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { person, sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

test('the completed email links every recipient to the signed PDF (a personal read-only review link)', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { do_email: true, signers: [person('Ann'), person('Bob')] });
  for (const r of sent.recipients) {
    const token = await signerToken(t, r.id);
    const res = await signerCall(t.app, token, r.id, 'complete', { values: valuesFor(sent, r.signerNumber) });
    assert.equal(res.statusCode, 200, res.body);
  }
  const completed = (await t.app.store.history.emails({ documentId: sent.documentId })).filter((e) => e.kind === 'completed');
  assert.deepEqual(completed.map((e) => e.to).sort(), ['ann@example.com', 'bob@example.com']);
  for (const email of completed) {
    const match = email.text.match(/(http\S+\/demo\/review\.html\?signer=([0-9a-f-]{36})#link=(\S+))/);
    assert.ok(match, `a link in: ${email.text}`);
    const recipient = sent.recipients.find((r) => r.email === email.to)!;
    assert.equal(match[2], recipient.id, "the link is the recipient's own");
    assert.ok(email.html.includes('Download the signed PDF'));
    assert.ok(email.html.includes(match[1].replaceAll('&', '&#38;')), 'the same link in the HTML part');
    const session = await call(t.app, undefined, 'POST', `/api/v1/signer/${match[2]}/review-session/`, { link: decodeURIComponent(match[3]) });
    assert.equal(session.statusCode, 200, session.body);
    const pdf = await call(t.app, session.json().token, 'GET', `/api/v1/pdf/${sent.documentId}/`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const write = await signerCall(t.app, session.json().token, match[2], 'complete', { values: {} });
    assert.equal(write.statusCode, 403, 'read-only');
  }
});
