/**
 * The delivery log and test events for the portal: the same rules and store as REST
 * (`/api/v1/webhook-deliveries/`, `/api/v1/webhook-events/trigger/`), with domain errors instead of statuses.
 * Registering and removing webhooks is graphql/webhook-resolvers.ts (createWebhook, …) over webhooks/subscribe.ts.
 */
import type { Store } from '../../store/index.ts';
import type { DeliveryRow } from '../../store/webhook-rows.ts';
import { notFound, unprocessable } from '../../domain/errors.ts';
import { replayEvent } from '../../webhooks/outbox.ts';
import { getRegistration, listRegistrations } from '../../webhooks/registrations.ts';
import { documentIdOfRecipient, triggerEvent } from '../../webhooks/emit.ts';
import { isKnownEvent } from '../../webhooks/payload.ts';
import type { WebhookEventName, WebhookObject } from '../../webhooks/payload.ts';

/** The newest deliveries of the user's registrations, with the exact request body every attempt sent. */
export async function webhookDeliveries(store: Store, userId: string, limit: number): Promise<Array<DeliveryRow & { requestBody: string }>> {
  const { rows } = await store.webhooks.deliveryLog({ userId }, Math.min(Math.max(limit, 1), 200), 0);
  return Promise.all(rows.map(async (row) => ({ ...row, requestBody: await store.webhooks.eventBody(row.event_id) })));
}

/** Queues the logged event again (same id and body) for its registration; answers the new delivery. */
export async function replayWebhookDelivery(store: Store, userId: string, id: number): Promise<DeliveryRow & { requestBody: string }> {
  const row = Number.isSafeInteger(id) ? await store.webhooks.delivery(id, userId) : undefined;
  if (!row) throw notFound('Webhook delivery', String(id));
  if (!(await getRegistration(store, userId, row.registration_id))) {
    throw unprocessable(
      'That registration has been removed; a replay needs a live registration.',
      [{ field: 'id', message: 'registration removed' }],
      'registration_removed',
    );
  }
  const replayed = (await store.webhooks.delivery(await replayEvent(store, row.event_id, row.registration_id), userId))!;
  return { ...replayed, requestBody: await store.webhooks.eventBody(replayed.event_id) };
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
export async function triggerTestEvent(store: Store, userId: string, groupIds: readonly string[], input: TestEvent): Promise<string> {
  if (!isKnownEvent(input.object, input.event)) {
    throw unprocessable(`${input.object}.${input.event} is not a webhook event.`, [{ field: 'event', message: 'unknown object/event pair' }]);
  }
  let documentId = input.documentId ?? undefined;
  if (input.object === 'recipient') {
    if (!input.recipientId) throw unprocessable('A recipient event needs the recipient (signer) id.', [{ field: 'recipientId', message: 'is required' }]);
    const owner = await documentIdOfRecipient(store, input.recipientId);
    if (!owner || (documentId && owner !== documentId)) throw notFound('Recipient', input.recipientId);
    documentId = owner;
  }
  if (!documentId) throw unprocessable('A document event needs the document id.', [{ field: 'documentId', message: 'is required' }]);
  const groupId = await store.webhooks.groupIdOfDocument(documentId);
  if (!groupId || !groupIds.includes(groupId)) throw notFound('Document', documentId);
  const targets = (await listRegistrations(store, userId, 10_000, 0)).registrations.map((r) => r.id);
  // One transaction: when nobody would receive it, nothing is written.
  return await store.transaction(async () => {
    const queued = await triggerEvent(
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
