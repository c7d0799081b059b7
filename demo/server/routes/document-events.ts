/**
 * `GET /api/v1/status/{id}/events/`: one document's lifecycle events as server-sent events, as they are
 * committed (the GraphQL group feed's events, store/feed-events.ts, filtered to this document). For pages
 * and programs holding an API key, which the WebSocket feeds (full schema only) refuse: the demo
 * walkthrough updates its status from here. Each event names what happened; read the document for its
 * state. `text/event-stream` over a plain GET, so `fetch` can send the key in its Authorization header.
 */
import { Type } from 'typebox';
import type { App } from '../http/typed-app.ts';
import { requireApiKey } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../domain/uris.ts';
import { errorResponses } from '../schemas/common.ts';
import { DocumentIdParams } from './documents-schemas.ts';
import { feedHubOf } from '../graphql/feeds/sockets.ts';
import { groupTopic } from '../graphql/feeds/hub.ts';

/** A comment line now and then keeps proxies and idle timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/** The envelope's document id (`doc<uuid>`), for a document event and a recipient event alike. */
function documentOf(body: string): { event: string; document: unknown } | undefined {
  try {
    const envelope = JSON.parse(body) as { event?: unknown; data?: { id?: unknown; documentId?: unknown } };
    if (typeof envelope.event !== 'string' || !envelope.data) return undefined;
    return { event: envelope.event, document: String(envelope.data.id).startsWith('doc') ? envelope.data.id : envelope.data.documentId };
  } catch {
    return undefined;
  }
}

export default async function documentEventRoutes(app: App): Promise<void> {
  const open = new Set<() => void>();
  // Fastify's close waits for open responses: end every stream first.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/api/v1/status/:id/events/',
    {
      schema: {
        summary: "A document's events as they happen (server-sent events)",
        tags: ['documents'],
        params: DocumentIdParams,
        produces: ['text/event-stream'],
        description:
          "A `text/event-stream` of this document's document and recipient events (the names of the GraphQL group feed: `documentCreated`, `recipientCompleted`, `recipientSentEmail`, …), each `data` the feed's event envelope as JSON. The stream opens with a `ready` event; read the document then, and again after each event.",
        response: { 200: Type.String({ description: 'text/event-stream' }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const row = isUuid(id) ? await app.store.documents.statusRow(id.toLowerCase()) : undefined;
      if (!row || !auth.groupIds.includes(row.group_id)) throw notFound('Document', id);
      const hub = feedHubOf(app.server);
      if (!hub) throw notFound('Event stream');
      const wanted = `doc${row.id}`;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
      });
      const events = hub.subscribe(groupTopic(row.group_id));
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      const end = () => {
        clearInterval(keepAlive);
        open.delete(end);
        void events.return?.();
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      request.raw.socket.once('close', end);
      raw.once('close', end);
      raw.write(`retry: 2000\nevent: ready\ndata: {"id":"${wanted}"}\n\n`);
      for await (const body of events) {
        const about = documentOf(body);
        if (about?.document === wanted) raw.write(`event: ${about.event}\ndata: ${body}\n\n`);
      }
      end();
    },
  );
}
