/**
 * Who calls /graphql: `Authorization: Bearer <API key>` (the REST verification), the raw key without
 * `Bearer`, or an SRP access token (docs/sign-in.md), which reaches the full schema.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiKey } from '../auth/hook.ts';
import { parseApiKey } from '../domain/api-keys.ts';
import type { ApiKeyAuth } from '../auth/context.ts';
import { userOfAccessToken } from '../services/sign-in/cognito.ts';
import { tokenIssuer, userPool } from '../services/sign-in/pool.ts';
import { SingleUse } from '../auth/challenge-block.ts';
import type { GraphqlCaller } from './context.ts';

/**
 * The 401 body: AppSync's (GRAPHQL.md §1), with an `errorInfo.code` as every other refusal has, telling
 * missing credentials from ones that are not valid.
 */
export function unauthorizedBody(authorization: string | undefined) {
  return { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', errorInfo: unauthorizedInfo(authorization) }] };
}

export function unauthorizedInfo(authorization: string | undefined): { code: string } {
  return { code: tokenOf(authorization) ? 'invalid_credentials' : 'missing_authorization' };
}

function tokenOf(header: string | undefined): string | null {
  const token = (header ?? '').replace(/^bearer\s+/i, '').trim();
  return token || null;
}

/** The caller, or null when the credentials are missing or not valid (the route answers 401). */
export function graphqlCaller(app: FastifyInstance, request: FastifyRequest): Promise<GraphqlCaller | null> {
  return graphqlCallerFromToken(app, request.headers.authorization, { ip: request.ip, headers: request.headers });
}

/** The same check for an Authorization value from elsewhere (a WebSocket's `connectionParams`). */
export async function graphqlCallerFromToken(
  app: FastifyInstance,
  authorization: string | undefined,
  base: Pick<GraphqlCaller, 'ip' | 'headers'>,
): Promise<GraphqlCaller | null> {
  const token = tokenOf(authorization);
  if (!token) return null;
  const parsed = parseApiKey(token);
  if (parsed) {
    try {
      return { ...base, auth: await authenticateApiKey(app.store, parsed), fullSchema: false };
    } catch {
      return null;
    }
  }
  const pool = userPool();
  const user = await userOfAccessToken(
    { store: app.store, dataDir: app.config.dataDir, pool, issuer: tokenIssuer(app.config.baseUrl, pool), used: new SingleUse(app.store.sharedState) },
    token,
  );
  if (!user) return null;
  // A person signed in with SRP acts as their user, counted like a production key of their own.
  const auth: ApiKeyAuth = {
    kind: 'api_key',
    user,
    keyId: `srp:${user.id}`,
    env: 'production',
    legacy: false,
    groupIds: await app.store.users.groupIds(user.id),
  };
  return { ...base, auth, fullSchema: true };
}
