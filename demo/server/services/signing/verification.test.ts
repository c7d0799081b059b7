/**
 * One-time codes before signing (issue 29), through the REST routes: a recipient sent with `sms`
 * cannot save or complete until it enters the code read from the SMS outbox; wrong codes lock a
 * code after five tries; an expired code is refused; resending is throttled; the history holds
 * every send and check with the number masked, never the code.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call, errorOf } from '../../../../test/support/server/app.ts';
import type { TestApp } from '../../../../test/support/server/app.ts';
import { field, person } from '../../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../../test/support/server/signing.ts';
import { checkCode, maskPhone, sendCode, CODE_TTL_MS, RESEND_AFTER_MS } from './verification.ts';
import { SmsDelivery, smsSettingsFromEnv } from '../../email/sms-delivery.ts';
import { tokenSecret } from '../../auth/component-tokens.ts';
import { testClockEnabled } from './verification-clock.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
});
after(() => t.close());

const NUMBER = '+44 7700 900123';

async function sentWithSms() {
  const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann', { sms: NUMBER })] });
  const ann = sent.recipients[0]!;
  const token = await signerToken(t, ann.id);
  const post = (op: 'send' | 'check', body: unknown = {}) => call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/${op}/`, body);
  return { sent, ann, token, post };
}

async function codeFromOutbox(documentId: string): Promise<string> {
  const box = (await call(t.app, t.key, 'GET', `/api/v1/sms-outbox/?document=${documentId}`)).json();
  assert.equal(box.mode, 'local');
  return /(\d{6})/.exec(box.objects[0].text)![1]!;
}

test('masking keeps the country code, the first and the last three digits', () => {
  assert.equal(maskPhone('+447700900123'), '+44 7••• ••• 123');
  assert.equal(maskPhone(NUMBER), '+44 7••• ••• 123');
});

test('a signer sent with sms cannot save or complete before the code from the SMS outbox; after it, it can', async () => {
  const { sent, ann, token, post } = await sentWithSms();
  const before = (await call(t.app, t.key, 'GET', `/api/v1/signer/${ann.id}/verification/`)).json();
  assert.deepEqual(before, { required: 'sms', verified: false, verified_at: null, method: null, destination: '+44 7••• ••• 123', code: null, resend_in: 0 });
  for (const op of ['save', 'complete'] as const) {
    const refused = await signerCall(t.app, token, ann.id, op, { values: valuesFor(sent, 1) });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(errorOf(refused).code, 'verification_required');
  }
  const send = await post('send');
  assert.equal(send.statusCode, 200, send.body);
  assert.equal(send.json().to, '+44 7••• ••• 123');
  const code = await codeFromOutbox(sent.documentId);
  const checked = await post('check', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
  assert.equal(checked.statusCode, 200, checked.body);
  assert.equal(checked.json().verified, true);
  assert.equal(checked.json().method, 'sms');
  const detail = (await call(t.app, t.key, 'GET', `/api/v1/signer/${ann.id}/`)).json();
  assert.equal(detail.sms, NUMBER, 'sms round-trips on the signer detail');
  assert.equal(detail.verification.verified, true);
  assert.equal(detail.verification.method, 'sms');
  assert.ok(Date.parse(detail.verification.verified_at) > 0);
  const done = await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) });
  assert.equal(done.statusCode, 200, done.body);
  const events = await t.app.store.history.events(sent.documentId);
  const mine = events.filter((e) => e.event.startsWith('verification_') || e.event === 'recipient_verified');
  assert.deepEqual(
    mine.map((e) => e.event),
    ['verification_code_sent', 'recipient_verified'],
  );
  assert.equal(mine[0]!.details.to, '+44 7••• ••• 123');
  assert.ok(!JSON.stringify(events).includes(code), 'the code is never in the history');
  assert.ok(!JSON.stringify(events).includes('900123'), 'nor the whole number');
});

test("a German document's SMS is in German, the code first (phones offer to fill it in)", async () => {
  const sent = await sendDocument(t, [field({ signer: 1 })], { signers: [person('Ann', { sms: NUMBER })], language: 'de', name: 'Mietvertrag' });
  const ann = sent.recipients[0]!;
  const token = await signerToken(t, ann.id);
  assert.equal((await call(t.app, token, 'POST', `/api/v1/signer/${ann.id}/verification/send/`, {})).statusCode, 200);
  const box = (await call(t.app, t.key, 'GET', `/api/v1/sms-outbox/?document=${sent.documentId}`)).json();
  assert.match(box.objects[0].text, /^\d{6} ist Ihr Code zum Unterschreiben von „Mietvertrag“\. Er ist 10 Minuten gültig\. Geben Sie ihn nicht weiter\.$/);
});

test('five wrong codes lock that code, even the right one is then refused', async () => {
  const { sent, post } = await sentWithSms();
  assert.equal((await post('send')).statusCode, 200);
  const code = await codeFromOutbox(sent.documentId);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 1; i <= 4; i++) {
    const res = await post('check', { code: wrong });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(errorOf(res).code, 'wrong_code');
    assert.match(errorOf(res).message, new RegExp(`${5 - i} tr`));
  }
  const fifth = await post('check', { code: wrong });
  assert.equal(fifth.statusCode, 403);
  assert.equal(errorOf(fifth).code, 'code_locked');
  const right = await post('check', { code });
  assert.equal(right.statusCode, 403);
  assert.equal(errorOf(right).code, 'code_locked');
  assert.equal((await post('check', { code: '12ab' })).statusCode, 400, 'not six digits: a 400');
});

test('an expired code is refused; resending is throttled (30 s apart, 5 an hour)', async () => {
  const { sent, ann, post } = await sentWithSms();
  assert.equal((await post('send')).statusCode, 200);
  const again = await post('send');
  assert.equal(again.statusCode, 429);
  assert.equal(errorOf(again).code, 'code_throttled');
  assert.ok(Number(again.headers['retry-after']) > 0 && Number(again.headers['retry-after']) <= 30);

  const store = t.app.store;
  const deps = { store, sms: new SmsDelivery(t.app.config.dataDir, smsSettingsFromEnv({})), secret: tokenSecret(t.app.config.dataDir) };
  const document = (await store.documents.get(sent.documentId))!;
  const recipient = (await store.documents.recipient(ann.id))!;
  const actor = { type: 'recipient' as const, id: ann.id, label: 'Ann', ip: '', userAgent: '' };
  const code = await codeFromOutbox(sent.documentId);
  await assert.rejects(checkCode(deps, document, recipient, code, actor, Date.now() + CODE_TTL_MS + 1), { code: 'code_expired' });

  let texts = 0;
  const deliver = async () => ((texts += 1), { ok: true as const });
  let now = Date.now() + RESEND_AFTER_MS;
  for (let i = 0; i < 4; i++, now += RESEND_AFTER_MS) await sendCode(deps, document, recipient, actor, deliver, now);
  await assert.rejects(sendCode(deps, document, recipient, actor, deliver, now), { code: 'code_throttled' });
  assert.equal(texts, 4, 'the fifth send in the hour was the one through the route');
});

test('a provider failure is recorded for the sender and leaves the recipient where it was', async () => {
  const { sent, ann } = await sentWithSms();
  const store = t.app.store;
  const deps = { store, sms: new SmsDelivery(t.app.config.dataDir, smsSettingsFromEnv({})), secret: tokenSecret(t.app.config.dataDir) };
  const document = (await store.documents.get(sent.documentId))!;
  const recipient = (await store.documents.recipient(ann.id))!;
  const actor = { type: 'recipient' as const, id: ann.id, label: 'Ann', ip: '', userAgent: '' };
  await assert.rejects(
    sendCode(deps, document, recipient, actor, async () => ({ ok: false, error: 'Twilio answered 500' })),
    { code: 'code_not_sent' },
  );
  const failed = (await store.history.events(sent.documentId)).find((e) => e.event === 'verification_send_failed')!;
  assert.equal(failed.details.error, 'Twilio answered 500');
  assert.equal((await store.documents.recipient(ann.id))!.status, recipient.status);
  assert.equal(await store.verifications.latestCode(ann.id), undefined, 'no code was kept for a message that never left');
});

test('the test clock is off under NODE_ENV=production whatever ESIGN_TEST_CLOCK says', () => {
  assert.equal(testClockEnabled({ ESIGN_TEST_CLOCK: '1' }), true);
  assert.equal(testClockEnabled({ ESIGN_TEST_CLOCK: '1', NODE_ENV: 'production' }), false);
  assert.equal(testClockEnabled({}), false);
});
