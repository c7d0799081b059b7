/**
 * Evidence records only what a person did: the history, the recipient statuses and the webhooks say
 * "downloaded", "opened" or "reminded automatically" only when that happened, never when a page
 * prepares a link, a viewer shows the PDF, a scanner checks a URL or a browser prefetches it.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field, person } from '../../../../test/support/server/documents.ts';
import { historyEvents, recipientStatuses, sendDocument, signerCall, signerToken, valuesFor, webhookEvents } from '../../../../test/support/server/signing.ts';
import { signingServiceOf } from './service.ts';
import { queueDueReminders } from '../../email/reminders.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

const recorded = async (documentId: string, event: string) => (await historyEvents(t.app, documentId)).filter((e) => e.event === event);

test('the final PDF: reading it to show it or to prepare a link records nothing; a person downloading it does', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: false, signers: [person('Ann')] });
  const [ann] = sent.recipients;
  const token = await signerToken(t, ann.id);
  assert.equal((await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
  const url = `/api/v1/pdf/${sent.documentId}/`;

  // What the signing page does by itself after the last signature, and a viewer's range reads.
  const read = await call(t.app, token, 'GET', url);
  assert.equal(read.statusCode, 200);
  assert.equal(read.headers['x-esign-pdf'], 'final');
  await call(t.app, token, 'GET', url, undefined, { range: 'bytes=0-1023' });
  // Machines ahead of a person: a HEAD, a browser prefetch, a mail client's preview.
  assert.equal((await call(t.app, token, 'HEAD', `${url}?force_download=1`)).statusCode, 200);
  assert.equal((await call(t.app, token, 'GET', `${url}?force_download=1`, undefined, { 'sec-purpose': 'prefetch' })).statusCode, 200);
  assert.equal((await call(t.app, token, 'GET', `${url}?force_download=1`, undefined, { 'x-purpose': 'preview' })).statusCode, 200);
  // The sender downloading is not the recipient downloading.
  assert.equal((await call(t.app, t.key, 'GET', `${url}?force_download=1`)).statusCode, 200);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [40], 'no download was recorded');
  assert.deepEqual(await recorded(sent.documentId, 'recipient_downloaded_final'), []);

  // The person clicks the download link.
  const download = await call(t.app, token, 'GET', `${url}?force_download=1`, undefined, { 'user-agent': 'person/1.0' });
  assert.equal(download.statusCode, 200);
  assert.match(String(download.headers['content-disposition']), /^attachment;/);
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [50]);
  assert.deepEqual(await recorded(sent.documentId, 'recipient_downloaded_final'), [
    { event: 'recipient_downloaded_final', ip: '127.0.0.1', user_agent: 'person/1.0', recipient_id: ann.id },
  ]);
});

test('before the final PDF exists a signer asking for a download gets the source and nothing is recorded', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { do_email: false });
  const [ann] = sent.recipients;
  const token = await signerToken(t, ann.id);
  assert.equal((await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
  const res = await call(t.app, token, 'GET', `/api/v1/pdf/${sent.documentId}/?force_download=1`);
  assert.equal(res.headers['x-esign-pdf'], 'source');
  assert.deepEqual(await recorded(sent.documentId, 'recipient_downloaded_final'), []);
  assert.equal((await recipientStatuses(t.app, sent.documentId))[0], 40);
});

test('the tracking image: a HEAD or a prefetch is no one opening the email; a mail client loading it is', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true, signers: [person('Ann')] });
  const email = (await t.app.store.history.emails({ documentId: sent.documentId })).find((e) => e.kind === 'invitation')!;
  const path = new URL(/<img src="([^"]+)"/.exec(email.html)![1]).pathname;
  assert.equal((await call(t.app, undefined, 'HEAD', path)).statusCode, 200);
  const ahead: Record<string, string>[] = [
    { purpose: 'prefetch' },
    { 'sec-purpose': 'prefetch;prerender' },
    { 'x-moz': 'prefetch' },
    { 'x-purpose': 'preview' },
  ];
  for (const headers of ahead) {
    const res = await call(t.app, undefined, 'GET', path, undefined, headers);
    assert.equal(res.headers['content-type'], 'image/gif', 'the same image for everyone');
  }
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [10]);
  assert.deepEqual(await recorded(sent.documentId, 'recipient_email_opened'), []);
  assert.ok(!(await webhookEvents(t.app, sent.documentId)).includes('recipient.emailOpened'));

  await call(t.app, undefined, 'GET', path, undefined, { 'user-agent': 'MailClient/1.0' });
  assert.deepEqual(await recipientStatuses(t.app, sent.documentId), [15]);
  assert.equal((await recorded(sent.documentId, 'recipient_email_opened')).length, 1);
  assert.ok((await webhookEvents(t.app, sent.documentId)).includes('recipient.emailOpened'));
});

test('the sender reading the outbox gets the email without its tracking image: their reading is no open', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true, signers: [person('Ann')] });
  const stored = (await t.app.store.history.emails({ documentId: sent.documentId })).find((e) => e.kind === 'invitation')!;
  assert.match(stored.html, /\/api\/v1\/email-open\//, 'the recipient gets it');
  const outbox = await call(t.app, t.key, 'GET', `/api/v1/outbox/?document=${sent.documentId}`);
  const html = (outbox.json().objects as { kind: string; html: string }[]).find((e) => e.kind === 'invitation')!.html;
  assert.doesNotMatch(html, /email-open/);
  assert.match(html, /sign\.html\?signer=/, 'the rest of the email is there');
});

test('reading the signing view is no visit; the page reporting one is', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: false, signers: [person('Ann')] });
  const [ann] = sent.recipients;
  const token = await signerToken(t, ann.id);
  assert.equal((await signerCall(t.app, token, ann.id, 'signing')).statusCode, 200);
  assert.equal((await call(t.app, token, 'HEAD', `/api/v1/signer/${ann.id}/signing/`)).statusCode, 200);
  assert.deepEqual(await recorded(sent.documentId, 'recipient_visited'), []);
  assert.equal((await signerCall(t.app, token, ann.id, 'visit')).statusCode, 200);
  assert.equal((await recorded(sent.documentId, 'recipient_visited')).length, 1);
});

test('a reminder the sender asked for is reported as a notification, and is no step of the automatic schedule', async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true, signers: [person('Ann')] });
  const [ann] = sent.recipients;
  assert.equal((await call(t.app, t.key, 'POST', `/api/v1/signer/${ann.id}/send-reminder/`, { text: 'Please sign.' })).statusCode, 200);
  await signingServiceOf(t.app.store)!.email.flush();
  const recipientEvents = (await webhookEvents(t.app, sent.documentId)).filter((e) => e.startsWith('recipient.email') || e === 'recipient.autoReminderEmail');
  assert.deepEqual(recipientEvents, ['recipient.emailNotification', 'recipient.emailNotification'], 'the invitation, then the asked-for reminder');

  const invited = Date.parse((await t.app.store.history.emails({ documentId: sent.documentId })).find((e) => e.kind === 'invitation')!.created);
  const ctx = { dataDir: t.dataDir, baseUrl: 'http://127.0.0.1:9' };
  await queueDueReminders(t.app.store, ctx, [60_000], invited + 60_000);
  const automatic = (await t.app.store.history.emails({ documentId: sent.documentId })).filter((e) => e.kind === 'reminder');
  assert.equal(automatic.length, 1, 'the first automatic reminder still goes out');
  await signingServiceOf(t.app.store)!.email.flush();
  assert.equal((await webhookEvents(t.app, sent.documentId)).filter((e) => e === 'recipient.autoReminderEmail').length, 1);
});
