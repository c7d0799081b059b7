import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { enqueueEvent, insertRegistration, removeRegistration, replayEvent } from './outbox.ts';
import { WebhookWorker } from './worker.ts';
import { ensureSigningIdentity, resolveWebhookSettings } from './settings.ts';
import { eventually, sampleSnapshot, seedDatabase, startReceiver } from '../../../test/support/server/webhooks.ts';
import type { RegistrationInput } from './outbox.ts';

const fast = { retrySchedule: [0, 30, 60, 90], pollIntervalMs: 20, timeoutMs: 1000, leaseMs: 2000, allowPrivateAddresses: true };

async function setup(settings: Partial<Parameters<typeof resolveWebhookSettings>[0]> = {}) {
  const seeded = await seedDatabase();
  const identity = await ensureSigningIdentity(seeded.store);
  const worker = new WebhookWorker(seeded.store, identity, resolveWebhookSettings({ ...fast, ...settings }));
  const register = (url: string, extra: Partial<RegistrationInput> = {}) =>
    insertRegistration(seeded.store, {
      userId: seeded.adminId,
      callbackUrl: url,
      objectFilter: '',
      eventFilter: '',
      groupId: null,
      notify: 'realtime',
      hmacSecret: null,
      ...extra,
    });
  return { ...seeded, identity, worker, register };
}

/** Every attempt made for an event, delivery by delivery, each delivery's in the order they were made. */
async function attempts(store: Awaited<ReturnType<typeof seedDatabase>>['store'], eventId: string) {
  const deliveries = await store.webhooks.deliveriesOf({ eventId });
  return (
    await Promise.all(deliveries.map(async (d) => (await store.webhooks.attempts(d.id)).map((a) => ({ ...a, registration_id: d.registration_id }))))
  ).flat();
}

test('an event is POSTed as signed JSON; 5xx answers are retried with the same id and bytes', async () => {
  const ctx = await setup();
  const receiver = await startReceiver({ certificatePem: () => ctx.identity.certificatePem, hmacSecret: 'shh' });
  receiver.respond = (_r, index) => (index < 2 ? 503 : 200);
  try {
    await ctx.register(receiver.url, { hmacSecret: 'shh' });
    const snapshot = sampleSnapshot(ctx.groupA, { tag: 'crm-1' });
    const queued = await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot });
    assert.ok(queued);
    ctx.worker.start();
    await receiver.waitFor((r) => r.length === 3);
    await ctx.worker.stop();
    const [first, second, third] = receiver.received;
    assert.equal(first.headers['content-type'], 'application/json');
    assert.ok(
      receiver.received.every((r) => r.signatureValid && r.hmacValid),
      'both signatures verify on every attempt',
    );
    assert.equal(second.body, first.body);
    assert.equal(third.body, first.body);
    assert.equal(third.json.id, queued.eventId);
    assert.equal(third.headers['x-esign-attempt'], '3');
    assert.equal((third.json.data as { tag: string }).tag, 'crm-1');
    assert.ok(second.at - first.at >= 25, 'the retry waited for the schedule');
    const log = await attempts(ctx.store, queued.eventId);
    assert.deepEqual(
      log.map((a) => [a.attempt, a.status, a.outcome]),
      [
        [1, 503, 'retry'],
        [2, 503, 'retry'],
        [3, 200, 'delivered'],
      ],
    );
    assert.match(log[0].response_body ?? '', /failing on purpose \(503\)/);
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('when the schedule runs out the delivery is failed, with every attempt logged', async () => {
  const ctx = await setup({ retrySchedule: [0, 10, 10] });
  const receiver = await startReceiver();
  receiver.respond = () => 500;
  try {
    await ctx.register(receiver.url);
    const queued = (await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: sampleSnapshot(ctx.groupA) }))!;
    ctx.worker.start();
    await receiver.waitFor((r) => r.length === 3);
    const stateOf = async () => (await ctx.store.webhooks.deliveriesOf({ eventId: queued.eventId }))[0].state;
    await eventually(async () => (await stateOf()) === 'failed', 5000, 'failed state');
    await ctx.worker.stop();
    assert.equal(receiver.received.length, 3);
    const [delivery] = await ctx.store.webhooks.deliveriesOf({ eventId: queued.eventId });
    assert.deepEqual(
      { state: delivery.state, attempts: delivery.attempts, last_status: delivery.last_status },
      { state: 'failed', attempts: 3, last_status: 500 },
    );
    assert.deepEqual(
      (await attempts(ctx.store, queued.eventId)).map((a) => a.outcome),
      ['retry', 'retry', 'failed'],
    );
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('refused connections and timeouts are failed attempts that get retried', async () => {
  const ctx = await setup({ timeoutMs: 150, leaseMs: 1000 });
  const closed = await startReceiver();
  await closed.close(); // its port now refuses connections
  let seen = 0;
  // Leaves its first request unanswered: the worker must give up after timeoutMs.
  const slow = http.createServer((req, res) => {
    seen++;
    if (seen > 1) req.resume().on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
  try {
    await ctx.register(closed.url);
    const slowId = await ctx.register(slowUrl);
    const queued = (await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: sampleSnapshot(ctx.groupA) }))!;
    ctx.worker.start();
    const finished = async () =>
      (await ctx.store.webhooks.deliveriesOf({ eventId: queued.eventId })).filter((d) => d.state === 'delivered' || d.state === 'failed').length === 2;
    await eventually(finished, 10_000, 'both deliveries finished');
    await ctx.worker.stop();
    const rows = await attempts(ctx.store, queued.eventId);
    const refused = rows.filter((r) => r.registration_id !== slowId);
    assert.equal(refused.length, 4, 'every scheduled attempt was made');
    assert.ok(
      refused.every((r) => /ECONNREFUSED/.test(r.error ?? '')),
      JSON.stringify(refused),
    );
    const slowRows = rows.filter((r) => r.registration_id === slowId);
    assert.match(slowRows[0].error ?? '', /no answer within 150 ms/);
    assert.equal(slowRows[0].outcome, 'retry');
    assert.equal(slowRows.at(-1)!.outcome, 'delivered');
  } finally {
    slow.closeAllConnections();
    slow.close();
    await ctx.cleanup();
  }
});

test('an expired lease is taken over by another worker: a crashed attempt is not lost', async () => {
  const ctx = await setup({ leaseMs: 1100, timeoutMs: 1000 });
  const receiver = await startReceiver();
  try {
    await ctx.register(receiver.url);
    const snapshot = sampleSnapshot(ctx.groupA);
    const queued = (await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot }))!;
    // Worker A claims and "dies" without sending or recording anything.
    assert.equal((await ctx.worker.claim(10)).length, 1);
    const b = new WebhookWorker(ctx.store, ctx.identity, resolveWebhookSettings({ ...fast, leaseMs: 1100, timeoutMs: 1000 }));
    assert.equal((await b.claim(10)).length, 0, 'a live lease is respected');
    b.start();
    await receiver.waitFor((r) => r.length === 1, 5000);
    await b.stop();
    assert.equal(receiver.received[0].json.id, queued.eventId);
    const { created_ms: createdMs } = (await ctx.store.webhooks.eventsOf(snapshot.uuid)).find((e) => e.id === queued.eventId)!;
    const lateness = receiver.received[0].at - createdMs;
    assert.ok(lateness >= 1000, `delivered after the lease expired (${lateness} ms)`);
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('without development mode a loopback callback is refused at delivery time (no request is made)', async () => {
  const ctx = await setup({ allowPrivateAddresses: false, retrySchedule: [0] });
  const receiver = await startReceiver();
  try {
    await ctx.register(receiver.url.replace('127.0.0.1', 'localhost'));
    await ctx.register(receiver.url);
    const queued = (await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: sampleSnapshot(ctx.groupA) }))!;
    ctx.worker.start();
    await eventually(async () => (await attempts(ctx.store, queued.eventId)).length === 2, 5000, 'two attempts');
    await ctx.worker.stop();
    assert.equal(receiver.received.length, 0);
    const errors = (await attempts(ctx.store, queued.eventId)).map((a) => a.error ?? '');
    assert.equal(errors.length, 2);
    assert.ok(
      errors.every((e) => /loopback/.test(e)),
      errors.join(' | '),
    );
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('replay sends the logged event again with its original id; removed registrations get nothing more', async () => {
  const ctx = await setup();
  const receiver = await startReceiver({ certificatePem: () => ctx.identity.certificatePem });
  try {
    const first = await ctx.register(receiver.url);
    await ctx.register(receiver.url);
    const snapshot = sampleSnapshot(ctx.groupA);
    await assert.rejects(() => enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot }), /needs a recipient id/);
    const queued = (await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot, recipientId: snapshot.recipients[1].uuid }))!;
    ctx.worker.start();
    await receiver.waitFor((r) => r.length === 2);
    await replayEvent(ctx.store, queued.eventId, first);
    await receiver.waitFor((r) => r.length === 3);
    assert.equal(receiver.received[2].body, receiver.received[0].body);
    assert.equal(receiver.received[2].json.id, queued.eventId);
    assert.ok(receiver.received[2].signatureValid);
    await removeRegistration(ctx.store, first);
    const last = (await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot, recipientId: snapshot.recipients[0].uuid }))!;
    assert.equal(last.registrations.length, 1, 'only the remaining registration gets the last event');
    assert.equal(last.registrations.includes(first), false);
    await receiver.waitFor((r) => r.length === 4);
    await ctx.worker.stop();
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('legacy "all" registrations receive signed batches on the interval', async () => {
  const ctx = await setup({ batchIntervalMs: 150 });
  const receiver = await startReceiver({ certificatePem: () => ctx.identity.certificatePem, hmacSecret: 'batch-secret-0000' });
  try {
    await ctx.register(receiver.url, { notify: 'all', hmacSecret: 'batch-secret-0000' });
    await ctx.register(`${receiver.url}?realtime`);
    const snapshot = sampleSnapshot(ctx.groupA);
    ctx.worker.start();
    await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot });
    await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot, recipientId: snapshot.recipients[0].uuid });
    await receiver.waitFor((r) => r.some((x) => x.json.object === 'batch'), 5000);
    await ctx.worker.stop();
    const batch = receiver.received.find((x) => x.json.object === 'batch')!;
    assert.equal(batch.signatureValid, true);
    assert.equal(batch.hmacValid, true);
    const data = batch.json.data as { count: number; events: Array<{ event: string }> };
    assert.equal(data.count, 2);
    assert.deepEqual(
      data.events.map((e) => e.event),
      ['created', 'visiting'],
    );
    assert.equal(receiver.received.filter((x) => x.url.endsWith('?realtime')).length, 2, 'realtime registrations are unaffected');
  } finally {
    await receiver.close();
    await ctx.cleanup();
  }
});

test('a receiver that hangs does not hold up the others: requests in flight per registration are capped', async () => {
  const ctx = await setup({ concurrency: 4, perRegistrationConcurrency: 2, timeoutMs: 1500, leaseMs: 3000 });
  let hung = 0;
  const stuck = http.createServer(() => {
    hung++; // never answers
  });
  await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
  const healthy = await startReceiver();
  try {
    await ctx.register(`http://127.0.0.1:${(stuck.address() as AddressInfo).port}/`, { objectFilter: 'document' });
    await ctx.register(healthy.url, { objectFilter: 'recipient' });
    const s = sampleSnapshot(ctx.groupA);
    for (let i = 0; i < 6; i++) await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: sampleSnapshot(ctx.groupA) });
    ctx.worker.start();
    await eventually(() => hung === 2, 2000, 'two requests to the stuck receiver');
    const started = Date.now();
    await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid });
    await healthy.waitFor((r) => r.length === 1, 1000);
    assert.ok(Date.now() - started < 1000, 'the healthy receiver was served while the stuck one held its slots');
    assert.equal(hung, 2, 'never more than two requests at once to one registration');
    await ctx.worker.stop();
  } finally {
    stuck.closeAllConnections();
    stuck.close();
    await healthy.close();
    await ctx.cleanup();
  }
});
