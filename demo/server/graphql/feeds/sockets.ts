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
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { graphqlCallerFromToken, unauthorizedInfo } from '../auth.ts';
import { countCall } from '../../auth/hook.ts';
import type { GraphqlCaller } from '../context.ts';
import { appSyncError, GqlError } from '../errors.ts';
import { depthRule, fieldCountRule } from '../limits.ts';
import { FeedHub } from './hub.ts';
import { FeedTailer } from './tailer.ts';
import { installFeedResolvers } from './resolvers.ts';

/** Largest subscribe query (feeds need far less); a longer one is refused like HTTP's body limit, as an error. */
export const MAX_QUERY_BYTES = 64 * 1024;
/** Largest WebSocket frame the server reads at all (a bigger one closes the socket, 1009). */
const MAX_FRAME_BYTES = 1024 * 1024;
/** Open subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

interface ConnectionState {
  caller?: GraphqlCaller;
  subscriptions: number;
}

/** An error frame's entries, in the AppSync shape HTTP answers (errorType, errorInfo, path, locations). */
const refusal = (errorType: string, message: string, errorInfo: Record<string, unknown> | null): GraphQLError =>
  new GraphQLError(message, { originalError: new GqlError(errorType, message, errorInfo) });

/** Each app's hub, by its HTTP server: the document event stream (routes/document-events.ts) listens to the same feeds. */
const hubs = new WeakMap<object, FeedHub>();

/** The feeds of the app serving on `server` (undefined before GraphQL is registered). */
export const feedHubOf = (server: object): FeedHub | undefined => hubs.get(server);

export function attachFeedSockets(app: FastifyInstance, schema: GraphQLSchema): void {
  const hub = new FeedHub();
  hubs.set(app.server, hub);
  const tailer = new FeedTailer(app.store, hub);
  installFeedResolvers(schema, hub);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const states = new WeakMap<object, ConnectionState>();
  const rules = [...specifiedRules, depthRule, fieldCountRule];
  const formatted = (errors: readonly GraphQLError[]) =>
    errors.map((e) => appSyncError(e, (error) => app.log.error({ err: error }, 'GraphQL subscription failed'))) as unknown as GraphQLFormattedError[];

  const disposable = useServer(
    {
      schema,
      connectionInitWaitTimeout: 3_000,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams as Record<string, unknown> | undefined;
        const raw = params?.Authorization ?? params?.authorization;
        const authorization = typeof raw === 'string' ? raw : undefined;
        const caller =
          authorization &&
          (await graphqlCallerFromToken(app, authorization, { ip: ctx.extra.request.socket.remoteAddress ?? '', headers: ctx.extra.request.headers }));
        if (!caller) {
          // 4403 as the protocol says, its reason the AppSync type and code HTTP's 401 carries (a close reason holds 123 bytes: no message).
          ctx.extra.socket.close(4403, JSON.stringify({ errorType: 'UnauthorizedException', errorInfo: unauthorizedInfo(authorization) }));
          return false;
        }
        states.set(ctx, { caller, subscriptions: 0 });
        return true;
      },
      // Parsed and validated here rather than by graphql-ws, which closes the socket (4500) on a query that does not parse.
      onSubscribe: async (ctx, _id, payload) => {
        const state = states.get(ctx)!;
        if (Buffer.byteLength(payload.query) > MAX_QUERY_BYTES)
          return [refusal('ValidationError', `The query is longer than ${MAX_QUERY_BYTES} bytes.`, { code: 'too_large' })];
        if (state.subscriptions >= MAX_SUBSCRIPTIONS_PER_CONNECTION)
          return [
            refusal('Throttled', `One connection may hold ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions; open another connection.`, {
              code: 'too_many_subscriptions',
            }),
          ];
        // Each subscribe counts as one call, as a request over HTTP does.
        const { refusal: limited } = await countCall(app.store, app.config, state.caller!.auth);
        if (limited) return [new GraphQLError(limited.message, { originalError: limited })];
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : refusal('ValidationError', 'The query could not be parsed.', null)];
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length > 0) return invalid;
        state.subscriptions++;
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onComplete: (ctx) => {
        const state = states.get(ctx);
        if (state) state.subscriptions = Math.max(0, state.subscriptions - 1);
      },
      context: (ctx) => ({ caller: states.get(ctx)!.caller, app }),
      onError: (_ctx, _id, _payload, errors) => formatted(errors),
      // A refused subscription (another group's feed, an API key) answers one result with errors: the same shape.
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: formatted(result.errors) } : undefined),
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

  // preClose, not onClose: Fastify closes the HTTP server before onClose, and that close waits for the
  // upgraded sockets, so a connected subscriber kept the server from ever stopping. A client that does not
  // answer the close handshake within a second is cut off.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of sockets.clients) client.close(1001, 'The server is shutting down.');
    const cutOff = setTimeout(() => {
      for (const client of sockets.clients) client.terminate();
    }, 1_000);
    try {
      await disposable.dispose();
      await new Promise((resolve) => sockets.close(resolve));
    } finally {
      clearTimeout(cutOff);
    }
  });
  app.addHook('onClose', async () => tailer.stop());
}
