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
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';
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

interface HeldRow {
  delivery_id: number;
  body: string;
}

function makeBatch(db: Db, registrationId: string, notify: string, held: HeldRow[], now: number): string | null {
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
  db.prepare(
    `INSERT INTO webhook_events (id, object, event, subject_id, origin, body, created_ms) VALUES (?, 'batch', ?, ?, 'batch', ?, ?)`,
  ).run(id, notify, registrationId, JSON.stringify(envelope), now);
  db.prepare(
    `INSERT INTO webhook_deliveries (event_id, registration_id, state, next_attempt_at, created_ms) VALUES (?, ?, 'pending', ?, ?)`,
  ).run(id, registrationId, now, now);
  const mark = db.prepare(`UPDATE webhook_deliveries SET state = 'batched', batch_event_id = ?, finished_ms = ? WHERE id = ? AND state = 'held'`);
  for (const row of held) mark.run(id, now, row.delivery_id);
  return id;
}

/**
 * Called by enqueueEvent (inside its transaction) after an operation's event: registrations of a
 * named type whose trigger this is get the batch of the document's held events.
 */
export function flushNamedBatches(db: Db, object: string, event: string, snapshot: DocumentSnapshot, now: number): void {
  if (object !== 'document') return;
  const notify = Object.entries(NAMED_TRIGGERS).find(([, trigger]) => trigger === event)?.[0];
  if (!notify) return;
  const registrations = db
    .prepare(
      `SELECT r.id FROM webhook_registrations r
       JOIN memberships m ON m.user_id = r.user_id AND m.group_id = ? AND m.is_group_admin = 1
       WHERE r.removed_ms IS NULL AND r.notify = ? AND (r.group_id IS NULL OR r.group_id = ?)`,
    )
    .all(snapshot.groupId, notify, snapshot.groupId) as Array<{ id: string }>;
  for (const { id } of registrations) {
    const held = db
      .prepare(
        `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE d.registration_id = ? AND d.state = 'held' AND e.document_id = ? ORDER BY e.created_ms, d.id LIMIT ?`,
      )
      .all(id, snapshot.uuid, MAX_BATCH_EVENTS) as unknown as HeldRow[];
    makeBatch(db, id, notify, held, now);
  }
}

/**
 * Delivers the periodic batches that are due (`notify: "all"`). Returns the number of batches
 * made. Safe to run from several processes: each registration's batch is cut in one transaction.
 */
export function flushPeriodicBatches(db: Db, intervalMs: number, now = Date.now()): number {
  const due = db
    .prepare(
      `SELECT id FROM webhook_registrations WHERE removed_ms IS NULL AND notify = 'all' AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`,
    )
    .all(intervalMs, now) as Array<{ id: string }>;
  let made = 0;
  for (const { id } of due) {
    transaction(db, () => {
      // Re-check inside the transaction: another process may have cut this batch already.
      const claimed = db
        .prepare(`UPDATE webhook_registrations SET last_batch_at = ? WHERE id = ? AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`)
        .run(now, id, intervalMs, now);
      if (Number(claimed.changes) === 0) return;
      const held = db
        .prepare(
          `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
           WHERE d.registration_id = ? AND d.state = 'held' ORDER BY e.created_ms, d.id LIMIT ?`,
        )
        .all(id, MAX_BATCH_EVENTS) as unknown as HeldRow[];
      if (makeBatch(db, id, 'all', held, now)) made++;
    });
  }
  return made;
}
