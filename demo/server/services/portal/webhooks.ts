/**
 * Webhook registrations and the delivery log for the portal: the same rules and store as REST
 * (`POST /api/v1/subscribe/`, `/api/v1/webhook-deliveries/`), with domain errors instead of statuses.
 */
import type { Store } from '../../store/index.ts';
import type { DeliveryRow } from '../../store/webhooks.ts';
import { forbidden, invalidInput, notFound, unprocessable } from '../../domain/errors.ts';
import { insertRegistration, removeRegistration, replayEvent } from '../../webhooks/outbox.ts';
import { findRegistrations, getRegistration, listRegistrations, parseFilters } from '../../webhooks/registrations.ts';
import { documentIdOfRecipient, triggerEvent } from '../../webhooks/emit.ts';
import { isKnownEvent } from '../../webhooks/payload.ts';
import type { WebhookEventName, WebhookObject } from '../../webhooks/payload.ts';
import { checkCallbackUrl } from '../../webhooks/ssrf.ts';

export interface NewWebhook {
  url: string;
  /** `document.*`, `recipient.completed`, …; empty for every event. */
  eventFilter?: string | null;
  /** Only this group's events; null for every group where the user is an admin. */
  groupId?: string | null;
}

/** Registers a callback (idempotent on the same settings, as REST's subscribe); answers its id. */
export async function createWebhook(store: Store, userId: string, groupIds: readonly string[], input: NewWebhook, allowPrivate: boolean): Promise<string> {
  const filters = parseFilters({ eventFilter: input.eventFilter ?? '' });
  if (!filters.ok) throw invalidInput(`${filters.field}: ${filters.message}.`, [{ field: filters.field, message: filters.message }]);
  const groupId = input.groupId ?? null;
  if (groupId !== null && !groupIds.includes(groupId)) throw notFound('Group', groupId);
  if (groupId ? !store.users.isGroupAdmin(userId, groupId) : store.users.adminGroupIds(userId).length === 0) {
    throw forbidden('Receiving team events needs team Admin permission.', 'group_admin_required');
  }
  const target = await checkCallbackUrl(input.url, { allowPrivate });
  if (!target.ok) throw invalidInput(`${target.message}.`, [{ field: 'url', message: target.message }]);
  const settings = { callbackUrl: input.url, objectFilter: filters.objectFilter, eventFilter: filters.eventFilter, groupId, notify: 'realtime' as const };
  const existing = findRegistrations(store, userId, settings);
  if (existing.length > 0) return existing[0].id;
  return insertRegistration(store, { userId, ...settings, hmacSecret: null });
}

export function deleteWebhook(store: Store, userId: string, id: string): void {
  if (!getRegistration(store, userId, id)) throw notFound('Webhook', id);
  removeRegistration(store, id);
}

/** The newest deliveries of the user's registrations, with the exact request body every attempt sent. */
export function webhookDeliveries(store: Store, userId: string, limit: number): Array<DeliveryRow & { requestBody: string }> {
  const { rows } = store.webhooks.deliveryLog({ userId }, Math.min(Math.max(limit, 1), 200), 0);
  return rows.map((row) => ({ ...row, requestBody: store.webhooks.eventBody(row.event_id) }));
}

/** Queues the logged event again (same id and body) for its registration; answers the new delivery. */
export function replayWebhookDelivery(store: Store, userId: string, id: number): DeliveryRow & { requestBody: string } {
  const row = Number.isSafeInteger(id) ? store.webhooks.delivery(id, userId) : undefined;
  if (!row) throw notFound('Webhook delivery', String(id));
  if (!getRegistration(store, userId, row.registration_id)) {
    throw unprocessable(
      'That registration has been removed; a replay needs a live registration.',
      [{ field: 'id', message: 'registration removed' }],
      'registration_removed',
    );
  }
  const replayed = store.webhooks.delivery(replayEvent(store, row.event_id, row.registration_id), userId)!;
  return { ...replayed, requestBody: store.webhooks.eventBody(replayed.event_id) };
}

export interface TestEvent {
  object: string;
  event: string;
  documentId?: string | null;
  recipientId?: string | null;
}

/**
 * Sends an event about a real document or recipient, built as it is now (a new event id), to the user's
 * registrations that receive it: the rules of `POST /api/v1/webhook-events/trigger/`. Answers the event id.
 */
export function triggerTestEvent(store: Store, userId: string, groupIds: readonly string[], input: TestEvent): string {
  if (!isKnownEvent(input.object, input.event)) {
    throw unprocessable(`${input.object}.${input.event} is not a webhook event.`, [{ field: 'event', message: 'unknown object/event pair' }]);
  }
  let documentId = input.documentId ?? undefined;
  if (input.object === 'recipient') {
    if (!input.recipientId) throw unprocessable('A recipient event needs the recipient (signer) id.', [{ field: 'recipientId', message: 'is required' }]);
    const owner = documentIdOfRecipient(store, input.recipientId);
    if (!owner || (documentId && owner !== documentId)) throw notFound('Recipient', input.recipientId);
    documentId = owner;
  }
  if (!documentId) throw unprocessable('A document event needs the document id.', [{ field: 'documentId', message: 'is required' }]);
  const groupId = store.webhooks.groupIdOfDocument(documentId);
  if (!groupId || !groupIds.includes(groupId)) throw notFound('Document', documentId);
  const targets = listRegistrations(store, userId, 10_000, 0).registrations.map((r) => r.id);
  // One transaction: when nobody would receive it, nothing is written.
  return store.transaction(() => {
    const queued = triggerEvent(
      store,
      { object: input.object as WebhookObject, event: input.event as WebhookEventName, documentId: documentId!, recipientId: input.recipientId ?? undefined },
      targets,
    );
    if (!queued || queued.registrations.length === 0) {
      throw unprocessable(
        `None of your webhooks receives ${input.object}.${input.event} for this document's group.`,
        [{ field: 'event', message: 'no matching webhook' }],
        'no_matching_registration',
      );
    }
    return queued.eventId;
  });
}
