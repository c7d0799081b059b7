/**
 * The two legacy webhook types, as batched deliveries:
 * - `notify: "all"`: every event, collected and delivered as one batch every few minutes (6 by
 *   default, the specification's figure);
 * - `notify: "sent" | "signed" | "rejected"`: events are collected per document and the batch of
 *   that document's events is delivered when the named event happens to it
 *   (sent = document.created, signed = document.finalPdfCreated, rejected = document.rejected).
 *
 * A batch is itself a row of webhook_events (object `batch`) with one delivery, so it is signed,
 * retried and logged exactly like a real-time event. The deliveries it contains move from
 * `held` to `batched` in the same transaction, so no event is in two batches or in none.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { GroupRegistration, HeldRow } from '../store/webhook-rows.ts';
import { WEBHOOK_PAYLOAD_VERSION } from './payload.ts';
import type { DocumentSnapshot } from './payload.ts';

export const LEGACY_NOTIFY = ['all', 'sent', 'signed', 'rejected'] as const;
export type LegacyNotify = (typeof LEGACY_NOTIFY)[number];

/** The document event each named legacy type waits for. */
export const NAMED_TRIGGERS: Record<'sent' | 'signed' | 'rejected', string> = {
  sent: 'created',
  signed: 'finalPdfCreated',
  rejected: 'rejected',
};

/** At most this many events go into one batch; the rest wait for the next. */
export const MAX_BATCH_EVENTS = 500;

async function makeBatch(store: Store, registrationId: string, notify: string, held: HeldRow[], now: number): Promise<string | null> {
  if (held.length === 0) return null;
  const id = randomUUID();
  const envelope = {
    version: WEBHOOK_PAYLOAD_VERSION,
    object: 'batch',
    created: Math.floor(now / 1000),
    id,
    event: notify,
    data: { notify, count: held.length, events: held.map((row) => JSON.parse(row.body) as unknown) },
  };
  await store.webhooks.insertEvent({
    id,
    object: 'batch',
    event: notify,
    subjectId: registrationId,
    documentId: null,
    recipientId: null,
    groupId: null,
    onceKey: null,
    origin: 'batch',
    body: JSON.stringify(envelope),
    now,
  });
  await store.webhooks.insertDelivery(id, registrationId, 'pending', now);
  for (const row of held) await store.webhooks.markBatched(row.delivery_id, id, now);
  return id;
}

/**
 * Called by enqueueEvent (inside its transaction) after an operation's event: of the group's
 * registrations (store.webhooks.groupRegistrations), those of a named type whose trigger this is get
 * the batch of the document's held events. Returns how many batches it made (each a pending delivery).
 */
export async function flushNamedBatches(
  store: Store,
  object: string,
  event: string,
  snapshot: DocumentSnapshot,
  now: number,
  registrations: readonly GroupRegistration[],
): Promise<number> {
  if (object !== 'document') return 0;
  const notify = Object.entries(NAMED_TRIGGERS).find(([, trigger]) => trigger === event)?.[0];
  if (!notify) return 0;
  let made = 0;
  for (const { id } of registrations.filter((r) => r.notify === notify)) {
    const held = await store.webhooks.heldForDocument(id, snapshot.uuid, MAX_BATCH_EVENTS);
    if (await makeBatch(store, id, notify, held, now)) made++;
  }
  return made;
}

/**
 * Delivers the periodic batches that are due (`notify: "all"`). Returns the number of batches
 * made. Safe to run from several processes: each registration's batch is cut in one transaction.
 */
export async function flushPeriodicBatches(store: Store, intervalMs: number, now = Date.now()): Promise<number> {
  let made = 0;
  for (const id of await store.webhooks.periodicBatchesDue(intervalMs, now)) {
    await store.transaction(async () => {
      // Re-check inside the transaction: another process may have cut this batch already.
      if (!(await store.webhooks.claimPeriodicBatch(id, intervalMs, now))) return;
      const held = await store.webhooks.held(id, MAX_BATCH_EVENTS);
      if (await makeBatch(store, id, 'all', held, now)) made++;
    });
  }
  return made;
}
