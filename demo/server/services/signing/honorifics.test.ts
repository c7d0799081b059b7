/**
 * The send's `honorifics` flag, by its effect: with it a recipient's title appears wherever their
 * name is shown (email greetings, names in emails, the final PDF's history page); without it the
 * title is kept but never shown. Titles are checked against the code-92 list.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field, person, sendBody, addTemplate } from '../../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';
import { placedText } from '../../../../test/support/server/pdf.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

/** Sends to Dr Ann (with a reviewer) and Ms Bea in parallel, both sign; answers the emails and the history page's text. */
async function signedWithTitles(honorifics: boolean) {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], {
    do_email: true,
    append_history: true,
    honorifics,
    signers_in_order: false,
    signers: [person('Ann', { honorific: 'dr.', reviewers: [{ email: 'rev@example.com' }] }), person('Bea', { honorific: 'MS' })],
  });
  const [ann, bea] = sent.recipients;
  assert.equal((await signerCall(t.app, await signerToken(t, ann.id), ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
  const last = await signerCall(t.app, await signerToken(t, bea.id), bea.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(last.json().document_status, 30, last.body);
  const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${sent.documentId}/`);
  const text = (await placedText(new Uint8Array(pdf.rawPayload))).map((p) => p.str).join(' ');
  const emails = await t.app.store.history.emails({ documentId: sent.documentId });
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/`)).json();
  return { emails, text, detail };
}

test('honorifics on: greetings use the title and last name; the history page and reviewer emails name "Dr Ann Tester"', async () => {
  const { emails, text, detail } = await signedWithTitles(true);
  const invitation = emails.find((e) => e.kind === 'invitation' && e.to === 'ann@example.com')!;
  assert.match(invitation.text, /^Hello Dr Tester,/);
  assert.match(invitation.html, /<p>Hello Dr Tester,<\/p>/);
  assert.match(emails.find((e) => e.kind === 'completed' && e.to === 'bea@example.com')!.text, /^Hello Ms Tester,/);
  assert.match(emails.find((e) => e.kind === 'review_request')!.text, /sent to Dr Ann Tester to sign/);
  assert.match(text, /Dr Ann Tester <ann@example\.com>/, "the history page's recipient line");
  assert.match(text, /Ms Bea Tester/);
  assert.deepEqual(
    detail.signer_objects.map((s: { honorific: string }) => s.honorific),
    ['Dr', 'Ms'],
    "normalised to the list's spelling",
  );
  assert.equal(detail.honorifics, true);
});

test('honorifics off: the same titles are kept but shown nowhere', async () => {
  const { emails, text, detail } = await signedWithTitles(false);
  const invitation = emails.find((e) => e.kind === 'invitation' && e.to === 'ann@example.com')!;
  assert.match(invitation.text, /^Hello Ann,/);
  assert.ok(
    emails.every((e) => !/\b(Dr|Ms) /.test(e.text)),
    'no title in any email',
  );
  assert.match(emails.find((e) => e.kind === 'review_request')!.text, /sent to Ann Tester to sign/);
  assert.match(text, /Ann Tester <ann@example\.com>/);
  assert.doesNotMatch(text, /\bDr Ann\b|\bMs Bea\b/);
  assert.deepEqual(
    detail.signer_objects.map((s: { honorific: string }) => s.honorific),
    ['Dr', 'Ms'],
    'kept on the record',
  );
});

test('an honorific outside the code-92 list is a 400 at its path; list values pass in any case with or without a dot', async () => {
  const template = await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, fields: [field({ signer: 1 }), field({ signer: 2, page: 2 })] });
  const bad = await call(
    t.app,
    t.key,
    'POST',
    '/api/v1/document/',
    sendBody(t.groupId, template.id, {
      honorifics: true,
      signers: [person('Ann', { honorific: 'Prof.' }), person('Bob', { honorific: 'Grand Vizier' })],
    }),
  );
  assert.equal(bad.statusCode, 400);
  const problems = errorOf(bad).fields!;
  assert.deepEqual(
    problems.map((f) => f.field),
    ['signers[1].honorific'],
  );
  assert.match(problems[0].message, /must be one of Mr, Mrs, .*Capt \(got "Grand Vizier"\)/);
  const wrongType = await call(
    t.app,
    t.key,
    'POST',
    '/api/v1/document/',
    sendBody(t.groupId, template.id, { signers: [person('Ann', { honorific: 7 }), person('Bob')] }),
  );
  assert.equal(wrongType.statusCode, 400);
  assert.deepEqual(
    errorOf(wrongType).fields!.map((f) => f.field),
    ['signers[0].honorific'],
  );
});
