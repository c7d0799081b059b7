/**
 * Subscriptions over WebSocket on `/graphql` with the `graphql-transport-ws` protocol, served by the
 * `graphql-ws` server (the protocol's reference implementation: its close codes are the ones the
 * hosted service's clients expect — 4400 bad message, 4401 subscribe before ack, 4403 refused at
 * connect, 4408 no init in time, 4409 duplicate id, 4429 repeated init). `connectionParams.Authorization`
 * is checked at `connection_init` the way the HTTP endpoint checks its header; the feeds themselves
 * belong to the full schema (an SRP access token), as in GRAPHQL.md §6.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { graphqlCallerFromToken } from '../auth.ts';
import type { GraphqlCaller } from '../context.ts';
import { appSyncError } from '../errors.ts';
import { depthRule, fieldCountRule } from '../limits.ts';
import { FeedHub } from './hub.ts';
import { FeedTailer } from './tailer.ts';
import { installFeedResolvers } from './resolvers.ts';

/** Largest client message (a subscribe with its query); feeds need far less. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Open subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

interface ConnectionState {
  caller?: GraphqlCaller;
  subscriptions: number;
}

export function attachFeedSockets(app: FastifyInstance, schema: GraphQLSchema): void {
  const hub = new FeedHub();
  const tailer = new FeedTailer(app.store, hub);
  installFeedResolvers(schema, hub);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const states = new WeakMap<object, ConnectionState>();
  const rules = [...specifiedRules, depthRule, fieldCountRule];

  const disposable = useServer(
    {
      schema,
      connectionInitWaitTimeout: 3_000,
      validate: (s, document) => validate(s, document, rules),
      onConnect: async (ctx) => {
        const raw =
          (ctx.connectionParams as Record<string, unknown> | undefined)?.Authorization ??
          (ctx.connectionParams as Record<string, unknown> | undefined)?.authorization;
        if (typeof raw !== 'string') return false;
        const caller = await graphqlCallerFromToken(app, raw, { ip: ctx.extra.request.socket.remoteAddress ?? '', headers: ctx.extra.request.headers });
        if (!caller) return false;
        states.set(ctx, { caller, subscriptions: 0 });
        return true;
      },
      onSubscribe: (ctx) => {
        const state = states.get(ctx)!;
        if (state.subscriptions >= MAX_SUBSCRIPTIONS_PER_CONNECTION)
          return [new GraphQLError(`One connection may hold ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions; open another connection.`)];
        state.subscriptions++;
      },
      onComplete: (ctx) => {
        const state = states.get(ctx);
        if (state) state.subscriptions = Math.max(0, state.subscriptions - 1);
      },
      context: (ctx) => ({ caller: states.get(ctx)!.caller, app }),
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((e) => {
          const formatted = appSyncError(e, (error) => app.log.error({ err: error }, 'GraphQL subscription failed'));
          return new GraphQLError(formatted.message, { path: formatted.path, extensions: { errorType: formatted.errorType } });
        }),
    },
    sockets,
  );

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql' && path !== '/graphql/') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);
  tailer.start();

  app.addHook('onClose', async () => {
    tailer.stop();
    app.server.off('upgrade', onUpgrade);
    for (const client of sockets.clients) client.close(1001, 'The server is shutting down.');
    await disposable.dispose();
    await new Promise((resolve) => sockets.close(resolve));
  });
}
