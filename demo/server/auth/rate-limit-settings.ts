/**
 * Which call-count bucket a caller spends, its limit, and the sentence a refused caller reads.
 *
 * An API key spends its own bucket (the spec's sandbox throttle is 100 calls per hour). A signer component
 * token is a recipient's signing session, not the sender's API traffic: it spends a bucket of its own per
 * recipient, so a sender who used up their key never locks their recipients out of signing.
 * A template component token (the sender's embedded editor or viewer) still counts against its key.
 */
import { ConfigError, type RateLimitConfig } from '../config.ts';
import type { AuthContext } from './context.ts';
import { RateLimitedError } from '../domain/errors.ts';
import type { RateLimitState } from './rate-limit.ts';

/** Calls per window one recipient's signing session may make when the configuration names none (a page makes about 10). */
export const DEFAULT_SIGNER_LIMIT = 1_000;

/**
 * The limits `esign-server serve` runs with, from the environment. Without ESIGN_SANDBOX_RATE_LIMIT, development
 * (NODE_ENV other than production: `npm start`, `npm run demo`) gives the sandbox key 1,000 calls an hour, an
 * afternoon of walkthroughs (one uses about 50); production the spec's 100. Throws a ConfigError naming a bad value.
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimitConfig {
  const positive = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number (got "${raw}").`);
    return value;
  };
  return {
    sandbox: positive('ESIGN_SANDBOX_RATE_LIMIT', env.NODE_ENV === 'production' ? 100 : 1_000),
    production: positive('ESIGN_PRODUCTION_RATE_LIMIT', 10_000),
    signer: positive('ESIGN_SIGNER_RATE_LIMIT', DEFAULT_SIGNER_LIMIT),
    windowMs: 60 * 60 * 1000,
  };
}

export interface RateBucket {
  /** The limiter's bucket name. */
  bucket: string;
  limit: number;
  /** Who is counted, for the refusal: "sandbox key", "signing session". */
  who: string;
  /** The environment variable `serve` reads this limit from. */
  setting: string;
}

export function bucketOf(auth: AuthContext, limits: RateLimitConfig): RateBucket {
  if (auth.kind === 'component_token' && auth.resource.type === 'signer') {
    return {
      bucket: `signer:${auth.resource.id}`,
      limit: limits.signer ?? DEFAULT_SIGNER_LIMIT,
      who: "this recipient's signing session",
      setting: 'ESIGN_SIGNER_RATE_LIMIT',
    };
  }
  const production = auth.env === 'production';
  return {
    bucket: `key:${auth.keyId}`,
    limit: production ? limits.production : limits.sandbox,
    who: `this ${auth.env} key`,
    setting: production ? 'ESIGN_PRODUCTION_RATE_LIMIT' : 'ESIGN_SANDBOX_RATE_LIMIT',
  };
}

/** The refusal: what was used up, which setting raises it, and when the window resets (a clock time and seconds). */
export function rateLimited(bucket: RateBucket, state: RateLimitState, windowMs: number, now = Date.now()): RateLimitedError {
  const resetsAt = new Date(now + state.resetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const minutes = Math.round(windowMs / 60_000);
  return new RateLimitedError(
    'rate_limited',
    `Rate limit exceeded: ${bucket.who} has made its ${state.limit} calls for this ${minutes}-minute window ` +
      `(the server's ${bucket.setting} setting). The window resets at ${resetsAt}, in ${state.resetSeconds} seconds.`,
    state.resetSeconds,
  );
}
