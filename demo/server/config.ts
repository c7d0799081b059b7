/**
 * Everything buildApp() can be told. cli.ts fills it from flags and the environment;
 * tests pass a temp data directory and small limits.
 */
import type { CorsOrigins } from './http/cors.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connection-guard.ts';
import path from 'node:path';
import type { TokenVerifier } from './auth/context.ts';
import type { WebhookSettings } from './webhooks/settings.ts';
import type { JobSettings } from './services/jobs/runner.ts';

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
  /** Page origins allowed to call /api/ from a browser (components on the customer's page); '*' answers any. */
  corsOrigins: CorsOrigins;
  /** Webhook delivery settings over the environment's (webhooks/settings.ts); tests shrink the retry schedule. */
  webhooks?: Partial<WebhookSettings>;
  /** Timeouts, minimum body rate and per-address connection cap of the listening server. */
  connectionLimits: ConnectionLimits;
  /** Background-job retries (services/jobs/runner.ts); tests shrink the schedule. */
  jobs?: Partial<JobSettings>;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

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
    distDir: path.join(repoRoot, 'dist'),
    webDir: path.join(repoRoot, 'demo', 'web'),
    logger: false,
    corsOrigins: '*',
    ...partial,
    rateLimits: { sandbox: 100, production: 10_000, windowMs: 60 * 60 * 1000, ...partial.rateLimits },
    connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, ...partial.connectionLimits },
  };
}
