/**
 * One-time codes by email (issue 29): the send flag `email_verification` and the group default ask a
 * signer without a number for a code sent by the mail transport; `verified_by_sender` skips the step and
 * is recorded; the signing view carries the step's state; the sealed PDF's history page shows every send
 * and the method, masked (read back with pdftotext), in the document's language.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createTestApp, call, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { addTemplate, field, person } from '../../../../test/support/server/documents.ts';
import { gqlInject } from '../../../../test/support/server/graphql.ts';
import { decodeId, encodeId } from '../../graphql/ids.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

async function codeFromMail(documentId: string): Promise<string> {
  const box = (await call(t.app, t.key, 'GET', `/api/v1/outbox/?document=${documentId}`)).json();
  const mail = box.objects.find((m: { subject: string }) => m.subject.startsWith('Your code to sign'));
  assert.ok(mail, 'the code went out by email');
  return /(\d{6})/.exec(mail.text)![1]!;
}

test('email_verification: a code by email before signing; the history page shows the sends and the method, masked', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann')], email_verification: true, append_history: true });
  const ann = sent.recipients[0]!;
  const token = await signerToken(t, ann.id);
  const view = (await signerCall(t.app, token, ann.id, 'signing')).json();
  assert.deepEqual(view.verification, {
    required: 'email',
    verified: false,
    verified_at: null,
    method: null,
    destination: 'a••@example.com',
    code: null,
    resend_in: 0,
  });
  const refused = await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.equal(errorOf(refused).code, 'verification_required');
  const post = (op: string, body: unknown = {}) => call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/${op}/`, body);
  const send = await post('send');
  assert.equal(send.statusCode, 200, send.body);
  assert.equal(send.json().channel, 'email');
  const code = await codeFromMail(sent.documentId);
  const waiting = (await signerCall(t.app, token, ann.id, 'signing')).json().verification;
  assert.equal(waiting.code.tries_left, 5);
  assert.ok(waiting.resend_in > 0 && waiting.resend_in <= 30, 'the countdown the element shows');
  assert.equal((await post('check', { code: code === '000000' ? '111111' : '000000' })).statusCode, 422);
  assert.equal((await signerCall(t.app, token, ann.id, 'signing')).json().verification.code.tries_left, 4);
  const ok = await post('check', { code });
  assert.equal(ok.json().method, 'email');
  const done = await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.equal(done.json().document_status, 30, done.body);

  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/pdf/${sent.documentId}/`, headers: { authorization: `Bearer ${t.key}` } });
  assert.equal(pdf.headers['x-esign-pdf'], 'final');
  const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
  assert.match(text, /One-time code sent by email to a••@example\.com/);
  assert.match(text, /Entered a wrong one-time code \(email, a••@example\.com\)/);
  assert.match(text, /Verified by email code sent to a••@example\.com/);
  assert.ok(!text.includes(code), 'never the code');
});

test("a German document: the code email and the history page's verification lines are in German", async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], {
    signers: [person('Ann')],
    email_verification: true,
    append_history: true,
    language: 'de',
    name: 'Mietvertrag',
  });
  const ann = sent.recipients[0]!;
  const token = await signerToken(t, ann.id);
  const post = (op: string, body: unknown = {}) => call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/${op}/`, body);
  assert.equal((await post('send')).statusCode, 200);
  const box = (await call(t.app, t.key, 'GET', `/api/v1/outbox/?document=${sent.documentId}`)).json();
  const mail = box.objects.find((m: { subject: string }) => m.subject === 'Ihr Code zum Unterschreiben von „Mietvertrag“');
  assert.ok(mail, `the German subject (${box.objects.map((m: { subject: string }) => m.subject).join(' | ')})`);
  assert.match(mail.text, /^\d{6} ist Ihr Code zum Unterschreiben von „Mietvertrag“\. .*Geben Sie ihn nicht weiter\.\n$/);
  const code = /(\d{6})/.exec(mail.text)![1]!;
  assert.equal((await post('check', { code: code === '000000' ? '111111' : '000000' })).statusCode, 422);
  assert.equal((await post('check', { code })).statusCode, 200);
  assert.equal((await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) })).json().document_status, 30);
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/pdf/${sent.documentId}/`, headers: { authorization: `Bearer ${t.key}` } });
  const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
  assert.match(text, /Einmalcode per E-Mail an a••@example\.com gesendet/);
  assert.match(text, /Falschen Einmalcode eingegeben \(E-Mail, a••@example\.com\)/);
  assert.match(text, /Verifiziert mit einem Code per E-Mail an a••@example\.com/);
  assert.ok(!/One-time|Verified by/.test(text), 'no English verification line');
});

test('the group default asks for email codes; a number wins (sms); verified_by_sender skips the step and says so', async () => {
  const patch = await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { email_verification: true });
  assert.equal(patch.statusCode, 202, patch.body);
  assert.equal(patch.json().email_verification, true);
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`)).json().email_verification, true);
  try {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2 }), field({ signer: 3 })], {
      signers: [person('Ann'), person('Bob', { sms: '+44 7700 900123' }), person('Cy', { verified_by_sender: true })],
      signers_in_order: false,
    });
    const [ann, bob, cy] = sent.recipients;
    const state = async (id: string) => (await call(t.app, t.key, 'GET', `/api/v1/signer/${id}/verification/`)).json();
    assert.equal((await state(ann!.id)).required, 'email');
    assert.equal((await state(bob!.id)).required, 'sms');
    const vouched = await state(cy!.id);
    assert.equal(vouched.verified, true);
    assert.equal(vouched.method, 'sender');
    const token = await signerToken(t, cy!.id);
    const done = await signerCall(t.app, token, cy!.id, 'complete', { values: valuesFor(sent, 3) });
    assert.equal(done.statusCode, 200, done.body);
    const events = await t.app.store.history.events(sent.documentId);
    assert.ok(events.some((e) => e.event === 'recipient_verified' && e.recipientId === cy!.id && e.details.method === 'sender'));
    // The flag at send overrides the group default.
    const off = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Dee')], email_verification: false });
    assert.equal((await state(off.recipients[0]!.id)).required, null);
  } finally {
    await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { email_verification: false });
  }
  const bad = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Eve')], email_verification: 'maybe' }).catch((e: Error) => e.message);
  assert.match(String(bad), /400.*email_verification/);
});

test('GraphQL: phoneNumber, emailVerification and verifiedBySender in the send input; the sender reads authentication and verification', async () => {
  const template = await addTemplate(t.app, {
    groupId: t.groupId,
    userId: t.adminId,
    fields: [field({ signer: 1 }), field({ signer: 2 }), field({ signer: 3 })],
  });
  const sent = await gqlInject(t.app, t.key, 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', {
    input: {
      groupId: encodeId('grp', t.groupId),
      templateId: encodeId('tpl', template.id),
      title: 'Codes over GraphQL',
      emailVerification: true,
      sequentialSigning: false,
      recipients: [
        { firstName: 'Ann', lastName: 'T', email: 'ann@example.com', order: 0, phoneNumber: '+44 7700 900123' },
        { firstName: 'Bob', lastName: 'T', email: 'bob@example.com', order: 1 },
        { firstName: 'Cy', lastName: 'T', email: 'cy@example.com', order: 2, verifiedBySender: true },
      ],
    },
  });
  assert.equal(sent.errors, undefined, JSON.stringify(sent));
  const documentId = decodeId('tsk', sent.data!.send)!;
  const read = await gqlInject(
    t.app,
    t.key,
    'query ($id: ID) { document(id: $id) { recipients { email phoneNumber authentication verification { required verified verifiedAt method destination } } } }',
    { id: encodeId('doc', documentId) },
  );
  assert.equal(read.errors, undefined, JSON.stringify(read));
  const [ann, bob, cy] = read.data!.document.recipients;
  assert.deepEqual(ann, {
    email: 'ann@example.com',
    phoneNumber: '+44 7700 900123',
    authentication: 'EMAIL_SMS',
    verification: { required: 'sms', verified: false, verifiedAt: null, method: null, destination: '+44 7••• ••• 123' },
  });
  assert.equal(bob.authentication, 'EMAIL');
  assert.equal(bob.verification.destination, 'b••@example.com');
  assert.equal(cy.verification.verified, true);
  assert.equal(cy.verification.method, 'sender');
  assert.ok(Date.parse(cy.verification.verifiedAt) > 0);
});

test('an embedded signer (a component token the sender minted) meets the same code unless the send said verified_by_sender', async () => {
  assert.equal((await call(t.app, t.key, 'PATCH', `/api/v1/group/${t.groupId}/`, { components_enabled: true })).statusCode, 202);
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2 })], {
    signers: [person('Ann', { sms: '+44 7700 900123' }), person('Bob', { sms: '+44 7700 900456', verified_by_sender: true })],
    signers_in_order: false,
  });
  const [ann, bob] = sent.recipients;
  const tokenOf = async (id: string) => {
    const minted = await call(t.app, t.key, 'GET', `/api/v1/signer/${id}/component-token/`);
    assert.equal(minted.statusCode, 200, minted.body);
    return minted.json().token as string;
  };
  const refused = await signerCall(t.app, await tokenOf(ann!.id), ann!.id, 'save', { values: valuesFor(sent, 1) });
  assert.equal(refused.statusCode, 403, refused.body);
  assert.equal(errorOf(refused).code, 'verification_required');
  const vouched = await signerCall(t.app, await tokenOf(bob!.id), bob!.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(vouched.statusCode, 200, vouched.body);
});
