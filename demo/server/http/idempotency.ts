/**
 * Idempotent POSTs (like Stripe's): a client that sends `Idempotency-Key: <unique string>` with a POST
 * under /api/ can retry it safely — a double click, a timeout, a lost answer — and the server does the
 * work once. One hook for every route, never per route:
 *
 * - the first request with a key claims (API key, Idempotency-Key, method, path) and runs; whatever the
 *   route answers (status, Content-Type, Location, body) is stored for 24 hours;
 * - the same key again with the same body (and query) gets the stored answer, with `Idempotent-Replayed: true`;
 * - the same key with a different body is refused with 422 `idempotency_key_reused`;
 * - while the first request still runs, a repeat gets 409 `idempotency_key_in_use` and Retry-After;
 * - answers a retry should not inherit (5xx, 429, streamed bodies) are not stored: the key is free again.
 *
 * Requests without the header behave as before. See docs/decisions/server.md.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/index.ts';
import type { IdempotencyScope } from '../store/idempotency.ts';
import { ApiError, badRequest } from './errors.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose request never answered (the process stopped) no longer blocks the key. */
const STALE_CLAIM_MS = 60 * 1000;
const KEPT_HEADERS = ['content-type', 'location'];

const SCOPE = Symbol('esign.idempotency');
type Scoped = FastifyRequest & { [SCOPE]?: IdempotencyScope };

export function installIdempotency(app: FastifyInstance, store: Store): void {
  const repo = store.idempotency;

  app.addHook('preHandler', async (request: Scoped, reply: FastifyReply) => {
    if (request.method !== 'POST' || !request.url.startsWith('/api/') || !request.auth) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const idemKey = Array.isArray(header) ? header[0] : header;
    if (!/^[\x21-\x7e]{1,255}$/.test(idemKey)) {
      throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters (e.g. a UUID).', undefined, 'bad_idempotency_key');
    }
    const [path, query = ''] = request.url.split('?', 2);
    const scope: IdempotencyScope = { keyId: request.auth.keyId, idemKey, method: request.method, path };
    const bodyHash = createHash('sha256')
      .update(`${query}\n${request.body === undefined ? '' : JSON.stringify(request.body)}`)
      .digest('hex');
    const now = Date.now();
    await repo.purgeBefore(new Date(now - IDEMPOTENCY_TTL_MS).toISOString());

    let stored = await repo.find(scope);
    if (stored && stored.status === null && now - Date.parse(stored.created) > STALE_CLAIM_MS) {
      await repo.release(scope);
      stored = undefined;
    }
    if (stored) {
      if (stored.bodyHash !== bodyHash) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          `This Idempotency-Key was already used for a different request to ${request.method} ${path} in the last 24 hours: use a new key for a new request.`,
        );
      }
      if (stored.status === null) {
        throw new ApiError(
          409,
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still running: retry in a moment to get its answer.',
          undefined,
          { 'Retry-After': '1' },
        );
      }
      reply.code(stored.status).headers(stored.headers).header('Idempotent-Replayed', 'true');
      return reply.send(Buffer.from(stored.body ?? new Uint8Array()));
    }
    if (!(await repo.reserve(scope, bodyHash, new Date(now).toISOString()))) {
      throw new ApiError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running: retry in a moment to get its answer.',
        undefined,
        { 'Retry-After': '1' },
      );
    }
    request[SCOPE] = scope;
  });

  app.addHook('onSend', async (request: Scoped, reply: FastifyReply, payload: unknown) => {
    const scope = request[SCOPE];
    if (!scope) return payload;
    request[SCOPE] = undefined;
    const status = reply.statusCode;
    const bytes = payload == null ? new Uint8Array() : typeof payload === 'string' ? Buffer.from(payload) : payload instanceof Uint8Array ? payload : null;
    if (status >= 500 || status === 429 || !bytes) {
      await repo.release(scope);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await repo.complete(scope, status, headers, bytes);
    return payload;
  });

  // A request that never reached onSend (its connection dropped mid-way) must not hold its key.
  app.addHook('onResponse', async (request: Scoped) => {
    const scope = request[SCOPE];
    if (scope) await repo.release(scope);
  });
}
