/**
 * Everything buildApp() can be told. cli.ts fills it from flags and the environment;
 * tests pass a temp data directory and small limits.
 */
import type { WorkSettings } from './work/settings.ts';
import type { CorsOrigins } from './http/cors.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connection-guard.ts';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TokenVerifier } from './auth/context.ts';
import type { WebhookSettings } from './webhooks/settings.ts';
import type { JobSettings } from './services/jobs/runner.ts';
import type { BatchProcessorSettings } from './services/batches/processor.ts';
import type { EmailSettings } from './email/delivery.ts';

export interface RateLimitConfig {
  /** Calls per window for sandbox keys (the spec's 100 per hour). */
  sandbox: number;
  /** Calls per window for production keys (spec silent; our default 10,000 per hour). */
  production: number;
  /** Window length in milliseconds (default one hour). */
  windowMs: number;
}

export interface AppConfig {
  /** Directory holding esign.db and the PDF files. Created when missing. */
  dataDir: string;
  /**
   * PostgreSQL connection URL (`ESIGN_DATABASE_URL`, checked by databaseUrlFromEnv); unset means the
   * SQLite file in dataDir.
   */
  databaseUrl?: string;
  /** Base URL the server is reachable at, used for absolute links (no trailing slash). */
  baseUrl: string;
  /** Largest decoded PDF accepted on upload, in bytes. The HTTP body limit follows from it. */
  maxUploadBytes: number;
  rateLimits: RateLimitConfig;
  /** A template titled `[deleted]` is removed this long after it got that title. */
  deletedTemplateDelayMs: number;
  /** How often the background clean-up runs (0 disables it; tests call the sweep directly). */
  sweepIntervalMs: number;
  /** Extra bearer-token verifiers (component tokens) tried for values that are not API keys. */
  tokenVerifiers: TokenVerifier[];
  /** Directory served under /dist/ (the built library). */
  distDir: string;
  /** Directory served under /demo/ and / (the demo page). */
  webDir: string;
  /** Fastify logger on/off. */
  logger: boolean;
  /**
   * Addresses of the load balancers in front (`10.0.0.0/8,127.0.0.1`, ESIGN_TRUST_PROXY): requests from them
   * are taken to come from the X-Forwarded-For client, so per-address limits count clients, not the balancer.
   */
  trustProxy?: string;
  /** Page origins allowed to call /api/ from a browser (components on the customer's page); '*' answers any. */
  corsOrigins: CorsOrigins;
  /** Webhook delivery settings over the environment's (webhooks/settings.ts); tests shrink the retry schedule. */
  webhooks?: Partial<WebhookSettings>;
  /** Timeouts, minimum body rate and per-address connection cap of the listening server. */
  connectionLimits: ConnectionLimits;
  /** Background-job retries (services/jobs/runner.ts); tests shrink the schedule. */
  jobs?: Partial<JobSettings>;
  /** Batch sending (services/batches/processor.ts): chunk size, lease, polling. */
  batches?: Partial<BatchProcessorSettings>;
  /** Email delivery over the environment's SMTP settings (email/delivery.ts): the claim's lease. */
  email?: Pick<EmailSettings, 'leaseMs'>;
  /** Work-pool limits over the environment's (work/settings.ts); tests shrink them. */
  work?: Partial<WorkSettings>;
}

/** The server package's folder (demo/ in the repository). */
const packageRoot = path.resolve(import.meta.dirname, '..');
/** The elements package's build: this repository's dist/ (a workspace link), or the installed esign-elements'. */
const elementsDist = path.join(path.dirname(createRequire(import.meta.url).resolve('esign-elements/package.json')), 'dist');

/** HTTP body limit: base64 grows the PDF by 4/3, plus room for the other JSON fields. */
export function bodyLimitFor(config: AppConfig): number {
  return Math.ceil((config.maxUploadBytes * 4) / 3) + 256 * 1024;
}

export function resolveConfig(partial: Partial<AppConfig> & { dataDir: string }): AppConfig {
  return {
    baseUrl: 'http://127.0.0.1:8080',
    maxUploadBytes: 25 * 1024 * 1024,
    deletedTemplateDelayMs: 36 * 60 * 60 * 1000,
    sweepIntervalMs: 10 * 60 * 1000,
    tokenVerifiers: [],
    distDir: elementsDist,
    webDir: path.join(packageRoot, 'web'),
    logger: false,
    corsOrigins: '*',
    ...partial,
    rateLimits: { sandbox: 100, production: 10_000, windowMs: 60 * 60 * 1000, ...partial.rateLimits },
    connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, ...partial.connectionLimits },
  };
}

/** A setting in the environment that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const DATABASE_URL_SCHEMES = new Set(['postgres:', 'postgresql:']);

/**
 * `ESIGN_DATABASE_URL`: a `postgres://` or `postgresql://` URL (anything `pg` takes, e.g.
 * `postgres://esign:secret@db:5432/esign?sslmode=require`), or unset/empty for SQLite. The
 * error never repeats the value, which may hold a password.
 */
export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env.ESIGN_DATABASE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('ESIGN_DATABASE_URL is not a URL; expected postgres://user:password@host:5432/database (or unset it for SQLite).');
  }
  if (!DATABASE_URL_SCHEMES.has(url.protocol)) {
    throw new ConfigError(
      `ESIGN_DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//); PostgreSQL is the only database server supported. Unset it for SQLite.`,
    );
  }
  if (url.pathname.length <= 1) {
    // pg would fall back to a database named after the user: usually not the one meant.
    throw new ConfigError('ESIGN_DATABASE_URL names no database; expected postgres://user:password@host:5432/database.');
  }
  return raw;
}
