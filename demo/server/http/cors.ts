/**
 * CORS for the REST API. The components run on the customer's page, another origin
 * than this server, and call /api/v1/ with a component token. Every credential here
 * travels in the Authorization header (never a cookie), so answering a page's origin
 * grants it nothing it does not already hold; `corsOrigins` narrows it when wanted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Esign-Demo';
// Headers a cross-origin page may read from our answers.
const EXPOSED_HEADERS = 'Location, X-Esign-Pdf, Content-Disposition, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';

/** `'*'` answers any origin; otherwise the exact origins listed (scheme://host[:port]). */
export type CorsOrigins = '*' | string[];

export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  return value.split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean);
}

export function installCors(app: FastifyInstance, origins: CorsOrigins): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || (origins !== '*' && !origins.includes(origin))) return;
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
