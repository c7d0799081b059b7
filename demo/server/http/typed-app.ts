/**
 * The app as route plugins see it: Fastify with the TypeBox type provider, so `request.body`,
 * `request.query`, `request.params` and the handler's answer are typed from the route's schema
 * (no casts). Types only: validation stays in http/validation.ts.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A route plugin: every file in routes/ default-exports one, listed in routes/index.ts. */
export type RoutePlugin = (app: App) => Promise<void>;

/**
 * The request a shared loader receives from routes whose URL has `:id` (each of those routes
 * declares an `id` params schema, so the handler's typed request fits this).
 */
export type IdRequest = FastifyRequest & { params: { id: string } };
