/**
 * The Cognito user-pool operations an unmodified `amazon-cognito-identity-js` calls to sign in
 * (../shared/spec/GRAPHQL.md §8): USER_SRP_AUTH with its PASSWORD_VERIFIER challenge, the
 * SOFTWARE_TOKEN_MFA challenge, REFRESH_TOKEN_AUTH, GlobalSignOut, and TOTP enrolment through
 * AssociateSoftwareToken / VerifySoftwareToken / SetUserMFAPreference. Errors carry Cognito's names; an unknown user and a
 * wrong password answer alike (no account enumeration).
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { User } from '../../store/users.ts';
import { parseClientPublic, parseCognitoTimestamp, serverEphemeral, verifyPasswordClaim } from '../../auth/srp.ts';
import { SingleUse, open, seal } from '../../auth/challenge-block.ts';
import { checkTotp, newRecoveryCodes, newTotpSecret, useRecoveryCode } from '../../auth/totp.ts';
import { issueTokens, verifyToken, type SignInResult, type TokenContext } from '../../auth/sign-in-tokens.ts';
import { tokenSecret } from '../../auth/component-tokens.ts';
import type { UserPool } from './pool.ts';

/** A failure the client understands: `type` is Cognito's `__type`. */
export class CognitoError extends Error {
  readonly type: string;

  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

export interface SignInContext {
  store: Store;
  dataDir: string;
  pool: UserPool;
  issuer: string;
  used: SingleUse;
  /** Who is asking, for the account's audit trail. */
  client?: { ip?: string; userAgent?: string };
  now?: () => number;
}

const audit = (ctx: SignInContext, userId: string, event: string) => ctx.store.credentials.recordEvent(userId, event, ctx.client);

const CHALLENGE_MS = 3 * 60_000;
const CLOCK_SKEW_MS = 5 * 60_000;
const LOCK_AFTER = 5;
const LOCK_MS = 15 * 60_000;

const wrongPassword = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
const expiredSession = () => new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

interface SrpState {
  userId: string;
  A: string;
  b: string;
  B: string;
  fake: boolean;
}
interface MfaState {
  userId: string;
  authTime: number;
}

function tokenContext(ctx: SignInContext): TokenContext {
  return { dataDir: ctx.dataDir, issuer: ctx.issuer, clientId: ctx.pool.clientId };
}

async function findUser(store: Store, username: string): Promise<User | undefined> {
  const name = username.trim();
  return (
    (await store.users.get(name)) ??
    (name.includes('@') ? ((await store.users.findByEmail(name.toLowerCase())) ?? (await store.users.findByEmail(name))) : undefined)
  );
}

/** A keyed hash only this server can compute (the decoy answers must not be predictable). */
const keyedHex = (dataDir: string, text: string): string => crypto.createHmac('sha256', tokenSecret(dataDir)).update(`sign-in decoy ${text}`).digest('hex');

/** A stable stand-in id for an unknown username, so the answer looks the same as for a real user. */
function decoyId(dataDir: string, username: string): string {
  const h = keyedHex(dataDir, username.toLowerCase());
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function tokensFor(
  ctx: SignInContext,
  user: User,
  authTime: number,
): Promise<{ AuthenticationResult: SignInResult; ChallengeParameters: Record<string, never> }> {
  const generation = (await ctx.store.credentials.get(user.id))?.generation ?? 0;
  const result = await issueTokens(tokenContext(ctx), { userId: user.id, email: user.email, generation }, { authTime, now: ctx.now?.() });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}

async function locked(ctx: SignInContext, userId: string): Promise<boolean> {
  const until = (await ctx.store.credentials.get(userId))?.lockedUntil;
  return !!until && Date.parse(until) > (ctx.now?.() ?? Date.now());
}

async function failed(ctx: SignInContext, userId: string, event: string): Promise<void> {
  await audit(ctx, userId, event);
  await ctx.store.credentials.recordFailure(userId, LOCK_AFTER, new Date((ctx.now?.() ?? Date.now()) + LOCK_MS).toISOString());
}

async function initiateAuth(ctx: SignInContext, body: Record<string, unknown>): Promise<unknown> {
  const params = record(body.AuthParameters);
  if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
    const token = await verifyToken(tokenContext(ctx), params.REFRESH_TOKEN, 'refresh', ctx.now?.());
    const user = token && (await ctx.store.users.get(token.userId));
    const credentials = user && (await ctx.store.credentials.get(user.id));
    if (!token || !user || !credentials || credentials.generation !== token.generation)
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token.');
    const { AuthenticationResult } = await tokensFor(ctx, user, token.authTime);
    delete AuthenticationResult.RefreshToken; // the client keeps the one it has
    return { AuthenticationResult, ChallengeParameters: {} };
  }
  if (body.AuthFlow !== 'USER_SRP_AUTH')
    throw new CognitoError('InvalidParameterException', `Unsupported AuthFlow "${text(body.AuthFlow)}": use USER_SRP_AUTH or REFRESH_TOKEN_AUTH.`);
  const username = text(params.USERNAME);
  if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME.');
  const A = parseClientPublic(params.SRP_A);
  if (A === null) throw new CognitoError('InvalidParameterException', 'SRP_A is not a valid public value.');
  const user = await findUser(ctx.store, username);
  const credentials = user && (await ctx.store.credentials.get(user.id));
  // No such user (or no password): a decoy challenge with a random verifier, refused at the next step.
  const userId = user && credentials ? user.id : decoyId(ctx.dataDir, username);
  const salt = credentials?.srpSalt ?? keyedHex(ctx.dataDir, `salt ${userId}`).slice(0, 32);
  const { b, B } = serverEphemeral(credentials?.srpVerifier ?? crypto.randomBytes(384).toString('hex'));
  const state: SrpState = { userId, A: A.toString(16), b: b.toString(16), B: B.toString(16), fake: !credentials };
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SRP_B: state.B,
      SECRET_BLOCK: seal(ctx.dataDir, 'srp', state, CHALLENGE_MS, ctx.now?.()),
      USER_ID_FOR_SRP: userId,
      USERNAME: userId,
    },
  };
}

async function passwordVerifier(ctx: SignInContext, responses: Record<string, unknown>): Promise<unknown> {
  const now = ctx.now?.() ?? Date.now();
  const sealed = open<SrpState>(ctx.dataDir, 'srp', responses.PASSWORD_CLAIM_SECRET_BLOCK, now);
  if (!sealed || !(await ctx.used.take(sealed.id, sealed.expires, now))) throw expiredSession();
  const state = sealed.body;
  const timestamp = text(responses.TIMESTAMP);
  const at = parseCognitoTimestamp(timestamp);
  if (!at || Math.abs(at.getTime() - now) > CLOCK_SKEW_MS)
    throw new CognitoError('NotAuthorizedException', 'The request timestamp is too far from the server clock.');
  if (text(responses.USERNAME) !== state.userId || state.fake) throw wrongPassword();
  const credentials = await ctx.store.credentials.get(state.userId);
  const user = await ctx.store.users.get(state.userId);
  if (!credentials || !user) throw wrongPassword();
  if (await locked(ctx, user.id)) throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded: try again in 15 minutes.');
  const ok = verifyPasswordClaim({
    poolName: ctx.pool.poolName,
    userIdForSrp: state.userId,
    verifier: credentials.srpVerifier,
    A: BigInt(`0x${state.A}`),
    b: BigInt(`0x${state.b}`),
    B: BigInt(`0x${state.B}`),
    secretBlock: text(responses.PASSWORD_CLAIM_SECRET_BLOCK),
    timestamp,
    signature: text(responses.PASSWORD_CLAIM_SIGNATURE),
  });
  if (!ok) {
    await failed(ctx, user.id, 'sign_in_failed');
    throw wrongPassword();
  }
  await ctx.store.credentials.clearFailures(user.id);
  await audit(ctx, user.id, credentials.totpSecret ? 'password_verified' : 'signed_in');
  const authTime = Math.floor(now / 1000);
  if (credentials.totpSecret) {
    const mfa: MfaState = { userId: user.id, authTime };
    return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: seal(ctx.dataDir, 'mfa', mfa, CHALLENGE_MS, now), ChallengeParameters: {} };
  }
  return tokensFor(ctx, user, authTime);
}

async function softwareTokenMfa(ctx: SignInContext, body: Record<string, unknown>, responses: Record<string, unknown>): Promise<unknown> {
  const now = ctx.now?.() ?? Date.now();
  const sealed = open<MfaState>(ctx.dataDir, 'mfa', body.Session, now);
  if (!sealed) throw expiredSession();
  const user = await ctx.store.users.get(sealed.body.userId);
  const credentials = user && (await ctx.store.credentials.get(user.id));
  if (!user || !credentials?.totpSecret) throw expiredSession();
  if (await locked(ctx, user.id)) throw new CognitoError('NotAuthorizedException', 'Too many wrong codes: try again in 15 minutes.');
  const code = text(responses.SOFTWARE_TOKEN_MFA_CODE) || text(responses.SMS_MFA_CODE);
  const check = await checkTotp(credentials.totpSecret, code, credentials.totpLastStep, now);
  if (check.ok && (await ctx.store.credentials.useTotpStep(user.id, check.step))) {
    await audit(ctx, user.id, 'signed_in');
    return tokensFor(ctx, user, sealed.body.authTime);
  }
  const left = check.ok ? null : useRecoveryCode(credentials.recoveryHashes, code);
  if (left) {
    await ctx.store.credentials.setRecoveryHashes(user.id, left);
    await audit(ctx, user.id, 'signed_in_with_recovery_code');
    return tokensFor(ctx, user, sealed.body.authTime);
  }
  await failed(ctx, user.id, 'code_failed');
  throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
}

/** The signed-in user of an access token whose generation is current. */
export async function userOfAccessToken(ctx: SignInContext, token: unknown): Promise<User | null> {
  const verified = await verifyToken(tokenContext(ctx), token, 'access', ctx.now?.());
  const user = verified && (await ctx.store.users.get(verified.userId));
  const credentials = user && (await ctx.store.credentials.get(user.id));
  return user && credentials && credentials.generation === verified.generation ? user : null;
}

async function signedIn(ctx: SignInContext, body: Record<string, unknown>): Promise<User> {
  const user = await userOfAccessToken(ctx, body.AccessToken);
  if (!user) throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked or is invalid.');
  return user;
}

/**
 * SetUserMFAPreference, which Cognito clients call after enrolling an authenticator. The authenticator is
 * this pool's only factor, so "enabled and preferred" is the state enrolment already left: answered `{}`
 * and written to the account's trail. Cognito's refusals where they apply: enabling it before enrolment,
 * SMS (not offered here). Switching it off is refused: it is what gates keys and webhooks, and sign-in asks
 * for it once enrolled (a password alone would be enough again).
 */
async function setMfaPreference(ctx: SignInContext, user: User, body: Record<string, unknown>): Promise<Record<string, never>> {
  const sms = record(body.SMSMfaSettings);
  if (sms.Enabled === true || sms.PreferredMfa === true)
    throw new CognitoError(
      'InvalidParameterException',
      'SMS multi-factor authentication is not offered by this user pool; use an authenticator app (SOFTWARE_TOKEN_MFA).',
    );
  if (body.SoftwareTokenMfaSettings === undefined) return {};
  const totp = record(body.SoftwareTokenMfaSettings);
  if (totp.Enabled === false)
    throw new CognitoError(
      'InvalidParameterException',
      'The authenticator cannot be switched off: this pool requires it, once enrolled, at sign-in and for API keys, webhooks and logs.',
    );
  if (!(await ctx.store.credentials.get(user.id))?.totpSecret) throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
  await audit(ctx, user.id, 'mfa_preference_software_token');
  return {};
}

/** Runs one operation (`X-Amz-Target` without its prefix) on a parsed JSON body. */
export async function cognitoOperation(ctx: SignInContext, operation: string, input: unknown): Promise<unknown> {
  const body = record(input);
  const needsClient = operation === 'InitiateAuth' || operation === 'RespondToAuthChallenge';
  if (needsClient && body.ClientId !== ctx.pool.clientId) throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  switch (operation) {
    case 'InitiateAuth':
      return initiateAuth(ctx, body);
    case 'RespondToAuthChallenge': {
      const responses = record(body.ChallengeResponses);
      if (body.ChallengeName === 'PASSWORD_VERIFIER') return passwordVerifier(ctx, responses);
      if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') return softwareTokenMfa(ctx, body, responses);
      throw new CognitoError('InvalidParameterException', `Unsupported ChallengeName "${text(body.ChallengeName)}".`);
    }
    case 'GlobalSignOut': {
      const user = await signedIn(ctx, body);
      await ctx.store.credentials.bumpGeneration(user.id);
      await audit(ctx, user.id, 'signed_out_everywhere');
      return {};
    }
    case 'AssociateSoftwareToken': {
      const user = await signedIn(ctx, body);
      const secret = newTotpSecret();
      await ctx.store.credentials.setPendingTotp(user.id, secret);
      return { SecretCode: secret };
    }
    case 'VerifySoftwareToken': {
      const user = await signedIn(ctx, body);
      const pending = (await ctx.store.credentials.get(user.id))?.totpPending;
      if (!pending) throw new CognitoError('InvalidParameterException', 'Call AssociateSoftwareToken first.');
      const check = await checkTotp(pending, body.UserCode, null, ctx.now?.());
      if (!check.ok) throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
      // Recovery codes are made here and answered once (an extension to Cognito's answer: clients ignore it).
      const recovery = newRecoveryCodes();
      await ctx.store.credentials.enableTotp(user.id, pending, check.step, recovery.hashes);
      await audit(ctx, user.id, 'totp_enabled');
      return { Status: 'SUCCESS', RecoveryCodes: recovery.codes };
    }
    case 'SetUserMFAPreference':
      return setMfaPreference(ctx, await signedIn(ctx, body), body);
    case 'GetUser': {
      const user = await signedIn(ctx, body);
      const totp = Boolean((await ctx.store.credentials.get(user.id))?.totpSecret);
      return {
        Username: user.id,
        UserAttributes: [
          { Name: 'sub', Value: user.id },
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
        // As Cognito lists a user's factors: the authenticator, once enrolled.
        ...(totp ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } : {}),
      };
    }
    default:
      throw new CognitoError('InvalidParameterException', `Unsupported operation "${operation}".`);
  }
}
