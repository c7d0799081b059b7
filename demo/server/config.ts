/**
 * Everything buildApp() can be told. cli.ts fills it from flags and the environment;
 * tests pass a temp data directory and small limits.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { KeyEnv } from './domain/api-keys.ts';

// The settings of every part of the server are declared here, below all of them: config.ts is read by the store
// and the services, so it takes nothing from the layers above it. Each part re-exports its own.

export interface WorkSettings {
  /** Worker processes in the pool (ESIGN_PDF_WORKERS, default min(2, cores)). */
  workers: number;
  /** A job running longer is killed and its worker replaced (ESIGN_PDF_JOB_TIMEOUT_MS, 60 s). */
  jobTimeoutMs: number;
  /** V8 heap of each worker (ESIGN_PDF_WORKER_MB, 512): a job over it kills its worker. */
  workerHeapMb: number;
  /** Most pages a PDF may have (ESIGN_MAX_PAGES, 2,000), checked before text or stamping work. */
  maxPages: number;
  /** Most bytes the non-image streams of one PDF may inflate to, together (ESIGN_MAX_INFLATED_MB, 128). */
  maxInflatedBytes: number;
  /** Jobs one group may have waiting; more are refused with 429 (ESIGN_PDF_QUEUE_PER_GROUP, 20). */
  maxQueuedPerGroup: number;
}

/** `'*'` answers any origin; otherwise the exact origins listed (scheme://host[:port]). */
export type CorsOrigins = '*' | string[];

export interface ConnectionLimits {
  /** A connection that sends nothing and has no request in progress is closed after this long. */
  idleTimeoutMs: number;
  /** A client must have sent all its headers this long after connecting (or after its previous request). */
  headersTimeoutMs: number;
  /** A client must have sent its whole request (headers and body) this long after it started. */
  requestTimeoutMs: number;
  /** How long clients are told an idle keep-alive connection stays open (it is closed after `idleTimeoutMs`). */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above (it does not check continuously). */
  checkIntervalMs: number;
  /** A body arriving slower than this (bytes per second, averaged over `bodyRateWindowMs`) is cut off. */
  minBodyBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** Open connections one remote address may hold (0: no cap). Behind a proxy every client shares its address. */
  maxConnectionsPerIp: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  idleTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  // What clients are told (`Keep-Alive: timeout=5`): they stop reusing a socket well before it is
  // closed, which happens only after `idleTimeoutMs` of silence.
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 2_000,
  minBodyBytesPerSecond: 1024,
  bodyRateWindowMs: 10_000,
  maxConnectionsPerIp: 128,
};

export interface WebhookSettings {
  /** Delay before each attempt; `[0, 5000, ...]`: first attempt immediately, second 5 s after the first failed. */
  retrySchedule: readonly number[];
  /** A request without a complete answer after this long is a failed attempt. */
  timeoutMs: number;
  /** A claimed delivery not recorded by then is taken again by any worker (crash recovery). */
  leaseMs: number;
  /** How often the worker looks for due deliveries when nothing wakes it. */
  pollIntervalMs: number;
  /** Parallel requests per worker. */
  concurrency: number;
  /** Parallel requests to one registration, across all workers. */
  perRegistrationConcurrency: number;
  /** Legacy `notify: "all"`: batch interval (the specification's 6 minutes). */
  batchIntervalMs: number;
  /** Response bodies are kept in the log up to this many characters. */
  maxLoggedResponseChars: number;
  /** Development mode: callback URLs may point at loopback and private addresses. */
  allowPrivateAddresses: boolean;
  /** Finished deliveries, their attempts and their events are deleted after this long (0 keeps them). */
  logRetentionMs: number;
  /** Automatic reminder emails, each this long after the invitation (empty: none). Kept here because they exist for `autoReminderEmail`. */
  reminderScheduleMs: readonly number[];
  /** How often due reminders are looked for. */
  reminderCheckIntervalMs: number;
  /** Run the delivery worker in this process (false: the outbox fills, another process delivers). */
  workerEnabled: boolean;
}

export interface JobSettings {
  /** Delay before attempt n+1 (index n); its length is the number of attempts. */
  retrySchedule: readonly number[];
  /** How often due retries are looked for. */
  pollIntervalMs: number;
  /** A claimed job whose lease is not renewed for this long is taken again (crash recovery); renewed while it runs. */
  leaseMs: number;
}

export interface BatchProcessorSettings {
  /** Rows sent between two yields to the event loop. */
  chunkSize: number;
  /** A task whose lease is not renewed for this long is taken over by another process. */
  leaseMs: number;
  /** How often lapsed or unclaimed tasks are looked for. */
  pollIntervalMs: number;
}

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  /** How long a claimed email stays this process's before another may send it (EMAIL_LEASE_MS when unset). */
  leaseMs?: number;
}

export interface ComponentTokenAuth {
  kind: 'component_token';
  /** The user whose API key minted the token. */
  userId: string;
  /** The group of the one resource the token opens. */
  groupIds: string[];
  /** The one resource the token opens, e.g. `{ type: 'templatepdf', id }` or `{ type: 'signer', id }`. */
  resource: { type: string; id: string };
  /** Operation names the token allows, matched against a route's `config.component`. */
  operations: string[];
  /** API key the token was minted with: rate limiting counts against it. */
  keyId: string;
  env: KeyEnv;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
  /** Anything else the verifier wants routes to see. */
  claims: Record<string, unknown>;
}

/**
 * Turns a bearer value that is not an API key into a component-token context. Return
 * undefined when the value is not yours (the next verifier is tried); throw an ApiError
 * (e.g. 401 "token expired") when it is yours but invalid.
 */
export type TokenVerifier = (token: string, app: FastifyInstance) => ComponentTokenAuth | undefined | Promise<ComponentTokenAuth | undefined>;

export interface RateLimitConfig {
  /** Calls per window for sandbox keys (the spec's 100 per hour). */
  sandbox: number;
  /** Calls per window for production keys (spec silent; our default 10,000 per hour). */
  production: number;
  /** Window length in milliseconds (default one hour). */
  windowMs: number;
  /** Calls per window for one recipient's signing session (auth/rate-limit-settings.ts; default 1,000). */
  signer?: number;
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
