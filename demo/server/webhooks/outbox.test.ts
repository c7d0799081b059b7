import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { enqueueEvent, insertRegistration, matchingRegistrations } from './outbox.ts';
import { flushPeriodicBatches } from './legacy.ts';
import { pruneWebhookLog } from './retention.ts';
import { sampleSnapshot, seedDatabase } from '../../../test/support/server/webhooks.ts';
import type { RegistrationInput } from './outbox.ts';

const run = promisify(execFile);

async function deliveriesOf(store: Awaited<ReturnType<typeof seedDatabase>>['store'], registrationId: string) {
  return await store.webhooks.deliveriesOf({ registrationId });
}

/** The body of the batch event that a registration's held deliveries went into. */
async function batchBody(store: Awaited<ReturnType<typeof seedDatabase>>['store'], registrationId: string): Promise<string> {
  const batches = (await deliveriesOf(store, registrationId)).filter((d) => d.object === 'batch');
  assert.equal(batches.length, 1, 'one batch event');
  return await store.webhooks.eventBody(batches[0].event_id);
}

test('filters: object, event and group narrow what a registration receives; only group admins receive', async () => {
  const ctx = await seedDatabase();
  try {
    const reg = (extra: Partial<RegistrationInput>) =>
      insertRegistration(ctx.store, {
        userId: ctx.adminId,
        callbackUrl: 'https://example.com/',
        objectFilter: '',
        eventFilter: '',
        groupId: null,
        notify: 'realtime',
        hmacSecret: null,
        ...extra,
      });
    const everything = await reg({});
    const documentsOnly = await reg({ objectFilter: 'document' });
    const finalPdfOnly = await reg({ objectFilter: 'document', eventFilter: 'finalPdfCreated' });
    const groupBOnly = await reg({ groupId: ctx.groupB });
    const notAdmin = await reg({ userId: ctx.memberId });
    const a = sampleSnapshot(ctx.groupA);
    const b = sampleSnapshot(ctx.groupB);
    await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: a });
    await enqueueEvent(ctx.store, { object: 'recipient', event: 'completed', snapshot: a, recipientId: a.recipients[0].uuid });
    await enqueueEvent(ctx.store, { object: 'document', event: 'finalPdfCreated', snapshot: b });
    const names = async (id: string) => (await deliveriesOf(ctx.store, id)).map((d) => `${d.object}.${d.event}`);
    assert.deepEqual(await names(everything), ['document.created', 'recipient.completed', 'document.finalPdfCreated']);
    assert.deepEqual(await names(documentsOnly), ['document.created', 'document.finalPdfCreated']);
    assert.deepEqual(await names(finalPdfOnly), ['document.finalPdfCreated']);
    assert.deepEqual(await names(groupBOnly), ['document.finalPdfCreated']);
    assert.deepEqual(await names(notAdmin), [], 'a plain member receives no team events');
    // Admin rights are checked when the event happens: a demoted owner stops receiving.
    await ctx.store.users.setGroupAdmin(ctx.adminId, ctx.groupB, false);
    assert.deepEqual(await matchingRegistrations(ctx.store, 'document', 'created', ctx.groupB), []);
  } finally {
    await ctx.cleanup();
  }
});

test('"once" events are written once per subject; "may repeat" events every time; the event is stored even with no registration', async () => {
  const ctx = await seedDatabase();
  try {
    const s = sampleSnapshot(ctx.groupA);
    assert.ok(await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }));
    assert.equal(await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }), null);
    assert.ok(await enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(
      await enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[1].uuid }),
      'once per recipient, not per document',
    );
    assert.equal(await enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[0].uuid }), null);
    assert.ok(await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(
      await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, origin: 'trigger' }),
      'a dashboard trigger is not a second real event',
    );
    assert.equal((await ctx.store.webhooks.eventsOf(s.uuid)).length, 6);
  } finally {
    await ctx.cleanup();
  }
});

test('"once" events stay exactly once when several processes emit them at the same moment', async () => {
  const ctx = await seedDatabase();
  try {
    await insertRegistration(ctx.store, {
      userId: ctx.adminId,
      callbackUrl: 'https://example.com/',
      objectFilter: '',
      eventFilter: '',
      groupId: null,
      notify: 'realtime',
      hmacSecret: null,
    });
    const snapshot = sampleSnapshot(ctx.groupA);
    const child = fileURLToPath(new URL('../../../test/support/server/webhooks-emit-child.ts', import.meta.url));
    const arg = JSON.stringify({ snapshot, rounds: 20 });
    const results = await Promise.all([1, 2, 3, 4].map(() => run(process.execPath, [child, ctx.dir, arg])));
    const written = results.reduce((sum, r) => sum + Number(r.stdout), 0);
    assert.equal(written, 3, 'one document.created + one recipient.completed per recipient, across all processes');
    const counts = new Map<string, number>();
    for (const e of await ctx.store.webhooks.eventsOf(snapshot.uuid)) counts.set(`${e.object}.${e.event}`, (counts.get(`${e.object}.${e.event}`) ?? 0) + 1);
    assert.deepEqual(
      [...counts].sort().map(([name, n]) => ({ object: name.split('.')[0], event: name.split('.')[1], n })),
      [
        { object: 'document', event: 'created', n: 1 },
        { object: 'recipient', event: 'completed', n: 2 },
      ],
    );
    assert.equal((await ctx.store.webhooks.deliveriesOf({})).length, 3);
  } finally {
    await ctx.cleanup();
  }
});

test('legacy "all": events are held and delivered as one batch per interval', async () => {
  const ctx = await seedDatabase();
  try {
    const t0 = 1_000_000;
    const reg = await insertRegistration(ctx.store, {
      userId: ctx.adminId,
      callbackUrl: 'https://example.com/',
      objectFilter: '',
      eventFilter: '',
      groupId: null,
      notify: 'all',
      hmacSecret: null,
      now: t0,
    });
    const s = sampleSnapshot(ctx.groupA);
    await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, now: t0 + 1 });
    await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid, now: t0 + 2 });
    assert.equal(await flushPeriodicBatches(ctx.store, 360_000, t0 + 359_999), 0, 'not due yet');
    assert.deepEqual(
      (await deliveriesOf(ctx.store, reg)).map((d) => d.state),
      ['held', 'held'],
    );
    assert.equal(await flushPeriodicBatches(ctx.store, 360_000, t0 + 360_000), 1);
    const states = await deliveriesOf(ctx.store, reg);
    assert.deepEqual(
      states.map((d) => `${d.object}.${d.event}:${d.state}`),
      ['document.created:batched', 'recipient.visiting:batched', 'batch.all:pending'],
    );
    const envelope = JSON.parse(await batchBody(ctx.store, reg));
    assert.equal(envelope.version, '1.0.0');
    assert.equal(envelope.data.count, 2);
    assert.deepEqual(
      envelope.data.events.map((e: { event: string }) => e.event),
      ['created', 'visiting'],
    );
    assert.equal(await flushPeriodicBatches(ctx.store, 360_000, t0 + 700_000), 0, 'nothing held: no empty batch');
  } finally {
    await ctx.cleanup();
  }
});

test("legacy named type: a document's events are held until the named event, then delivered together", async () => {
  const ctx = await seedDatabase();
  try {
    const reg = await insertRegistration(ctx.store, {
      userId: ctx.adminId,
      callbackUrl: 'https://example.com/',
      objectFilter: '',
      eventFilter: '',
      groupId: null,
      notify: 'signed',
      hmacSecret: null,
    });
    const s = sampleSnapshot(ctx.groupA);
    const other = sampleSnapshot(ctx.groupA);
    await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s });
    await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: other });
    await enqueueEvent(ctx.store, { object: 'recipient', event: 'completed', snapshot: s, recipientId: s.recipients[0].uuid });
    assert.ok((await deliveriesOf(ctx.store, reg)).every((d) => d.state === 'held'));
    await enqueueEvent(ctx.store, { object: 'document', event: 'finalPdfCreated', snapshot: s });
    const batch = JSON.parse(await batchBody(ctx.store, reg));
    assert.equal(batch.event, 'signed');
    assert.deepEqual(
      batch.data.events.map((e: { object: string; event: string }) => `${e.object}.${e.event}`),
      ['document.created', 'recipient.completed', 'document.finalPdfCreated'],
    );
    assert.ok(batch.data.events.every((e: { data: { uuid: string; document?: string } }) => (e.data.document ?? e.data.uuid) === s.uuid));
    const held = (await deliveriesOf(ctx.store, reg)).filter((d) => d.state === 'held');
    assert.equal(held.length, 1, "the other document's event waits for its own trigger");
  } finally {
    await ctx.cleanup();
  }
});

test('retention: old finished deliveries, attempts and events go; pending ones and "once" keys stay', async () => {
  const ctx = await seedDatabase();
  try {
    const day = 24 * 3600_000;
    const t0 = 10 * day;
    await insertRegistration(ctx.store, {
      userId: ctx.adminId,
      callbackUrl: 'https://example.com/',
      objectFilter: '',
      eventFilter: '',
      groupId: null,
      notify: 'realtime',
      hmacSecret: null,
      now: t0,
    });
    const s = sampleSnapshot(ctx.groupA);
    const created = (await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, now: t0 }))!;
    const visit = (await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid, now: t0 }))!;
    const pending = (await enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[1].uuid, now: t0 }))!;
    // A worker claims the first two deliveries and delivers them at t0 + 1; the third stays pending.
    const finished = await Promise.all([created.eventId, visit.eventId].map(async (id) => (await ctx.store.webhooks.deliveriesOf({ eventId: id }))[0].id));
    assert.deepEqual(await ctx.store.webhooks.claimDue('w', t0 + 60_000, 2, 2, t0), finished);
    for (const id of finished) {
      await ctx.store.webhooks.insertAttempt({
        deliveryId: id,
        attempt: 1,
        url: 'u',
        requestHeaders: '{}',
        status: 200,
        responseBody: null,
        error: null,
        outcome: 'delivered',
        startedMs: t0,
        durationMs: 1,
      });
      await ctx.store.webhooks.finishDelivery(id, 'w', 'delivered', 1, t0 + 1, 200, null);
    }
    assert.deepEqual(await pruneWebhookLog(ctx.store, 30 * day, t0 + 29 * day), { deliveries: 0, attempts: 0, events: 0 }, 'nothing is old enough yet');
    assert.deepEqual(await pruneWebhookLog(ctx.store, 30 * day, t0 + 31 * day), { deliveries: 2, attempts: 2, events: 1 });
    const left = await ctx.store.webhooks.eventsOf(s.uuid);
    assert.deepEqual(left.map((e) => e.id).sort(), [created.eventId, pending.eventId].sort());
    assert.equal(left.find((e) => e.id === created.eventId)!.body, '', 'the once key stays, its body goes');
    assert.equal(await enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }), null, 'still exactly once');
  } finally {
    await ctx.cleanup();
  }
});
