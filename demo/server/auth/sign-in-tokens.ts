/**
 * The tokens a sign-in ends with, shaped like Cognito's (../shared/spec/GRAPHQL.md §8.6) so its client
 * library keeps a session: RS256 JWTs with a `kid`, an access token (the Bearer of the full GraphQL
 * schema) and an ID token, 3,600 s each, and a refresh token for 30 days. The signing key lives in the
 * data directory (0600) and is published as a JWKS. `generation` is the user's sign-out counter: a global
 * sign-out raises it, and every token with an older one is refused.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { readOrCreateOnce } from '../store/write-once-file.ts';
import { SignJWT, exportJWK, importPKCS8, calculateJwkThumbprint, jwtVerify, type JWK, type KeyObject } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

interface SigningKey {
  privateKey: KeyObject | CryptoKey;
  publicKey: crypto.KeyObject;
  kid: string;
  jwk: JWK;
}

const loaded = new Map<string, Promise<SigningKey>>();

/** The data directory's signing key, made on first use (written once even when processes race). */
export function signingKey(dataDir: string): Promise<SigningKey> {
  const file = path.join(dataDir, 'sign-in-key.pem');
  let key = loaded.get(file);
  if (!key) {
    key = (async () => {
      const pem = readOrCreateOnce(file, () =>
        String(crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' })),
      ).toString('utf8');
      const publicKey = crypto.createPublicKey(pem);
      const jwk = { ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig' };
      const kid = await calculateJwkThumbprint(jwk);
      return { privateKey: await importPKCS8(pem, 'RS256'), publicKey, kid, jwk: { ...jwk, kid } };
    })();
    loaded.set(file, key);
  }
  return key;
}

/** `{ keys: [...] }` for `/.well-known/jwks.json`. */
export async function jwks(dataDir: string): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey(dataDir)).jwk] };
}

export interface TokenSubject {
  userId: string;
  email: string;
  generation: number;
}

export interface TokenContext {
  dataDir: string;
  /** `https://<host>/<poolId>`-like issuer, as the auth config publishes. */
  issuer: string;
  clientId: string;
}

export interface SignInResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

async function sign(ctx: TokenContext, claims: Record<string, unknown>, seconds: number, now: number): Promise<string> {
  const key = await signingKey(ctx.dataDir);
  const iat = Math.floor(now / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(ctx.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}

/** Access and ID tokens (and a refresh token unless refreshing) for a signed-in user. */
export async function issueTokens(
  ctx: TokenContext,
  who: TokenSubject,
  options: { authTime?: number; withRefresh?: boolean; now?: number } = {},
): Promise<SignInResult> {
  const now = options.now ?? Date.now();
  const authTime = options.authTime ?? Math.floor(now / 1000);
  const common = { sub: who.userId, auth_time: authTime, gen: who.generation };
  const [AccessToken, IdToken, RefreshToken] = await Promise.all([
    sign(
      ctx,
      { ...common, token_use: 'access', client_id: ctx.clientId, scope: 'aws.cognito.signin.user.admin', username: who.userId },
      ACCESS_TOKEN_SECONDS,
      now,
    ),
    sign(
      ctx,
      { ...common, token_use: 'id', aud: ctx.clientId, 'cognito:username': who.userId, email: who.email, email_verified: true },
      ACCESS_TOKEN_SECONDS,
      now,
    ),
    options.withRefresh === false
      ? Promise.resolve(undefined)
      : sign(ctx, { ...common, token_use: 'refresh', client_id: ctx.clientId }, REFRESH_TOKEN_SECONDS, now),
  ]);
  return { AccessToken, IdToken, ...(RefreshToken ? { RefreshToken } : {}), ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: 'Bearer' };
}

export interface VerifiedToken {
  userId: string;
  generation: number;
  authTime: number;
  clientId: string;
}

/** The claims of a valid token of `use`, or null (bad signature, expired, other issuer or use, malformed). */
export async function verifyToken(ctx: TokenContext, token: unknown, use: 'access' | 'id' | 'refresh', now = Date.now()): Promise<VerifiedToken | null> {
  if (typeof token !== 'string' || token.length > 8192 || token.split('.').length !== 3) return null;
  try {
    const key = await signingKey(ctx.dataDir);
    const { payload } = await jwtVerify(token, key.publicKey, { issuer: ctx.issuer, algorithms: ['RS256'], currentDate: new Date(now) });
    if (payload.token_use !== use || typeof payload.sub !== 'string' || typeof payload.gen !== 'number') return null;
    const clientId = use === 'id' ? payload.aud : payload.client_id;
    if (clientId !== ctx.clientId) return null;
    return { userId: payload.sub, generation: payload.gen, authTime: Number(payload.auth_time), clientId };
  } catch {
    return null;
  }
}
