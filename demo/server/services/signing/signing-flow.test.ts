import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { signingServiceOf } from './service.ts';
import {
  documentStatus,
  historyEvents,
  person,
  recipientStatuses,
  sendDocument,
  signerCall,
  signerToken,
  valuesFor,
  verifyBySms,
  webhookEvents,
} from '../../../../test/support/server/signing.ts';
import { placedText } from '../../../../test/support/server/pdf.ts';

const readPdfText = async (pdf: Uint8Array): Promise<string> => (await placedText(pdf)).map((p) => p.str).join(' ');

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3600_000 } });
});
after(() => t.close());

test('two signers in order: the second waits, is invited when the first completes, and the document completes once with its final PDF', async () => {
  const sent = await sendDocument(
    t,
    [field({ signer: 1, label: 'Full name', element_type: 'text', ay: 0.2, by: 0.25 }), field({ signer: 1 }), field({ signer: 2, page: 2 })],
    { do_email: true, append_history: true },
  );
  const [ann, bob] = sent.recipients;
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [10, 4]);
  const annToken = await signerToken(t, ann.id);
  const bobToken = await signerToken(t, bob.id);

  const early = await signerCall(t.app, bobToken, bob.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(early.statusCode, 409);
  assert.equal(errorOf(early).code, 'not_your_turn');
  const bobView = (await signerCall(t.app, bobToken, bob.id, 'signing')).json();
  assert.equal(bobView.can_sign, false);
  assert.equal(bobView.blocked_reason, 'waiting');

  const visit = await signerCall(t.app, annToken, ann.id, 'visit');
  assert.equal(visit.json().status, 20);
  const view = (await signerCall(t.app, annToken, ann.id, 'signing')).json();
  assert.equal(view.can_sign, true);
  assert.deepEqual(
    view.fields.map((f: { editable: boolean }) => f.editable),
    [true, true, false],
  );

  const done = await signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1, { 'Full name': 'Ann Tester' }) });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().status, 40);
  assert.deepEqual(done.json().invited, [bob.id]);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [40, 10]);
  const invitations = (await t.app.store.history.emails({ documentId: sent.documentId })).filter((e) => e.kind === 'invitation');
  assert.deepEqual(
    invitations.map((e) => e.to),
    [ann.email, bob.email],
  );
  assert.match(invitations[1].text, /\/demo\/sign\.html\?signer=[0-9a-f-]{36}#link=sl1\./);

  // Bob sees Ann's completed values read-only.
  const bobNow = (await signerCall(t.app, bobToken, bob.id, 'signing')).json();
  assert.equal(bobNow.fields[0].value, 'Ann Tester');
  assert.equal(bobNow.fields[0].editable, false);

  const last = await signerCall(t.app, bobToken, bob.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(last.statusCode, 200, last.body);
  assert.equal(last.json().document_status, 30);
  assert.equal(await documentStatus(t.app, sent.documentId), 30);
  const events = await webhookEvents(t.app, sent.documentId);
  assert.equal(events.filter((e) => e === 'document.finalPdfCreated').length, 1);
  assert.equal(events.filter((e) => e === 'recipient.completed').length, 2);
  assert.ok(events.includes('recipient.visiting'));

  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/pdf/${sent.documentId}/`, headers: { authorization: `Bearer ${t.key}` } });
  assert.equal(pdf.headers['x-esign-pdf'], 'final');
  const text = await readPdfText(new Uint8Array(pdf.rawPayload));
  assert.match(text, /Ann Tester/);
  assert.match(text, /signing-test\/1\.0/, 'the history page shows the user agent');

  const signed = (await historyEvents(t.app, sent.documentId)).find((e) => e.event === 'recipient_signed' && e.recipient_id === ann.id)!;
  assert.equal(signed.user_agent, 'signing-test/1.0');
  assert.ok(signed.ip.length > 0);

  const again = await signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1, { 'Full name': 'Ann Tester' }) });
  assert.equal(again.statusCode, 409);
});

test('a witness signs after its signer: the signer waits at 39, then both complete', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 101, ay: 0.5, by: 0.55 })], {
    signers: [person('Ann', { sms: '+447700900001' }), person('Wendy', { role: 'witness', sms: '+447700900002' })],
  });
  const [ann, wendy] = sent.recipients;
  assert.equal(wendy.role, 'witness');
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [10, 4]);
  const wendyToken = await signerToken(t, wendy.id);
  await verifyBySms(t, wendyToken, wendy.id);
  const early = await signerCall(t.app, wendyToken, wendy.id, 'complete', { values: valuesFor(sent, 101) });
  assert.equal(errorOf(early).code, 'not_your_turn');
  assert.match(errorOf(early).message, /witness signs after/);

  const annToken = await signerToken(t, ann.id);
  await verifyBySms(t, annToken, ann.id);
  const annDone = await signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.equal(annDone.json().status, 39);
  assert.equal(annDone.json().document_status, 10);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [39, 10]);

  const witnessed = await signerCall(t.app, wendyToken, wendy.id, 'complete', { values: valuesFor(sent, 101) });
  assert.equal(witnessed.statusCode, 200, witnessed.body);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [40, 40]);
  assert.equal(await documentStatus(t.app, sent.documentId), 30);
});

test('an approver approves without fields; a skipped signer and its witness are left out', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 }), field({ signer: 102, page: 2, ay: 0.6, by: 0.65 })], {
    signers: [person('Ann'), person('Sam', { skip: true }), person('Wes', { role: 'witness' }), person('Alma', { role: 'approver' })],
  });
  assert.deepEqual(
    sent.recipients.map((r) => r.role),
    ['signer', 'approver'],
  );
  const [ann, alma] = sent.recipients;
  await signerCall(t.app, await signerToken(t, ann.id), ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [40, 10]);
  const approved = await signerCall(t.app, await signerToken(t, alma.id), alma.id, 'complete', {});
  assert.equal(approved.statusCode, 200, approved.body);
  assert.equal(approved.json().status, 40);
  assert.equal(await documentStatus(t.app, sent.documentId), 30);
  assert.ok((await historyEvents(t.app, sent.documentId)).some((e) => e.event === 'recipient_approved'));
});

test('a rejection rejects the document, withdraws the others and stops further signing', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { signers_in_order: false });
  const [ann, bob] = sent.recipients;
  const annToken = await signerToken(t, ann.id);
  const noReason = await signerCall(t.app, annToken, ann.id, 'reject', { reason: '  ' });
  assert.equal(noReason.statusCode, 400);
  const rejected = await signerCall(t.app, annToken, ann.id, 'reject', { reason: 'The amount is wrong.' });
  assert.equal(rejected.statusCode, 200, rejected.body);
  assert.equal(rejected.json().document_status, 50);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [60, 70]);
  const detail = (await signerCall(t.app, annToken, ann.id, 'signing')).json();
  assert.equal(detail.signer.rejection_reason, 'The amount is wrong.');
  const events = await webhookEvents(t.app, sent.documentId);
  assert.ok(events.includes('recipient.rejected') && events.includes('document.rejected'));
  const late = await signerCall(t.app, await signerToken(t, bob.id), bob.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(late.statusCode, 409);
});

test('two recipients completing at the same moment: one completion, one final PDF job', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { signers_in_order: false });
  const [ann, bob] = sent.recipients;
  const [annToken, bobToken] = await Promise.all([signerToken(t, ann.id), signerToken(t, bob.id)]);
  const service = signingServiceOf(t.app.store)!;
  const runsBefore = service.finalPdfRuns;
  const [a, b] = await Promise.all([
    signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1) }),
    signerCall(t.app, bobToken, bob.id, 'complete', { values: valuesFor(sent, 2) }),
  ]);
  assert.equal(a.statusCode, 200, a.body);
  assert.equal(b.statusCode, 200, b.body);
  assert.equal(service.finalPdfRuns - runsBefore, 1);
  assert.equal(await documentStatus(t.app, sent.documentId), 30);
  const history = await historyEvents(t.app, sent.documentId);
  assert.equal(history.filter((e) => e.event === 'document_fields_complete').length, 1);
  assert.equal(history.filter((e) => e.event === 'final_pdf_created').length, 1);
  assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'document.finalPdfCreated').length, 1);
  // The same recipient twice at once: one wins, the other is refused.
  const sent2 = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { signers_in_order: false });
  const token = await signerToken(t, sent2.recipients[0].id);
  const twice = await Promise.all([1, 2].map(() => signerCall(t.app, token, sent2.recipients[0].id, 'complete', { values: valuesFor(sent2, 1) })));
  assert.deepEqual(twice.map((r) => r.statusCode).sort(), [200, 409]);
});
