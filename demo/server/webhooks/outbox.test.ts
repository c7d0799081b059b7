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

function deliveriesOf(db: ReturnType<typeof seedDatabase>['db'], registrationId: string) {
  return db
    .prepare(`SELECT e.object, e.event, d.state FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.registration_id = ? ORDER BY d.id`)
    .all(registrationId) as Array<{ object: string; event: string; state: string }>;
}

test('filters: object, event and group narrow what a registration receives; only group admins receive', () => {
  const ctx = seedDatabase();
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
    const everything = reg({});
    const documentsOnly = reg({ objectFilter: 'document' });
    const finalPdfOnly = reg({ objectFilter: 'document', eventFilter: 'finalPdfCreated' });
    const groupBOnly = reg({ groupId: ctx.groupB });
    const notAdmin = reg({ userId: ctx.memberId });
    const a = sampleSnapshot(ctx.groupA);
    const b = sampleSnapshot(ctx.groupB);
    enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: a });
    enqueueEvent(ctx.store, { object: 'recipient', event: 'completed', snapshot: a, recipientId: a.recipients[0].uuid });
    enqueueEvent(ctx.store, { object: 'document', event: 'finalPdfCreated', snapshot: b });
    const names = (id: string) => deliveriesOf(ctx.db, id).map((d) => `${d.object}.${d.event}`);
    assert.deepEqual(names(everything), ['document.created', 'recipient.completed', 'document.finalPdfCreated']);
    assert.deepEqual(names(documentsOnly), ['document.created', 'document.finalPdfCreated']);
    assert.deepEqual(names(finalPdfOnly), ['document.finalPdfCreated']);
    assert.deepEqual(names(groupBOnly), ['document.finalPdfCreated']);
    assert.deepEqual(names(notAdmin), [], 'a plain member receives no team events');
    // Admin rights are checked when the event happens: a demoted owner stops receiving.
    ctx.db.prepare('UPDATE memberships SET is_group_admin = 0 WHERE user_id = ? AND group_id = ?').run(ctx.adminId, ctx.groupB);
    assert.deepEqual(matchingRegistrations(ctx.store, 'document', 'created', ctx.groupB), []);
  } finally {
    ctx.cleanup();
  }
});

test('"once" events are written once per subject; "may repeat" events every time; the event is stored even with no registration', () => {
  const ctx = seedDatabase();
  try {
    const s = sampleSnapshot(ctx.groupA);
    assert.ok(enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }));
    assert.equal(enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }), null);
    assert.ok(enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(
      enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[1].uuid }),
      'once per recipient, not per document',
    );
    assert.equal(enqueueEvent(ctx.store, { object: 'recipient', event: 'emailOpened', snapshot: s, recipientId: s.recipients[0].uuid }), null);
    assert.ok(enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid }));
    assert.ok(
      enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, origin: 'trigger' }),
      'a dashboard trigger is not a second real event',
    );
    const count = ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_events').get() as { n: number };
    assert.equal(count.n, 6);
  } finally {
    ctx.cleanup();
  }
});

test('"once" events stay exactly once when several processes emit them at the same moment', async () => {
  const ctx = seedDatabase();
  try {
    insertRegistration(ctx.store, {
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
    const rows = ctx.db.prepare(`SELECT object, event, COUNT(*) AS n FROM webhook_events GROUP BY object, event ORDER BY object`).all() as Array<{
      object: string;
      event: string;
      n: number;
    }>;
    assert.deepEqual(
      rows.map((r) => ({ ...r })),
      [
        { object: 'document', event: 'created', n: 1 },
        { object: 'recipient', event: 'completed', n: 2 },
      ],
    );
    const deliveries = ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as { n: number };
    assert.equal(deliveries.n, 3);
  } finally {
    ctx.cleanup();
  }
});

test('legacy "all": events are held and delivered as one batch per interval', () => {
  const ctx = seedDatabase();
  try {
    const t0 = 1_000_000;
    const reg = insertRegistration(ctx.store, {
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
    enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, now: t0 + 1 });
    enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid, now: t0 + 2 });
    assert.equal(flushPeriodicBatches(ctx.store, 360_000, t0 + 359_999), 0, 'not due yet');
    assert.deepEqual(
      deliveriesOf(ctx.db, reg).map((d) => d.state),
      ['held', 'held'],
    );
    assert.equal(flushPeriodicBatches(ctx.store, 360_000, t0 + 360_000), 1);
    const states = deliveriesOf(ctx.db, reg);
    assert.deepEqual(
      states.map((d) => `${d.object}.${d.event}:${d.state}`),
      ['document.created:batched', 'recipient.visiting:batched', 'batch.all:pending'],
    );
    const batch = ctx.db.prepare(`SELECT body FROM webhook_events WHERE object = 'batch'`).get() as { body: string };
    const envelope = JSON.parse(batch.body);
    assert.equal(envelope.version, '1.0.0');
    assert.equal(envelope.data.count, 2);
    assert.deepEqual(
      envelope.data.events.map((e: { event: string }) => e.event),
      ['created', 'visiting'],
    );
    assert.equal(flushPeriodicBatches(ctx.store, 360_000, t0 + 700_000), 0, 'nothing held: no empty batch');
  } finally {
    ctx.cleanup();
  }
});

test("legacy named type: a document's events are held until the named event, then delivered together", () => {
  const ctx = seedDatabase();
  try {
    const reg = insertRegistration(ctx.store, {
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
    enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s });
    enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: other });
    enqueueEvent(ctx.store, { object: 'recipient', event: 'completed', snapshot: s, recipientId: s.recipients[0].uuid });
    assert.ok(deliveriesOf(ctx.db, reg).every((d) => d.state === 'held'));
    enqueueEvent(ctx.store, { object: 'document', event: 'finalPdfCreated', snapshot: s });
    const batch = JSON.parse((ctx.db.prepare(`SELECT body FROM webhook_events WHERE object = 'batch'`).get() as { body: string }).body);
    assert.equal(batch.event, 'signed');
    assert.deepEqual(
      batch.data.events.map((e: { object: string; event: string }) => `${e.object}.${e.event}`),
      ['document.created', 'recipient.completed', 'document.finalPdfCreated'],
    );
    assert.ok(batch.data.events.every((e: { data: { uuid: string; document?: string } }) => (e.data.document ?? e.data.uuid) === s.uuid));
    const held = deliveriesOf(ctx.db, reg).filter((d) => d.state === 'held');
    assert.equal(held.length, 1, "the other document's event waits for its own trigger");
  } finally {
    ctx.cleanup();
  }
});

test('retention: old finished deliveries, attempts and events go; pending ones and "once" keys stay', () => {
  const ctx = seedDatabase();
  try {
    const day = 24 * 3600_000;
    const t0 = 10 * day;
    insertRegistration(ctx.store, {
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
    const created = enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s, now: t0 })!;
    const visit = enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[0].uuid, now: t0 })!;
    const pending = enqueueEvent(ctx.store, { object: 'recipient', event: 'visiting', snapshot: s, recipientId: s.recipients[1].uuid, now: t0 })!;
    for (const id of [created.eventId, visit.eventId]) {
      const delivery = ctx.db.prepare('SELECT id FROM webhook_deliveries WHERE event_id = ?').get(id) as { id: number };
      ctx.db.prepare(`UPDATE webhook_deliveries SET state = 'delivered', finished_ms = ? WHERE id = ?`).run(t0 + 1, delivery.id);
      ctx.db
        .prepare(
          `INSERT INTO webhook_attempts (delivery_id, attempt, url, request_headers, outcome, started_ms, duration_ms) VALUES (?, 1, 'u', '{}', 'delivered', ?, 1)`,
        )
        .run(delivery.id, t0);
    }
    assert.deepEqual(pruneWebhookLog(ctx.store, 30 * day, t0 + 29 * day), { deliveries: 0, attempts: 0, events: 0 }, 'nothing is old enough yet');
    assert.deepEqual(pruneWebhookLog(ctx.store, 30 * day, t0 + 31 * day), { deliveries: 2, attempts: 2, events: 1 });
    const left = ctx.db.prepare('SELECT id, body FROM webhook_events ORDER BY created_ms, id').all() as Array<{ id: string; body: string }>;
    assert.deepEqual(left.map((e) => e.id).sort(), [created.eventId, pending.eventId].sort());
    assert.equal(left.find((e) => e.id === created.eventId)!.body, '', 'the once key stays, its body goes');
    assert.equal(enqueueEvent(ctx.store, { object: 'document', event: 'created', snapshot: s }), null, 'still exactly once');
  } finally {
    ctx.cleanup();
  }
});
