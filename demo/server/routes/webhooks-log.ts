/**
 * The API dashboard's webhook operations: the delivery log (content and status of every
 * attempt), replay of a logged event, and a trigger that sends an event about a real document or
 * recipient to your registrations.
 */
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { errorResponses, ListOf, PaginationQuery } from '../schemas/common.ts';
import type { App } from '../http/typed-app.ts';
import { replayEvent } from '../webhooks/outbox.ts';
import { documentIdOfRecipient, triggerEvent } from '../webhooks/emit.ts';
import { getRegistration, listRegistrations } from '../webhooks/registrations.ts';
import { isKnownEvent } from '../webhooks/payload.ts';
import type { WebhookEventName, WebhookObject } from '../webhooks/payload.ts';
import type { DeliveryRow } from '../store/webhook-rows.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function deliveryResource(row: DeliveryRow) {
  return {
    id: row.id,
    resource_uri: `/api/v1/webhook-deliveries/${row.id}/`,
    registration: `/api/v1/notifications/${row.registration_id}/`,
    callback_url: row.callback_url,
    event_id: row.event_id,
    object: row.object,
    event: row.event,
    document: row.document_id,
    recipient: row.recipient_id,
    origin: row.origin,
    reason: row.reason,
    state: row.state,
    attempts: row.attempts,
    next_attempt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
    last_status: row.last_status,
    last_error: row.last_error,
    created: iso(row.created_ms),
    finished: iso(row.finished_ms),
  };
}

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const DeliveryResource = Type.Object({
  id: Type.Integer(),
  resource_uri: Type.String(),
  registration: Type.String({ description: 'URI of the registration the delivery goes to.' }),
  callback_url: Type.String(),
  event_id: Type.String({ description: 'The payload `id` (stable across retries and replays).' }),
  object: Type.String({ description: '`document`, `recipient`, or `batch` for a legacy batched delivery.' }),
  event: Type.String(),
  document: Nullable(Type.String()),
  recipient: Nullable(Type.String()),
  origin: Type.String({ description: '`operation` (a real event), `trigger` (a dashboard test event) or `batch`.' }),
  reason: Type.String({ description: '`event`, or `replay` for a replayed delivery.' }),
  state: Type.String({ description: '`pending`, `delivered`, `failed`, `held` (legacy, waiting for its batch), `batched` or `cancelled`.' }),
  attempts: Type.Integer(),
  next_attempt: Nullable(Type.String()),
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created: Nullable(Type.String()),
  finished: Nullable(Type.String()),
});

const AttemptResource = Type.Object({
  attempt: Type.Integer(),
  url: Type.String(),
  request_headers: Type.Record(Type.String(), Type.String()),
  status: Nullable(Type.Integer()),
  response_body: Nullable(Type.String()),
  error: Nullable(Type.String()),
  outcome: Type.String({ description: '`delivered`, `retry` or `failed`.' }),
  started: Nullable(Type.String()),
  duration_ms: Type.Integer(),
});

const DeliveryDetail = Type.Intersect([
  DeliveryResource,
  Type.Object({ request_body: Type.String({ description: 'The exact JSON body every attempt sends.' }), attempts_log: Type.Array(AttemptResource) }),
]);

const LogQuery = Type.Object({
  ...PaginationQuery,
  registration: Type.Optional(Type.String({ maxLength: 100, description: 'Only deliveries of this registration id.' })),
  state: Type.Optional(Type.Union(['pending', 'delivered', 'failed', 'held', 'batched', 'cancelled'].map((s) => Type.Literal(s)))),
  document: Type.Optional(Type.String({ maxLength: 100, description: 'Only events about this document id.' })),
});

const TriggerBody = Type.Object({
  object: Type.String({ description: '`document` or `recipient`.' }),
  event: Type.String({ description: 'An event of that object, e.g. `finalPdfCreated`.' }),
  document: Type.Optional(Type.String({ maxLength: 100, description: 'Document id (for document events).' })),
  recipient: Type.Optional(Type.String({ maxLength: 100, description: 'Recipient (signer) id (for recipient events).' })),
  registration: Type.Optional(Type.String({ maxLength: 100, description: 'Send only to this registration of yours.' })),
});

export default async function logRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/webhook-deliveries/',
    {
      schema: {
        summary: 'Webhook delivery log',
        tags: ['webhooks'],
        description: 'Deliveries to your registrations (also removed ones), newest first, with state, attempt count and last answer. Detail has every attempt.',
        querystring: LogQuery,
        response: { 200: ListOf(DeliveryResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const q = request.query;
      const { total, rows } = await store.webhooks.deliveryLog(
        { userId: auth.user.id, registration: q.registration, state: q.state, document: q.document },
        q.limit,
        q.offset,
      );
      return {
        meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { registration: q.registration, state: q.state, document: q.document }),
        objects: rows.map(deliveryResource),
      };
    },
  );

  const findDelivery = async (userId: string, id: string): Promise<DeliveryRow> => {
    const row = /^\d+$/.test(id) ? await store.webhooks.delivery(Number(id), userId) : undefined;
    if (!row) throw notFound('Webhook delivery', id);
    return row;
  };

  app.get(
    '/api/v1/webhook-deliveries/:id/',
    {
      schema: {
        summary: 'One delivery with the request body and every attempt',
        tags: ['webhooks'],
        params: Type.Object({ id: Type.String({ maxLength: 30 }) }),
        response: { 200: DeliveryDetail, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const row = await findDelivery(auth.user.id, request.params.id);
      const body = await store.webhooks.eventBody(row.event_id);
      const attempts = await store.webhooks.attempts(row.id);
      return {
        ...deliveryResource(row),
        request_body: body,
        attempts_log: attempts.map((a) => ({
          attempt: a.attempt,
          url: a.url,
          request_headers: JSON.parse(a.request_headers) as Record<string, string>,
          status: a.status,
          response_body: a.response_body,
          error: a.error,
          outcome: a.outcome,
          started: iso(a.started_ms),
          duration_ms: a.duration_ms,
        })),
      };
    },
  );

  app.post(
    '/api/v1/webhook-deliveries/:id/replay/',
    {
      schema: {
        summary: 'Replay a logged event',
        tags: ['webhooks'],
        description:
          "Queues the same event (same id, same body) again for the same registration, whatever the first delivery's outcome. Answers 201 with the new delivery.",
        params: Type.Object({ id: Type.String({ maxLength: 30 }) }),
        response: { 201: DeliveryResource, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const row = await findDelivery(auth.user.id, request.params.id);
      if (!(await getRegistration(store, auth.user.id, row.registration_id))) {
        throw unprocessable(
          'That registration has been removed; a replay needs a live registration.',
          [{ field: 'id', message: 'registration removed' }],
          'registration_removed',
        );
      }
      const newId = await replayEvent(store, row.event_id, row.registration_id);
      reply.code(201).header('Location', `/api/v1/webhook-deliveries/${newId}/`);
      return deliveryResource((await store.webhooks.delivery(newId))!);
    },
  );

  app.post(
    '/api/v1/webhook-events/trigger/',
    {
      schema: {
        summary: 'Send an event about a real document or recipient to your registrations',
        tags: ['webhooks'],
        description:
          'Builds the payload from the document/recipient as it is now and sends it (a new event id) to your registrations ' +
          "that receive this object/event for the document's group, or only to `registration`. Test events are not " +
          'subject to "once" and do not count as the real event. 404 for documents your key cannot see.',
        body: TriggerBody,
        response: {
          201: Type.Object({ event_id: Type.String(), registrations: Type.Array(Type.String({ description: 'Registration URI' })) }),
          ...errorResponses(400, 401, 403, 404, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      if (!isKnownEvent(body.object, body.event)) {
        throw unprocessable(`${body.object}.${body.event} is not a webhook event.`, [{ field: 'event', message: 'unknown object/event pair' }]);
      }
      let documentId = body.document;
      if (body.object === 'recipient') {
        if (!body.recipient) throw unprocessable('A recipient event needs `recipient` (the signer id).', [{ field: 'recipient', message: 'is required' }]);
        const owner = await documentIdOfRecipient(store, body.recipient);
        if (!owner || (documentId && owner !== documentId)) throw notFound('Recipient', body.recipient);
        documentId = owner;
      }
      if (!documentId) throw unprocessable('A document event needs `document` (the document id).', [{ field: 'document', message: 'is required' }]);
      const groupId = await store.webhooks.groupIdOfDocument(documentId);
      if (!groupId || !auth.groupIds.includes(groupId)) throw notFound('Document', documentId);
      let targets = (await listRegistrations(store, auth.user.id, 10_000, 0)).registrations.map((r) => r.id);
      if (body.registration) {
        if (!targets.includes(body.registration)) throw notFound('Webhook registration', body.registration);
        targets = [body.registration];
      }
      // One transaction: when nobody would receive it, nothing is written.
      const result = await app.store.transaction(async () => {
        const queued = (await triggerEvent(
          store,
          { object: body.object as WebhookObject, event: body.event as WebhookEventName, documentId: documentId!, recipientId: body.recipient },
          targets,
        ))!;
        if (queued.registrations.length === 0) {
          throw unprocessable(
            `None of your registrations receives ${body.object}.${body.event} for this document's group (check the filters and that you are admin of the group).`,
            [{ field: 'registration', message: 'no matching registration' }],
            'no_matching_registration',
          );
        }
        return queued;
      });
      reply.code(201);
      return { event_id: result.eventId, registrations: result.registrations.map((id) => `/api/v1/notifications/${id}/`) };
    },
  );
}
