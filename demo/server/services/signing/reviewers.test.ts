/**
 * Reviewers, through the API: who is emailed when (the signing sequence decides), what the review
 * link opens (the document, read-only, the final PDF once complete) and what it can never do.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, call, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field } from '../../../../test/support/server/documents.ts';
import { signingServiceOf } from './service.ts';
import { person, recipientStatuses, sendDocument, signerCall, signerToken, valuesFor, webhookEvents } from '../../../../test/support/server/signing.ts';
import type { Sent } from '../../../../test/support/server/signing.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

const emails = (documentId: string) => t.app.store.history.emails({ documentId });
/** [kind, to] of every email so far, in order. */
const mailLog = async (documentId: string) => (await emails(documentId)).map((e) => `${e.kind} → ${e.to}`);

/** The review link (signer id and link token) in the last email of `kind` to `to`. */
async function reviewLinkIn(documentId: string, to: string, kind = 'review_request'): Promise<{ signer: string; link: string }> {
  const email = (await emails(documentId)).filter((e) => e.to === to && e.kind === kind).at(-1);
  assert.ok(email, `an email ${kind} to ${to}`);
  const match = /\/demo\/review\.html\?signer=([0-9a-f-]{36})#link=(\S+)/.exec(email.text);
  assert.ok(match, `a review link in: ${email.text}`);
  return { signer: match[1], link: decodeURIComponent(match[2]) };
}

async function reviewToken(documentId: string, to: string, kind?: string): Promise<{ token: string; signer: string }> {
  const { signer, link } = await reviewLinkIn(documentId, to, kind);
  const res = await call(t.app, undefined, 'POST', `/api/v1/signer/${signer}/review-session/`, { link }, { 'user-agent': 'reviewer-test/1.0' });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().scope, 'document:pdf document:fields:read');
  return { token: res.json().token, signer };
}

async function twoSignersWithReviewers(): Promise<Sent> {
  return sendDocument(
    t,
    [field({ signer: 1, label: 'Ann note', element_type: 'text', ay: 0.2, by: 0.25 }), field({ signer: 1 }), field({ signer: 2, page: 2 })],
    {
      do_email: true,
      signers: [
        person('Ann', { reviewers: [{ email: 'lawyer@example.com', firstname: 'Lee', include_link: true }] }),
        person('Bob', { reviewers: [{ email: 'bobs-lawyer@example.com', include_link: 'true' }] }),
      ],
      reviewers: [{ email: 'boss@example.com', firstname: 'Bo' }],
    },
  );
}

test('a reviewer is emailed when their signer is invited (not before), when that signer signs, and when the document completes', async () => {
  const sent = await twoSignersWithReviewers();
  const [ann, bob] = sent.recipients;
  assert.deepEqual(
    await mailLog(sent.documentId),
    ['invitation → ann@example.com', 'review_request → lawyer@example.com', 'review_request → boss@example.com'],
    'Bob is not invited yet, so neither is his reviewer',
  );
  const forReview = (await emails(sent.documentId)).find((e) => e.to === 'lawyer@example.com')!;
  assert.match(forReview.subject, /^For review: /);
  assert.match(forReview.text, /^Hello Lee,/);
  assert.match(forReview.text, /sent to Ann Tester to sign/);
  assert.doesNotMatch(forReview.text, /sign\.html/, 'never a signing link');
  const boss = (await emails(sent.documentId)).find((e) => e.to === 'boss@example.com')!;
  assert.doesNotMatch(boss.text, /https?:\/\//, 'include_link false: a notice without a link');

  const annToken = await signerToken(t, ann.id);
  const annDone = await signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1, { 'Ann note': 'ok' }) });
  assert.equal(annDone.statusCode, 200, annDone.body);
  assert.deepEqual((await mailLog(sent.documentId)).slice(3), [
    'invitation → bob@example.com',
    'review_request → bobs-lawyer@example.com',
    'review_signed → lawyer@example.com',
  ]);
  assert.match((await emails(sent.documentId)).at(-1)!.text, /Ann Tester has signed/);

  const bobDone = await signerCall(t.app, await signerToken(t, bob.id), bob.id, 'complete', { values: valuesFor(sent, 2) });
  assert.equal(bobDone.json().document_status, 30, bobDone.body);
  const completed = (await emails(sent.documentId)).filter((e) => e.kind === 'review_completed');
  assert.deepEqual(
    completed.map((e) => e.to),
    ['boss@example.com', 'lawyer@example.com', 'bobs-lawyer@example.com'],
  );
  assert.ok(!(await mailLog(sent.documentId)).includes('review_signed → bobs-lawyer@example.com'), 'the completion notice says it all');
  assert.match(completed[1].text, /Open the final signed PDF:\n.*\/demo\/review\.html\?signer=/);

  // The history records each reviewer email with the recipient it concerns.
  const audit = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/auditlog/`, undefined, { accept: 'application/json' })).json()
    .objects as { event: string; recipient: string | null; details: Record<string, unknown> }[];
  const queued = audit.filter((e) => e.event === 'reviewer_email_queued');
  assert.equal(queued.length, 7, '3 for review, 1 signed, 3 completed');
  assert.ok(queued.some((e) => e.details.reviewer === 'bobs-lawyer@example.com' && e.details.kind === 'review_request' && e.recipient?.includes(bob.id)));

  // Delivered like every email (local outbox here); reviewers are not recipients: no recipient webhooks for them.
  await signingServiceOf(t.app.store)!.email.flush();
  assert.ok((await emails(sent.documentId)).every((e) => e.sentAt !== null));
  const outbox = fs.readdirSync(path.join(t.app.config.dataDir, 'outbox')).map((f) => fs.readFileSync(path.join(t.app.config.dataDir, 'outbox', f), 'utf8'));
  assert.ok(outbox.some((eml) => eml.includes('To: bobs-lawyer@example.com') && eml.includes('Subject: For review:')));
  const recipientEmails = (await emails(sent.documentId)).filter((e) => e.recipientId !== null).length;
  assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'recipient.emailNotification').length, recipientEmails);
});

test('the review link opens the document read-only: PDF and fields yes; save, complete, reject and the signing view no', async () => {
  const sent = await twoSignersWithReviewers();
  const [ann] = sent.recipients;
  const annToken = await signerToken(t, ann.id);
  const saved = await signerCall(t.app, annToken, ann.id, 'save', { values: { [sent.fields[0].uuid!]: 'draft only' } });
  assert.equal(saved.statusCode, 200, saved.body);
  const before = await recipientStatuses(t.app, sent.documentId);
  const { token, signer } = await reviewToken(sent.documentId, 'lawyer@example.com');
  assert.equal(signer, ann.id);

  const pdf = await call(t.app, token, 'GET', `/api/v1/pdf/${sent.documentId}/`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['x-esign-pdf'], 'source');
  assert.equal(Buffer.from(pdf.rawPayload).subarray(0, 5).toString(), '%PDF-');
  const fields = await call(t.app, token, 'GET', `/api/v1/document/${sent.documentId}/fields/`);
  assert.equal(fields.statusCode, 200);
  assert.equal(fields.json()[0].value, '', "Ann's unfinished draft is hers alone");

  for (const op of ['save', 'complete', 'reject'] as const) {
    const res = await signerCall(t.app, token, ann.id, op, op === 'reject' ? { reason: 'no' } : { values: valuesFor(sent, 1, { 'Ann note': 'x' }) });
    assert.equal(res.statusCode, 403, `${op}: ${res.body}`);
    assert.equal(errorOf(res).code, 'token_scope');
  }
  assert.equal((await signerCall(t.app, token, ann.id, 'signing')).statusCode, 403);
  assert.equal((await call(t.app, token, 'GET', `/api/v1/signer/${ann.id}/`)).statusCode, 403, 'not even the signer resource');
  assert.equal((await call(t.app, token, 'GET', `/api/v1/signer/${ann.id}/sign-link/`)).statusCode, 403);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), before, 'nothing moved');
  assert.equal((await t.app.store.documents.fields(sent.documentId))[0].value, 'draft only', 'nothing saved over the draft');

  // A review link is not a signing link, and the other way round.
  const { link } = await reviewLinkIn(sent.documentId, 'lawyer@example.com');
  const asSign = await call(t.app, undefined, 'POST', `/api/v1/signer/${ann.id}/link-session/`, { link });
  assert.equal(asSign.statusCode, 401);
  const signLink = (await call(t.app, t.key, 'GET', `/api/v1/signer/${ann.id}/sign-link/`)).json().link;
  const asReview = await call(t.app, undefined, 'POST', `/api/v1/signer/${ann.id}/review-session/`, { link: signLink });
  assert.equal(asReview.statusCode, 401);
  const forged = await call(t.app, undefined, 'POST', `/api/v1/signer/${ann.id}/review-session/`, { link: `${link.slice(0, -2)}xx` });
  assert.equal(forged.statusCode, 401);
  assert.equal(errorOf(forged).code, 'invalid_link');
  const otherSigner = await call(t.app, undefined, 'POST', `/api/v1/signer/${sent.recipients[1].id}/review-session/`, { link });
  assert.equal(otherSigner.statusCode, 401);

  const opened = (await call(t.app, t.key, 'GET', `/api/v1/document/${sent.documentId}/auditlog/`, undefined, { accept: 'application/json' }))
    .json()
    .objects.find((e: { event: string }) => e.event === 'reviewer_opened');
  assert.deepEqual(opened.actor, { type: 'reviewer', id: '', name: 'lawyer@example.com' });
  assert.equal(opened.user_agent, 'reviewer-test/1.0');
});

test('after completion the review link opens the final PDF, and reading it does not move the signer to "downloaded"', async () => {
  const sent = await twoSignersWithReviewers();
  const [ann, bob] = sent.recipients;
  await signerCall(t.app, await signerToken(t, ann.id), ann.id, 'complete', { values: valuesFor(sent, 1, { 'Ann note': 'signed text' }) });
  await signerCall(t.app, await signerToken(t, bob.id), bob.id, 'complete', { values: valuesFor(sent, 2) });
  const { token } = await reviewToken(sent.documentId, 'lawyer@example.com', 'review_completed');
  const pdf = await call(t.app, token, 'GET', `/api/v1/pdf/${sent.documentId}/`);
  assert.equal(pdf.headers['x-esign-pdf'], 'final');
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [40, 40], 'a reviewer reading is not the signer downloading (50)');
  const fields = (await call(t.app, token, 'GET', `/api/v1/document/${sent.documentId}/fields/`)).json();
  assert.equal(fields[0].value, 'signed text', 'finished values are visible');
});

test("a rejected document: the engaged reviewers are told; a removed document's review link answers 409", async () => {
  const sent = await twoSignersWithReviewers();
  const [ann] = sent.recipients;
  const rejected = await signerCall(t.app, await signerToken(t, ann.id), ann.id, 'reject', { reason: 'wrong amount' });
  assert.equal(rejected.statusCode, 200, rejected.body);
  const notices = (await emails(sent.documentId)).filter((e) => e.kind === 'review_rejected').map((e) => e.to);
  assert.deepEqual(notices, ['boss@example.com', 'lawyer@example.com'], "Bob's reviewer never heard of it");

  const other = await twoSignersWithReviewers();
  const removed = await call(t.app, t.key, 'DELETE', `/api/v1/document/${other.documentId}/`);
  assert.equal(removed.statusCode, 204);
  const { signer, link } = await reviewLinkIn(other.documentId, 'lawyer@example.com');
  const res = await call(t.app, undefined, 'POST', `/api/v1/signer/${signer}/review-session/`, { link });
  assert.equal(res.statusCode, 409);
  assert.equal(errorOf(res).code, 'document_removed');
});

test("signers in parallel: every signer's reviewers get the review email at send; without do_email nobody is emailed", async () => {
  const parallel = await twoSignersWithReviewers().then(() =>
    sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], {
      do_email: 1,
      signers_in_order: false,
      signers: [person('Ann', { reviewers: [{ email: 'r1@example.com' }] }), person('Bob', { reviewers: [{ email: 'r2@example.com' }] })],
    }),
  );
  assert.deepEqual(
    (await emails(parallel.documentId)).filter((e) => e.kind === 'review_request').map((e) => e.to),
    ['r1@example.com', 'r2@example.com'],
  );
  const quiet = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann', { reviewers: [{ email: 'r1@example.com', include_link: true }] })] });
  assert.deepEqual(await emails(quiet.documentId), []);
});
