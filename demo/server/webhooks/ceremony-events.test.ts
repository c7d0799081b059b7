/**
 * The signing operations' events, delivered over HTTP to a real receiver: visiting, completed,
 * finalPdfCreated, rejected; "once" events exactly once under concurrent completions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { eventually, startReceiver } from '../../../test/support/server/webhooks.ts';
import { assertSpecPayloads } from '../../../test/support/server/webhooks-spec-payload.ts';
import type { Receiver } from '../../../test/support/server/webhooks.ts';

const SECRET = 'ceremony-events-secret';

async function withReceiver(run: (t: TestApp, receiver: Receiver) => Promise<void>) {
  const t = await createTestApp({
    rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 },
  });
  const certificate = (await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/')).body;
  const receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  try {
    const sub = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, hmac_secret: SECRET });
    assert.equal(sub.statusCode, 201, sub.body);
    await run(t, receiver);
    // Every real delivery in these tests carries exactly the fields the specification lists.
    assert.ok(assertSpecPayloads(receiver.received) > 0);
  } finally {
    await receiver.close();
    await t.close();
  }
}

const named = (receiver: Receiver, documentId: string) =>
  receiver.received
    .filter((r) => ((r.json.data as { document?: string; uuid: string }).document ?? (r.json.data as { uuid: string }).uuid) === documentId)
    .map((r) => `${r.json.object}.${r.json.event}`);

test('a document signed by two recipients produces created, visiting, completed ×2 and finalPdfCreated, all signed', async () => {
  await withReceiver(async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })]);
    const [ann, bob] = sent.recipients;
    const annToken = await signerToken(t, ann.id);
    assert.equal((await signerCall(t.app, annToken, ann.id, 'visit')).statusCode, 200);
    assert.equal((await signerCall(t.app, annToken, ann.id, 'visit')).statusCode, 200);
    assert.equal((await signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
    const bobToken = await signerToken(t, bob.id);
    assert.equal((await signerCall(t.app, bobToken, bob.id, 'complete', { values: valuesFor(sent, 2) })).statusCode, 200);
    await receiver.waitFor(() => named(receiver, sent.documentId).includes('document.finalPdfCreated'), 20_000);
    const events = named(receiver, sent.documentId);
    assert.deepEqual([...events].sort(), [
      'document.created',
      'document.finalPdfCreated',
      'recipient.completed',
      'recipient.completed',
      'recipient.visiting',
      'recipient.visiting',
    ]);
    assert.ok(receiver.received.every((r) => r.signatureValid && r.hmacValid));
    const final = receiver.received.find((r) => r.json.event === 'finalPdfCreated')!;
    const data = final.json.data as { status: number; statusText: string; recipients: Array<{ status: number }> };
    assert.deepEqual([data.status, data.statusText], [30, 'completed']);
    assert.deepEqual(
      data.recipients.map((r) => r.status),
      [40, 40],
    );
    // The common use: download the final PDF with data.uuid.
    const pdf = await call(t.app, t.key, 'GET', `/api/v1/pdf/${(final.json.data as { uuid: string }).uuid}/`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['x-esign-pdf'], 'final');
  });
});

test('a rejection produces recipient.rejected with the reason and document.rejected', async () => {
  await withReceiver(async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })]);
    const [ann] = sent.recipients;
    const token = await signerToken(t, ann.id);
    assert.equal((await signerCall(t.app, token, ann.id, 'reject', { reason: 'Wrong address' })).statusCode, 200);
    await receiver.waitFor(() => named(receiver, sent.documentId).includes('document.rejected'));
    await eventually(() => named(receiver, sent.documentId).length >= 3, 5000, 'three events');
    const rejected = receiver.received.find((r) => r.json.object === 'recipient' && r.json.event === 'rejected')!;
    assert.equal((rejected.json.data as { rejectReason: string }).rejectReason, 'Wrong address');
    assert.equal((rejected.json.data as { status: number }).status, 60);
    const doc = receiver.received.find((r) => r.json.object === 'document' && r.json.event === 'rejected')!;
    assert.equal((doc.json.data as { status: number }).status, 50);
  });
});

test('concurrent completions: "once" events arrive exactly once', async () => {
  await withReceiver(async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { signers_in_order: false });
    const [ann, bob] = sent.recipients;
    const [annToken, bobToken] = await Promise.all([signerToken(t, ann.id), signerToken(t, bob.id)]);
    const results = await Promise.all([
      ...[1, 2, 3].map(() => signerCall(t.app, annToken, ann.id, 'complete', { values: valuesFor(sent, 1) })),
      ...[1, 2, 3].map(() => signerCall(t.app, bobToken, bob.id, 'complete', { values: valuesFor(sent, 2) })),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 409, 409, 409, 409]);
    await receiver.waitFor(() => named(receiver, sent.documentId).includes('document.finalPdfCreated'), 20_000);
    // Anything late would have been written to the outbox already: count there and at the receiver.
    const names = (await t.app.store.webhooks.eventsOf(sent.documentId)).map((e) => `${e.object}.${e.event}`);
    assert.deepEqual(
      [...new Set(names)].sort().map((name) => ({ name, n: names.filter((n) => n === name).length })),
      [
        { name: 'document.created', n: 1 },
        { name: 'document.finalPdfCreated', n: 1 },
        { name: 'recipient.completed', n: 2 },
      ],
    );
    await eventually(() => named(receiver, sent.documentId).length === 4, 5000, 'four deliveries');
    const completed = receiver.received
      .filter((r) => r.json.event === 'completed')
      .map((r) => (r.json.data as { uuid: string }).uuid)
      .sort();
    assert.deepEqual(completed, [ann.id, bob.id].sort());
  });
});

test('an email handed to a recipient produces recipient.emailNotification (may repeat)', async () => {
  await withReceiver(async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { do_email: true });
    const [ann, bob] = sent.recipients;
    await receiver.waitFor(() => receiver.received.some((r) => r.json.event === 'emailNotification'), 10_000);
    const first = receiver.received.filter((r) => r.json.event === 'emailNotification').map((r) => (r.json.data as { uuid: string }).uuid);
    assert.deepEqual(first, [ann.id], 'the first signer is invited; the second waits its turn');
    const token = await signerToken(t, ann.id);
    assert.equal((await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
    await receiver.waitFor(
      () => receiver.received.some((r) => r.json.event === 'emailNotification' && (r.json.data as { uuid: string }).uuid === bob.id),
      10_000,
    );
    const invitation = receiver.received.find((r) => r.json.event === 'emailNotification' && (r.json.data as { uuid: string }).uuid === bob.id)!;
    assert.equal((invitation.json.data as { document: string }).document, sent.documentId);
    assert.ok(invitation.signatureValid && invitation.hmacValid);
  });
});

test('the tracking image in the invitation reports recipient.emailOpened once; forged URLs do nothing', async () => {
  await withReceiver(async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true });
    const [ann] = sent.recipients;
    await receiver.waitFor(() => receiver.received.some((r) => r.json.event === 'emailNotification'), 10_000);
    const email = (await t.app.store.history.emails({ documentId: sent.documentId })).find((e) => e.recipientId === ann.id && e.kind === 'invitation')!;
    const src = email.html.match(/<img src="([^"]+)"/)![1].replace(/&#38;/g, '&');
    const path = new URL(src).pathname;
    assert.match(path, new RegExp(`^/api/v1/email-open/${ann.id}/[\\w-]+/$`));
    const forged = await call(t.app, undefined, 'GET', `/api/v1/email-open/${ann.id}/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/`);
    assert.equal(forged.statusCode, 200);
    assert.equal(forged.headers['content-type'], 'image/gif');
    assert.equal((await t.app.store.documents.recipient(ann.id))!.status, 10, 'a forged URL records nothing');
    for (let i = 0; i < 3; i++) {
      const image = await call(t.app, undefined, 'GET', path, undefined, { 'user-agent': 'MailClient/1.0' });
      assert.equal(image.statusCode, 200);
      assert.equal(image.rawPayload.subarray(0, 6).toString('latin1'), 'GIF89a');
    }
    assert.equal((await t.app.store.documents.recipient(ann.id))!.status, 15);
    await receiver.waitFor(() => receiver.received.some((r) => r.json.event === 'emailOpened'));
    const opened = receiver.received.filter((r) => r.json.event === 'emailOpened');
    assert.equal(opened.length, 1, 'once per recipient');
    assert.deepEqual([(opened[0].json.data as { status: number }).status, (opened[0].json.data as { statusText: string }).statusText], [15, 'email opened']);
    const token = await signerToken(t, ann.id);
    assert.equal((await signerCall(t.app, token, ann.id, 'visit')).statusCode, 200);
    assert.equal((await call(t.app, undefined, 'GET', path)).statusCode, 200, 'opening again after visiting is fine');
    assert.equal((await t.app.store.documents.recipient(ann.id))!.status, 20, 'and does not move the status back');
  });
});
