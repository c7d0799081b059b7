/**
 * Component tokens: short-lived JWTs (HS256, jose) that open exactly one resource for exactly the
 * operations its component needs. The signing secret is generated once per data directory and
 * kept in it (mode 0600), so tokens survive a restart and never work against another server.
 */
import path from 'node:path';
import crypto from 'node:crypto';
import { readOrCreateOnce } from '../store/write-once-file.ts';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { ComponentTokenAuth, TokenVerifier } from './context.ts';
import type { KeyEnv } from '../domain/api-keys.ts';
import { unauthenticated } from '../domain/errors.ts';

/** Operations a template token opens, on its one template: the viewer's, plus saving fields for the editor. */
export { VIEWER_OPERATIONS, EDITOR_OPERATIONS } from './operations.ts';

/**
 * Operations a signer token opens: its document's PDF and fields (the document routes check the
 * document is the signer's), and the signer operations under /api/v1/signer/{id}/.
 */
export const SIGNER_OPERATIONS = {
  documentPdf: 'document:pdf',
  documentFields: 'document:fields:read',
  read: 'signer:read',
  save: 'signer:save',
  complete: 'signer:complete',
  reject: 'signer:reject',
} as const;

export const DEFAULT_TOKEN_TTL_SECONDS = 15 * 60;
export const MAX_TOKEN_TTL_SECONDS = 60 * 60;

const ISSUER = 'esign-elements';
const AUDIENCE = 'esign-component';
const secrets = new Map<string, Uint8Array>();

/** The HS256 secret of a data directory, created on first use. */
export function tokenSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'component-token.secret');
  const cached = secrets.get(file);
  if (cached) return cached;
  const secret = readOrCreateOnce(file, () => crypto.randomBytes(32));
  if (secret.length < 32) throw new Error(`component token secret ${file} is shorter than 32 bytes; delete it to generate a new one`);
  const bytes = new Uint8Array(secret);
  secrets.set(file, bytes);
  return bytes;
}

export interface MintInput {
  resource: { type: 'templatepdf' | 'signer'; id: string };
  groupId: string;
  userId: string;
  keyId: string;
  env: KeyEnv;
  operations: readonly string[];
  ttlSeconds: number;
  /** Extra claims routes read back (e.g. the signer's document). */
  claims?: Record<string, string>;
  now?: Date;
}

export interface MintedToken {
  token: string;
  expiresAt: Date;
}

export async function mintComponentToken(secret: Uint8Array, input: MintInput): Promise<MintedToken> {
  const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const exp = now + input.ttlSeconds;
  const token = await new SignJWT({
    scope: input.operations.join(' '),
    grp: input.groupId,
    uid: input.userId,
    kid: input.keyId,
    env: input.env,
    ext: input.claims ?? {},
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(`${input.resource.type}:${input.resource.id}`)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(secret);
  return { token, expiresAt: new Date(exp * 1000) };
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Verifies a component token's signature, audience and expiry and returns its auth context.
 * Returns undefined for values that are not shaped like our tokens; throws 401 for ours that
 * are expired or forged.
 */
export async function verifyComponentToken(secret: Uint8Array, token: string, now?: Date): Promise<ComponentTokenAuth | undefined> {
  if (!JWT_SHAPE.test(token)) return undefined;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: now }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      const exp = typeof error.payload.exp === 'number' ? new Date(error.payload.exp * 1000).toISOString() : 'its expiry time';
      throw unauthenticated(`This component token expired at ${exp}. Mint a new one (GET .../component-token/) with your API key.`, 'token_expired');
    }
    throw unauthenticated('The component token is not valid (bad signature, wrong audience or damaged). Mint a new one with your API key.', 'invalid_token');
  }
  const sub = typeof payload.sub === 'string' ? payload.sub.match(/^(templatepdf|signer):([-\w]+)$/) : null;
  const { scope, grp, uid, kid, env, ext } = payload as Record<string, unknown>;
  if (
    !sub ||
    typeof scope !== 'string' ||
    typeof grp !== 'string' ||
    typeof uid !== 'string' ||
    typeof kid !== 'string' ||
    (env !== 'sandbox' && env !== 'production')
  ) {
    throw unauthenticated('The component token is missing required claims. Mint a new one with your API key.', 'invalid_token');
  }
  return {
    kind: 'component_token',
    userId: uid,
    groupIds: [grp],
    resource: { type: sub[1], id: sub[2] },
    operations: scope.split(' ').filter(Boolean),
    keyId: kid,
    env,
    expiresAt: payload.exp!,
    claims: typeof ext === 'object' && ext !== null ? (ext as Record<string, unknown>) : {},
  };
}

/**
 * The verifier the auth hook runs: signature and expiry, then that the minting key is not revoked
 * and its user still belongs to the group (a token never outlives the access it was minted from).
 */
export const componentTokenVerifier: TokenVerifier = async (token, app) => {
  const auth = await verifyComponentToken(tokenSecret(app.config.dataDir), token);
  if (!auth) return undefined;
  if (!(await app.store.apiKeys.isLive(auth.keyId))) throw unauthenticated('The API key that minted this component token has been revoked.', 'invalid_token');
  if (!(await app.store.users.isMember(auth.userId, auth.groupIds[0])))
    throw unauthenticated('The user that minted this component token no longer belongs to its group.', 'invalid_token');
  return auth;
};
