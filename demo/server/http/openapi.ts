/**
 * The OpenAPI 3 generator (@fastify/swagger), installed before the routes so it sees every one.
 * The routes serving the document and the /docs/ page are in routes/openapi.ts.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

const DESCRIPTION = `REST API v1 of the esign-elements server, a self-hostable implementation of the service specification.

Conventions (our decisions where the specification is silent):
- Authenticate with \`Authorization: Bearer <API key>\`. Keys are \`ak_<env>_<key-id>.<secret>\` (env sandbox|production) or 40-hex-character legacy keys. Components use short-lived component tokens in the same header.
- Every request URL ends with \`/\`; a URL without it gets a 404 that says so (no redirect).
- Request bodies are JSON with \`Content-Type: application/json\` (otherwise 415).
- Errors: \`{ "error": { "status", "code", "message", "fields"? } }\`; validation errors list every offending field. Resources of groups your key cannot see answer 404, exactly like missing ones.
- Lists: \`{ "meta": { limit, offset, total_count, next, previous }, "objects": [...] }\`; next/previous keep every filter.
- Rate limits: sandbox keys 100 calls per hour, production keys 10,000 per hour (configurable); every authenticated response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit: 429 with Retry-After.
- Uploads: the decoded PDF may be up to the configured size (default 25 MB); larger bodies get 413 naming the limit.`;

export async function installOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'esign-elements REST API v1', version: '1.0.0', description: DESCRIPTION },
      // Relative: resolved against wherever the document was fetched from (any host or port).
      servers: [{ url: '/', description: `This server (configured base URL ${baseUrl})` }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`ak_<env>_<key-id>.<secret>` or a legacy key), or a component token for the operations components use.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });
}
