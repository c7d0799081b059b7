/**
 * The durable outbox. `enqueueEvent` runs inside the caller's transaction: the event row, one
 * delivery per matching registration, and (for "once" events) the uniqueness claim commit or
 * roll back together with the state change that caused them. The worker (worker.ts) only ever
 * reads what has been committed.
 */
import { lifecycleFeedRow } from './feed.ts';
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.ts';
import { buildEventPayload, isOnceEvent } from './payload.ts';
import type { DocumentSnapshot, WebhookEventName, WebhookObject } from './payload.ts';
import { flushNamedBatches, LEGACY_NOTIFY } from './legacy.ts';
import type { GroupRegistration } from '../store/webhook-rows.ts';

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
export async function matchingRegistrations(store: Store, object: string, event: string, groupId: string): Promise<MatchingRegistration[]> {
  return matching(await store.webhooks.groupRegistrations(groupId), object, event);
}

/** Of a group's registrations, those whose object and event filters let `object.event` through, oldest first. */
function matching(registrations: readonly GroupRegistration[], object: string, event: string): MatchingRegistration[] {
  return registrations
    .filter((r) => (r.objectFilter === '' || r.objectFilter === object) && (r.eventFilter === '' || r.eventFilter === event))
    .map(({ id, notify }) => ({ id, notify }));
}

const wakeListeners = new Set<() => void>();

/** Workers in this process register here so a new event is delivered without waiting for a poll. */
export function onOutboxWrite(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** Once the transaction that wrote the event has committed, and outside it: workers then see the rows. */
function wakeWorkers(store: Store): void {
  store.sql.afterCommit(() => {
    for (const listener of wakeListeners) listener();
  });
}

/**
 * Writes one event and its deliveries. Returns null when a "once" event was already emitted for
 * this subject (nothing is written). Call it inside the transaction of the state change.
 */
export async function enqueueEvent(store: Store, input: EnqueueInput): Promise<EnqueueResult | null> {
  const now = input.now ?? Date.now();
  const origin = input.origin ?? 'operation';
  const subjectId = input.object === 'recipient' ? input.recipientId : input.snapshot.uuid;
  if (!subjectId) throw new Error(`${input.object}.${input.event} needs a recipient id`);
  const payload = buildEventPayload(input.object, input.event, input.snapshot, input.recipientId, { now });
  const onceKey = origin === 'operation' && isOnceEvent(input.object, input.event) ? `${input.object}.${input.event}:${subjectId}` : null;
  const write = async (): Promise<EnqueueResult | null> => {
    // One read serves both the event's deliveries and the named batches it may cut; an operation's
    // event also goes on the GraphQL group feed, written with it.
    const feedRow = origin === 'operation' ? lifecycleFeedRow(input.object, input.event, input.snapshot, input.recipientId, now) : undefined;
    const registrations = await store.webhooks.insertEventForRegistrations(
      {
        id: payload.id,
        object: input.object,
        event: input.event,
        subjectId,
        documentId: input.snapshot.uuid,
        recipientId: input.recipientId ?? null,
        groupId: input.snapshot.groupId,
        onceKey,
        origin,
        body: JSON.stringify(payload),
        now,
      },
      input.snapshot.groupId,
      feedRow,
    );
    if (!registrations) return null;
    let targets = matching(registrations, input.object, input.event);
    if (input.onlyRegistrations) targets = targets.filter((r) => input.onlyRegistrations!.includes(r.id));
    for (const target of targets) {
      await store.webhooks.insertDelivery(payload.id, target.id, target.notify === 'realtime' ? 'pending' : 'held', now);
    }
    let batches = 0;
    if (origin === 'operation') batches = await flushNamedBatches(store, input.object, input.event, input.snapshot, now, registrations);
    // No delivery queued, nothing for a worker to claim: waking it would cost a claiming transaction per event.
    if (targets.length > 0 || batches > 0) wakeWorkers(store);
    return { eventId: payload.id, registrations: targets.map((t) => t.id) };
  };
  // Inside the caller's transaction its writes are already all-or-nothing; a savepoint would only add two round trips.
  return store.sql.inTransaction() ? await write() : await store.transaction(write);
}

/** Queues one more delivery of a logged event to one registration (the dashboard's replay). */
export async function replayEvent(store: Store, eventId: string, registrationId: string, now = Date.now()): Promise<number> {
  const id = await store.webhooks.insertDelivery(eventId, registrationId, 'pending', now, 'replay');
  wakeWorkers(store);
  return id;
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

export async function insertRegistration(store: Store, input: RegistrationInput): Promise<string> {
  const id = randomUUID();
  await store.webhooks.insertRegistration({ ...input, id, now: input.now ?? Date.now() });
  return id;
}

/** Removes a registration; its undelivered deliveries are cancelled, its log stays. */
export async function removeRegistration(store: Store, id: string, now = Date.now()): Promise<void> {
  await store.transaction(() => store.webhooks.removeRegistration(id, now));
}
