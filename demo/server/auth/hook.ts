/**
 * The request gate for /api/: the Bearer check, API-key or component-token
 * authentication, the rate limit (headers on every response) and the Content-Type check.
 * Order matters: nothing about the request body is looked at before the caller is known.
 */
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { Store } from '../store/index.ts';
import type { AppConfig } from '../config.ts';
import type { TokenVerifier } from './context.ts';
import { builtInVerifiers } from './verifiers.ts';
import type { ApiKeyAuth, AuthContext } from './context.ts';
import { parseApiKey } from '../domain/api-keys.ts';
import type { ParsedKey } from '../domain/api-keys.ts';
import { RateLimiter, windowsOf } from './rate-limit.ts';
import type { RateLimitState } from './rate-limit.ts';
import { bucketOf, rateLimited } from './rate-limit-settings.ts';
import type { RateLimitedError } from '../domain/errors.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function installAuth(app: FastifyInstance, store: Store, config: AppConfig): void {
  const limiter = new RateLimiter(windowsOf(store), config.rateLimits.windowMs, 'api');
  limiters.set(store, limiter);
  const verifiers = verifiersOf(config);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404 || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.auth === 'public') return;

    const auth = await authenticate(app, request.headers.authorization, store, verifiers);
    request.auth = auth;

    const component = request.routeOptions.config.component;
    if (auth.kind === 'component_token' && (!component || !auth.operations.includes(component))) {
      throw forbidden(
        `This component token does not allow ${request.method} ${request.routeOptions.url}; it is limited to: ${auth.operations.join(', ') || 'nothing'}.`,
        'token_scope',
      );
    }

    await applyRateLimit(store, config, auth, reply);

    if (BODY_METHODS.has(request.method) && hasBody(request) && !isJson(request.headers['content-type'])) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        `Request bodies must be JSON with the header "Content-Type: application/json" (got ${request.headers['content-type'] ? `"${request.headers['content-type']}"` : 'no Content-Type'}).`,
      );
    }
  });
}

/** The component-token verifiers, built-in first. */
export function verifiersOf(config: AppConfig): TokenVerifier[] {
  return [...builtInVerifiers, ...config.tokenVerifiers];
}

/** One limiter per app (keyed by its store: plugins see other Fastify instances), shared by REST and GraphQL; its counts live in the store, shared by every process. */
const limiters = new WeakMap<Store, RateLimiter>();

/** Where an API key stands in its current throttle window, without counting a call. */
export async function rateUsage(store: Store, config: AppConfig, keyId: string, env: 'sandbox' | 'production'): Promise<RateLimitState> {
  return await limiterOf(store).peek(`key:${keyId}`, env === 'production' ? config.rateLimits.production : config.rateLimits.sandbox);
}

function limiterOf(store: Store): RateLimiter {
  const limiter = limiters.get(store);
  if (!limiter) throw new Error('installAuth() has not run on this app.');
  return limiter;
}

/**
 * Counts one call in the caller's bucket (rate-limit-settings.ts: an API key's, or a recipient's signing
 * session's); past the limit, the refusal to throw (429 over REST and GraphQL, with Retry-After).
 */
export async function countCall(store: Store, config: AppConfig, auth: AuthContext): Promise<{ state: RateLimitState; refusal: RateLimitedError | null }> {
  const bucket = bucketOf(auth, config.rateLimits);
  const state = await limiterOf(store).hit(bucket.bucket, bucket.limit);
  return { state, refusal: state.allowed ? null : rateLimited(bucket, state, config.rateLimits.windowMs) };
}

/** Counts one call and sets the RateLimit-* headers; throws the RateLimitedError past the limit. */
export async function applyRateLimit(store: Store, config: AppConfig, auth: AuthContext, reply: FastifyReply): Promise<void> {
  const { state, refusal } = await countCall(store, config, auth);
  setRateHeaders(reply, state);
  if (refusal) throw refusal;
}

function setRateHeaders(reply: FastifyReply, state: RateLimitState): void {
  reply.header('RateLimit-Limit', String(state.limit));
  reply.header('RateLimit-Remaining', String(state.remaining));
  reply.header('RateLimit-Reset', String(state.resetSeconds));
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

/** When each key's `last_used` was last written: at most one write per key per minute. */
const lastTouched = new Map<string, number>();

/** Who the Authorization header names (API key or component token); throws 401 ApiErrors. */
export async function authenticate(app: FastifyInstance, header: string | undefined, store: Store, verifiers: TokenVerifier[]): Promise<AuthContext> {
  if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API key>".', 'missing_authorization');
  // The scheme name is case-insensitive (RFC 9110); what matters is "Bearer" and a space.
  if (!/^bearer /i.test(header)) {
    throw unauthorized(
      'The Authorization header must start with "Bearer " followed by your API key, e.g. "Authorization: Bearer ak_sandbox_…".',
      'bearer_required',
    );
  }
  const token = header.slice('Bearer '.length).trim();
  if (!token) throw unauthorized('The Authorization header has "Bearer " but no key after it.', 'bearer_required');

  const parsed = parseApiKey(token);
  if (parsed) return authenticateApiKey(store, parsed);
  for (const verify of verifiers) {
    const context = await verify(token, app);
    if (context) return context;
  }
  throw unauthorized(
    'The bearer value is neither an API key (ak_<env>_<key-id>.<secret>, or a 40-character legacy key) nor a valid component token.',
    'invalid_api_key',
  );
}

/** The caller an API key (already parsed) names; throws a 401 ApiError for an unknown, revoked or mistyped key. */
export async function authenticateApiKey(store: Store, parsed: ParsedKey): Promise<ApiKeyAuth> {
  const caller = await store.apiKeys.caller(parsed);
  if (!caller)
    throw unauthorized('This API key is not valid (unknown, revoked or mistyped). Create a key with `esign-server api-key create`.', 'invalid_api_key');
  const { record, user, groupIds } = caller;
  if (Date.now() - (lastTouched.get(record.id) ?? 0) > 60_000) {
    lastTouched.set(record.id, Date.now());
    await store.apiKeys.touch(record.id);
  }
  return { kind: 'api_key', user, keyId: record.id, env: record.env, legacy: record.legacy, groupIds };
}
