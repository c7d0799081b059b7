/**
 * CORS for the REST API. The components run on the customer's page, another origin
 * than this server, and call /api/v1/ with a component token. Every credential here
 * travels in the Authorization header (never a cookie, and Access-Control-Allow-Credentials
 * is never sent), so answering a page's origin grants it nothing it does not already hold;
 * `corsOrigins` narrows it when wanted.
 *
 * Answers that hand out a secret the caller did not send (the demo session's API key, the tokens
 * a link exchange mints) are routes with `config: { cors: 'own-origin' }`: only this server's own
 * origin (the base URL's) and the origins listed in ESIGN_CORS_ORIGINS may read them, whatever
 * the default. docs/security.md has the whole policy.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CorsOrigins } from '../config.ts';
export type { CorsOrigins } from '../config.ts';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
// X-Esign-Demo is deliberately absent: the demo session must never be asked for cross-origin.
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
// Headers a cross-origin page may read from our answers.
const EXPOSED_HEADERS =
  'Location, X-Esign-Pdf, X-Esign-Page-Size, X-Esign-Page-Sizes, Content-Disposition, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `own-origin`: the answer carries a secret; only the server's origin and ESIGN_CORS_ORIGINS may read it. */
    cors?: 'own-origin';
  }
}

export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** The origins that may read secret-bearing answers: the base URL's, plus any listed explicitly. */
export function trustedOrigins(origins: CorsOrigins, baseUrl: string): string[] {
  let own: string[] = [];
  try {
    own = [new URL(baseUrl).origin];
  } catch {
    // a base URL that is not a URL trusts no origin of its own
  }
  return origins === '*' ? own : [...own, ...origins];
}

/** `baseUrl()` is read per request: with port 0 the real base URL is known only after listen. */
export function installCors(app: FastifyInstance, origins: CorsOrigins, baseUrl: () => string): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // /upload/<token>: the signed URL is the credential, PUT from the page that embeds the editor.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/upload/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const ownOriginOnly = request.routeOptions.config?.cors === 'own-origin';
    const allowed = ownOriginOnly || origins !== '*' ? trustedOrigins(origins, baseUrl()).includes(origin) : true;
    if (!allowed) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    // A preflight carries no Authorization: answer it before the auth gate and the trailing-slash check.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
