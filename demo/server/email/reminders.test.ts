import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, call } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument, signerCall, signerToken, valuesFor } from '../../../test/support/server/signing.ts';
import { signingServiceOf } from '../services/signing/service.ts';
import { queueDueReminders } from './reminders.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import { assertSpecPayloads } from '../../../test/support/server/webhooks-spec-payload.ts';
import type { Receiver } from '../../../test/support/server/webhooks.ts';
import type { WebhookSettings } from '../webhooks/settings.ts';

async function withApp(webhooks: Partial<WebhookSettings>, run: (t: TestApp, receiver: Receiver) => Promise<void>) {
  const t = await createTestApp({
    rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20, ...webhooks },
  });
  const receiver = await startReceiver();
  try {
    const sub = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: 'recipient', event: 'autoReminderEmail' });
    assert.equal(sub.statusCode, 201, sub.body);
    await run(t, receiver);
    assertSpecPayloads(receiver.received);
  } finally {
    await receiver.close();
    await t.close();
  }
}

/** The outbox's emails of one kind to one recipient, oldest first. */
const emailsTo = async (t: TestApp, recipientId: string, kind: string) =>
  (await t.app.store.history.emails()).filter((e) => e.recipientId === recipientId && e.kind === kind);

const invitedAt = async (t: TestApp, recipientId: string): Promise<number> => Date.parse((await emailsTo(t, recipientId, 'invitation'))[0].created);

test('reminders follow the schedule from each invitation, once per step, only while the recipient still has to act', async () => {
  await withApp({}, async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 }), field({ signer: 2, page: 2 })], { do_email: true });
    const [ann, bob] = sent.recipients;
    const ctx = { dataDir: t.dataDir, baseUrl: 'http://127.0.0.1:9' };
    const schedule = [60_000, 300_000];
    const invited = await invitedAt(t, ann.id);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 59_999), 0);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 60_000), 1);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 60_000), 0, 'a step is sent once');
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 299_999), 0);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 300_000), 1);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, invited + 10 ** 9), 0, 'the schedule is finished');
    await signingServiceOf(t.app.store)!.email.flush();
    await receiver.waitFor((r) => r.length === 2);
    assert.deepEqual(
      receiver.received.map((r) => [r.json.event, (r.json.data as { uuid: string }).uuid]),
      [
        ['autoReminderEmail', ann.id],
        ['autoReminderEmail', ann.id],
      ],
    );
    const [reminder] = await emailsTo(t, ann.id, 'reminder');
    assert.match(reminder.subject, /^Reminder: /);
    assert.match(reminder.text, /sign\.html\?signer=[\w-]+#link=sl1\./, 'the reminder carries a signing link');
    assert.match(reminder.html, /\/api\/v1\/email-open\//);

    // Ann finishes: no more reminders for her; Bob's schedule starts at his own invitation.
    const token = await signerToken(t, ann.id);
    assert.equal((await signerCall(t.app, token, ann.id, 'complete', { values: valuesFor(sent, 1) })).statusCode, 200);
    const bobInvited = await invitedAt(t, bob.id);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, bobInvited + 59_000), 0);
    assert.equal(await queueDueReminders(t.app.store, ctx, schedule, bobInvited + 60_000), 1);
    const reminders = (await t.app.store.history.emails()).filter((e) => e.kind === 'reminder');
    const reminded = [...new Set(reminders.map((e) => e.recipientId))]
      .map((id) => ({ recipient_id: id, n: reminders.filter((e) => e.recipientId === id).length }))
      .sort((a, b) => b.n - a.n);
    assert.deepEqual(reminded, [
      { recipient_id: ann.id, n: 2 },
      { recipient_id: bob.id, n: 1 },
    ]);
  });
});

test('documents sent without email get no reminders', async () => {
  await withApp({}, async (t) => {
    await sendDocument(t, [field({ signer: 1 })], { do_email: false });
    assert.equal(await queueDueReminders(t.app.store, { dataDir: t.dataDir, baseUrl: 'http://x' }, [0], Date.now() + 10 ** 9), 0);
  });
});

test('the running server sends due reminders by itself and reports autoReminderEmail', async () => {
  await withApp({ reminderScheduleMs: [150], reminderCheckIntervalMs: 25 }, async (t, receiver) => {
    const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true });
    await receiver.waitFor((r) => r.length === 1, 10_000);
    assert.equal((receiver.received[0].json.data as { uuid: string }).uuid, sent.recipients[0].id);
    assert.equal(receiver.received[0].json.event, 'autoReminderEmail');
  });
});

test('reminders, automatic or asked for, are written in the document language (one composer for both)', async () => {
  await withApp({}, async (t) => {
    const sent = await sendDocument(t, [field({ signer: 1 })], { do_email: true, language: 'de' });
    const [ann] = sent.recipients;
    const ctx = { dataDir: t.dataDir, baseUrl: 'http://127.0.0.1:9' };
    assert.equal(await queueDueReminders(t.app.store, ctx, [60_000], (await invitedAt(t, ann.id)) + 60_000), 1);
    const asked = await call(t.app, t.key, 'POST', `/api/v1/signer/${ann.id}/send-reminder/`, { text: 'Bitte bis Freitag.' });
    assert.ok(asked.statusCode < 300, asked.body);
    const reminders = (await t.app.store.history.emails({})).filter((e) => e.kind === 'reminder' || e.kind === 'manual_reminder');
    assert.equal(reminders.length, 2);
    for (const email of reminders) {
      assert.match(email.subject, /^Erinnerung: Bitte schließen Sie .+ ab$/);
      assert.match(email.text, /wartet noch auf Sie\./);
      assert.match(email.html, /<div lang="de" dir="ltr">.*Dokument öffnen<\/a>/s);
      assert.doesNotMatch(email.text, /This is a reminder/);
    }
    assert.ok(
      reminders.some((e) => e.text.includes('Bitte bis Freitag.')),
      'the sender’s note is kept',
    );
  });
});
