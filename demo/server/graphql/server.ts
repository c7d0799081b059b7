/**
 * Mercurius on our Fastify, schema-first: schema.graphql is the contract, resolvers.ts answers it.
 * Callers are authenticated before mercurius sees the request (401 in the AppSync shape), counted
 * against the same rate limit as REST, and an API key only reaches the allow-listed fields.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { IResolvers, MercuriusOptions } from 'mercurius';
import type { ExecutionResult } from 'graphql';
import { applyRateLimit } from '../auth/hook.ts';
import type { GraphqlCaller } from './context.ts';
import { graphqlCaller, unauthorizedBody } from './auth.ts';
import { resolvers as coreResolvers } from './resolvers.ts';
import { portalResolvers } from './portal.ts';
import { portalGroupResolvers } from './portal-groups.ts';
import { enforceApiKeyFields } from './api-key-fields.ts';
import { enforceSecondFactor } from './second-factor-gate.ts';
import { appSyncError, refusalBody, unwrapValidation } from './errors.ts';
import { RateLimitedError } from '../domain/errors.ts';
import type { AppSyncResult } from './errors.ts';
import { depthRule, fieldCountRule } from './limits.ts';
import { attachFeedSockets } from './feeds/sockets.ts';

const sdl = (name: string) => fs.readFileSync(new URL(name, import.meta.url), 'utf8');

/** The contract (schema.graphql), then the developer portal's extensions (portal.graphql, portal-groups.graphql). */
export const SCHEMA_SDL = [sdl('./schema.graphql'), sdl('./portal.graphql'), sdl('./portal-groups.graphql')].join('\n');

/** Every resolver map, merged per type. */
const resolvers: IResolvers = {};
for (const part of [coreResolvers, portalResolvers, portalGroupResolvers]) {
  for (const [type, fields] of Object.entries(part)) resolvers[type] = { ...(resolvers[type] as object), ...(fields as object) } as IResolvers[string];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /graphql scope's onRequest hook: who calls (null before it runs). */
    graphqlCaller: GraphqlCaller | null;
  }
}

/** Registers POST/GET /graphql in its own scope (the auth hook applies to nothing else). */
export async function registerGraphql(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // mercurius's response schema would drop the AppSync fields (errorType, errorInfo) and stringify
    // path indexes: answers here are serialized as they are.
    scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
    // GraphQL is described by its SDL (GET /graphql/schema.graphql), not by the REST OpenAPI document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // A request property declared up front, not a WeakMap keyed by requests: such a map's entries are
    // ephemerons every young-generation collection must process, for requests that are mostly already gone.
    scope.decorateRequest('graphqlCaller', null);
    scope.addHook('onRequest', async (request, reply) => {
      const caller = await graphqlCaller(app, request);
      if (!caller) return reply.code(401).type('application/json').send(unauthorizedBody(request.headers.authorization));
      request.graphqlCaller = caller;
      try {
        await applyRateLimit(app.store, app.config, caller.auth, reply);
      } catch (error) {
        // Answered here, in the AppSync shape: thrown, it reached mercurius's error handler, which cannot answer without a caller (a 500).
        if (!(error instanceof RateLimitedError)) throw error;
        return reply
          .code(429)
          .header('Retry-After', String(error.retryAfterSeconds ?? 1))
          .type('application/json')
          .send(refusalBody(error));
      }
    });

    const options: MercuriusOptions = {
      schema: SCHEMA_SDL,
      resolvers,
      path: '/graphql',
      graphiql: false,
      // From its second run a query is compiled with graphql-jit (about 1.4× the requests/s; jit.test.ts
      // checks compiled and interpreted answers agree, errors included).
      jit: 1,
      validationRules: [depthRule, fieldCountRule],
      // Merged into mercurius's own context (app, reply, pubsub): resolvers get GraphqlContext.
      context: (request) => {
        const caller = request.graphqlCaller;
        if (!caller) throw new Error('GraphQL request without a caller: the onRequest hook did not run.');
        return { caller };
      },
      errorFormatter: (execution: ExecutionResult & { statusCode?: number }, context) => {
        const errors = unwrapValidation(execution.errors ?? []).map((e) =>
          appSyncError(e, (error) => context.reply.log.error({ err: error }, 'GraphQL resolver failed')),
        );
        const response: AppSyncResult = { data: execution.data ?? null, errors };
        // Resolver errors answer 200 (AppSync); a request that could not run at all keeps mercurius's 4xx, never a 5xx.
        // A body over the limit keeps REST's 413.
        const requestStatus = errors.some((e) => e.errorInfo?.code === 'too_large') ? 413 : execution.statusCode;
        const statusCode = execution.data !== undefined ? 200 : Math.min(requestStatus && requestStatus >= 400 ? requestStatus : 400, 499);
        return { statusCode, response };
      },
    };
    await scope.register(mercurius, options);
    attachFeedSockets(app, scope.graphql.schema);
    // The second-factor gate inside, the API-key allow-list outside: an API key is refused by the allow-list first.
    enforceSecondFactor(scope.graphql.schema);
    enforceApiKeyFields(scope.graphql.schema);
  });
}
