/**
 * The durable outbox. `enqueueEvent` runs inside the caller's transaction: the event row, one
 * delivery per matching registration, and (for "once" events) the uniqueness claim commit or
 * roll back together with the state change that caused them. The worker (worker.ts) only ever
 * reads what has been committed.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';
import { buildEventPayload, isOnceEvent } from './payload.ts';
import type { DocumentSnapshot, WebhookEventName, WebhookObject } from './payload.ts';
import { flushNamedBatches, LEGACY_NOTIFY } from './legacy.ts';

export interface EnqueueInput {
  object: WebhookObject;
  event: WebhookEventName;
  snapshot: DocumentSnapshot;
  /** Required for recipient events. */
  recipientId?: string;
  /** `trigger`: a dashboard test event (not subject to "once", sent only to `onlyRegistrations`). */
  origin?: 'operation' | 'trigger';
  /** Limits the fan-out to these registrations (used by trigger). */
  onlyRegistrations?: string[];
  now?: number;
}

export interface EnqueueResult {
  eventId: string;
  /** Registrations the event was queued for (held ones included). */
  registrations: string[];
}

export interface MatchingRegistration {
  id: string;
  notify: string;
}

/**
 * Registrations that receive `object.event` of a group: not removed, owner is an admin of the
 * group, and the object/event/group filters let it through.
 */
export function matchingRegistrations(db: Db, object: string, event: string, groupId: string): MatchingRegistration[] {
  return db
    .prepare(
      `SELECT r.id, r.notify FROM webhook_registrations r
       JOIN memberships m ON m.user_id = r.user_id AND m.group_id = ? AND m.is_group_admin = 1
       WHERE r.removed_ms IS NULL
         AND (r.group_id IS NULL OR r.group_id = ?)
         AND (r.object_filter = '' OR r.object_filter = ?)
         AND (r.event_filter = '' OR r.event_filter = ?)
       ORDER BY r.created_ms, r.id`,
    )
    .all(groupId, groupId, object, event) as unknown as MatchingRegistration[];
}

const wakeListeners = new Set<() => void>();

/** Workers in this process register here so a new event is delivered without waiting for a poll. */
export function onOutboxWrite(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

// setImmediate: by then the synchronous transaction that wrote the event has committed.
function wakeWorkers(): void {
  setImmediate(() => {
    for (const listener of wakeListeners) listener();
  });
}

/**
 * Writes one event and its deliveries. Returns null when a "once" event was already emitted for
 * this subject (nothing is written). Call it inside the transaction of the state change.
 */
export function enqueueEvent(db: Db, input: EnqueueInput): EnqueueResult | null {
  const now = input.now ?? Date.now();
  const origin = input.origin ?? 'operation';
  const subjectId = input.object === 'recipient' ? input.recipientId : input.snapshot.uuid;
  if (!subjectId) throw new Error(`${input.object}.${input.event} needs a recipient id`);
  const payload = buildEventPayload(input.object, input.event, input.snapshot, input.recipientId, { now });
  const onceKey = origin === 'operation' && isOnceEvent(input.object, input.event) ? `${input.object}.${input.event}:${subjectId}` : null;
  return transaction(db, () => {
    const inserted = db
      .prepare(
        `INSERT INTO webhook_events (id, object, event, subject_id, document_id, recipient_id, group_id, once_key, origin, body, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (once_key) DO NOTHING`,
      )
      .run(payload.id, input.object, input.event, subjectId, input.snapshot.uuid, input.recipientId ?? null, input.snapshot.groupId, onceKey, origin, JSON.stringify(payload), now);
    if (Number(inserted.changes) === 0) return null;
    let targets = matchingRegistrations(db, input.object, input.event, input.snapshot.groupId);
    if (input.onlyRegistrations) targets = targets.filter((r) => input.onlyRegistrations!.includes(r.id));
    const insertDelivery = db.prepare(
      `INSERT INTO webhook_deliveries (event_id, registration_id, state, next_attempt_at, created_ms) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const target of targets) {
      insertDelivery.run(payload.id, target.id, target.notify === 'realtime' ? 'pending' : 'held', now, now);
    }
    if (origin === 'operation') flushNamedBatches(db, input.object, input.event, input.snapshot, now);
    wakeWorkers();
    return { eventId: payload.id, registrations: targets.map((t) => t.id) };
  });
}

/** Queues one more delivery of a logged event to one registration (the dashboard's replay). */
export function replayEvent(db: Db, eventId: string, registrationId: string, now = Date.now()): number {
  const result = db
    .prepare(
      `INSERT INTO webhook_deliveries (event_id, registration_id, state, reason, next_attempt_at, created_ms) VALUES (?, ?, 'pending', 'replay', ?, ?)`,
    )
    .run(eventId, registrationId, now, now);
  wakeWorkers();
  return Number(result.lastInsertRowid);
}

export interface RegistrationInput {
  userId: string;
  callbackUrl: string;
  objectFilter: '' | WebhookObject;
  eventFilter: string;
  groupId: string | null;
  notify: 'realtime' | (typeof LEGACY_NOTIFY)[number];
  hmacSecret: string | null;
  now?: number;
}

export function insertRegistration(db: Db, input: RegistrationInput): string {
  const id = randomUUID();
  const now = input.now ?? Date.now();
  db.prepare(
    `INSERT INTO webhook_registrations (id, user_id, callback_url, object_filter, event_filter, group_id, notify, hmac_secret, last_batch_at, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, input.userId, input.callbackUrl, input.objectFilter, input.eventFilter, input.groupId, input.notify, input.hmacSecret, now, now);
  return id;
}

/** Removes a registration; its undelivered deliveries are cancelled, its log stays. */
export function removeRegistration(db: Db, id: string, now = Date.now()): void {
  transaction(db, () => {
    db.prepare('UPDATE webhook_registrations SET removed_ms = ? WHERE id = ? AND removed_ms IS NULL').run(now, id);
    db.prepare(
      `UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL, lease_expires_at = NULL
       WHERE registration_id = ? AND state IN ('pending', 'held')`,
    ).run(now, id);
  });
}
