/**
 * Who is calling. The auth hook (auth/hook.ts) sets `request.auth` on every /api/ request
 * before the route runs; routes read it through the helpers below and never parse headers.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../store/users.ts';
import type { KeyEnv } from '../domain/api-keys.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { ComponentTokenAuth } from '../config.ts';
export type { ComponentTokenAuth, TokenVerifier } from '../config.ts';

export interface ApiKeyAuth {
  kind: 'api_key';
  user: User;
  keyId: string;
  env: KeyEnv;
  legacy: boolean;
  /** Groups the key's user belongs to: everything else is invisible (404). */
  groupIds: string[];
}

export type AuthContext = ApiKeyAuth | ComponentTokenAuth;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on /api/ routes; null on public routes. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** `public`: no Authorization needed (healthz, docs, static). Default for /api/ routes: required. */
    auth?: 'public' | 'required';
    /** Operation name a component token must list to call this route (e.g. `templatepdf:read`). Absent: tokens are refused. */
    component?: string;
  }
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API key>".', 'missing_authorization');
  return request.auth;
}

/** The calling API key; component tokens are refused with 403. */
export function requireApiKey(request: FastifyRequest): ApiKeyAuth {
  const auth = authOf(request);
  if (auth.kind !== 'api_key') throw forbidden('This operation needs an API key; a component token cannot call it.', 'component_token_not_allowed');
  return auth;
}

export function requireAdmin(request: FastifyRequest): ApiKeyAuth {
  const auth = requireApiKey(request);
  if (!auth.user.isAdmin) throw forbidden('Only admin users can do this. Use an API key of an admin user.', 'admin_required');
  return auth;
}

/** Group ids the caller may see. */
export function visibleGroupIds(request: FastifyRequest): string[] {
  return authOf(request).groupIds;
}

/**
 * Throws 404 unless the caller may see a resource of `groupId`; for component tokens
 * the resource itself must be the token's resource.
 */
export function assertCanSee(
  request: FastifyRequest,
  what: string,
  resource: { type: string; id: string; groupId: string } | undefined,
  requestedId: string,
): asserts resource {
  const auth = authOf(request);
  if (!resource || !auth.groupIds.includes(resource.groupId)) throw notFound(what, requestedId);
  if (auth.kind === 'component_token' && (auth.resource.type !== resource.type || auth.resource.id !== resource.id)) {
    throw notFound(what, requestedId);
  }
}
