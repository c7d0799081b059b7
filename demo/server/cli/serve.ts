/** esign-server serve: the settings from the environment, checked, and the server started with them. */
import { EMAIL_LEASE_MS } from '../email/delivery.ts';
import { parseArgs } from 'node:util';
import type { BuildConfig } from '../app.ts';
import { ConfigError, databaseUrlFromEnv, type RateLimitConfig } from '../config.ts';
import { parseCorsOrigins } from '../http/cors.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../http/connection-guard.ts';
import { workSettingsFromEnv, type WorkSettings } from '../work/settings.ts';
import { rateLimitsFromEnv } from '../auth/rate-limit-settings.ts';
import { UsageError, dataDirFrom } from './common.ts';

/** The work-pool limits from the environment (work/settings.ts), refusing values that are not positive numbers. */
export function workSettingsChecked(): WorkSettings {
  const defaults = workSettingsFromEnv();
  return {
    workers: Math.floor(positiveEnv('ESIGN_PDF_WORKERS', defaults.workers)),
    jobTimeoutMs: positiveEnv('ESIGN_PDF_JOB_TIMEOUT_MS', defaults.jobTimeoutMs),
    workerHeapMb: positiveEnv('ESIGN_PDF_WORKER_MB', defaults.workerHeapMb),
    maxPages: Math.floor(positiveEnv('ESIGN_MAX_PAGES', defaults.maxPages)),
    maxInflatedBytes: Math.floor(positiveEnv('ESIGN_MAX_INFLATED_MB', defaults.maxInflatedBytes / 1048576) * 1048576),
    maxQueuedPerGroup: Math.floor(positiveEnv('ESIGN_PDF_QUEUE_PER_GROUP', defaults.maxQueuedPerGroup)),
  };
}

/** A positive number from the environment, or the default; anything else is a usage error. */
function positiveEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${name} must be a positive number (got "${raw}").`);
  return value;
}

/** The `[deleted]` delay, and a sweep often enough to honour a short one (every 10 minutes at most, every second at least). */
function deletedTemplateTiming(delayMs: number): { deletedTemplateDelayMs: number; sweepIntervalMs: number } {
  return { deletedTemplateDelayMs: delayMs, sweepIntervalMs: Math.min(10 * 60 * 1000, Math.max(1000, Math.round(delayMs / 2))) };
}

/** Slow-client limits (http/connection-guard.ts) from the environment; 0 turns the rate check or the cap off. */
function connectionLimitsFromEnv(): ConnectionLimits {
  const d = DEFAULT_CONNECTION_LIMITS;
  return {
    ...d,
    headersTimeoutMs: positiveEnv('ESIGN_HEADERS_TIMEOUT', d.headersTimeoutMs / 1000) * 1000,
    requestTimeoutMs: positiveEnv('ESIGN_REQUEST_TIMEOUT', d.requestTimeoutMs / 1000) * 1000,
    minBodyBytesPerSecond: nonNegativeEnv('ESIGN_MIN_BODY_RATE', d.minBodyBytesPerSecond),
    maxConnectionsPerIp: nonNegativeEnv('ESIGN_MAX_CONNECTIONS_PER_IP', d.maxConnectionsPerIp),
  };
}

function nonNegativeEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new UsageError(`${name} must be a whole number, 0 or more (got "${raw}").`);
  return value;
}

/** ESIGN_DATABASE_URL (config.ts), a malformed value being a usage error that names the variable. */
function checkedDatabaseUrl(): string | undefined {
  try {
    return databaseUrlFromEnv();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** The rate limits (auth/rate-limit-settings.ts), a malformed value being a usage error that names the variable. */
function checkedRateLimits(): RateLimitConfig {
  try {
    return rateLimitsFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

export async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { host: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' }, dev: { type: 'boolean' } } });
  const host = values.host ?? process.env.HOST ?? '127.0.0.1';
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535 (got ${values.port ?? process.env.PORT}).`);
  const dataDir = dataDirFrom(values.data);
  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  // Checked first so a mistyped URL is named at startup, as a usage error.
  const databaseUrl = checkedDatabaseUrl();
  // 1,000 sandbox calls an hour in development (npm start, npm run demo), the spec's 100 in production.
  const rateLimits = checkedRateLimits();

  const options: BuildConfig = {
    dataDir,
    databaseUrl,
    baseUrl: process.env.ESIGN_BASE_URL ?? `http://${displayHost}:${port}`,
    logger: process.env.ESIGN_LOG === '1',
    trustProxy: process.env.ESIGN_TRUST_PROXY || undefined,
    corsOrigins: parseCorsOrigins(process.env.ESIGN_CORS_ORIGINS),
    rateLimits,
    maxUploadBytes: positiveEnv('ESIGN_MAX_UPLOAD_MB', 25) * 1024 * 1024,
    connectionLimits: connectionLimitsFromEnv(),
    work: workSettingsChecked(),
    // Several processes on one database: how soon a killed process's job (a final PDF) is taken over; renewed while it runs.
    jobs: { leaseMs: positiveEnv('ESIGN_JOB_LEASE_MS', 60_000) },
    batches: { leaseMs: positiveEnv('ESIGN_BATCH_LEASE_MS', 60_000) },
    email: { leaseMs: positiveEnv('ESIGN_EMAIL_LEASE_MS', EMAIL_LEASE_MS) },
    ...deletedTemplateTiming(positiveEnv('ESIGN_DELETED_TEMPLATE_HOURS', 36) * 60 * 60 * 1000),
    // Development mode: webhook callbacks may point at this machine or the private network.
    ...(values.dev ? { webhooks: { allowPrivateAddresses: true } } : {}),
  };
  // The server itself loads only now, so that a mistyped setting is refused at once.
  const [{ buildApp }, { shareSecretFiles }, { sealKeyFor }, { SealKeyError }, { ensureInitialSetup }] = await Promise.all([
    import('../app.ts'),
    import('../services/server-secrets.ts'),
    import('../services/seal.ts'),
    import('../pdf/seal-key.ts'),
    import('../services/bootstrap.ts'),
  ]);
  const app = await buildApp(options);
  let seal;
  try {
    // PostgreSQL: the deployment's keys, from the database, before anything signs with them.
    await shareSecretFiles(app.store, dataDir);
    seal = sealKeyFor(dataDir);
  } catch (error) {
    await app.close();
    if (error instanceof SealKeyError) throw new UsageError(error.message);
    throw error;
  }
  const setup = await ensureInitialSetup(app.store);
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${displayHost}:${actualPort}`;
  // With --port 0 the real port is known only now; links the server makes must use it.
  if (!process.env.ESIGN_BASE_URL) app.config.baseUrl = base;

  if (setup) {
    console.log('First start: created the initial records in', dataDir);
    console.log(`  admin user:      ${setup.adminEmail} (password: ${setup.adminPassword})`);
    console.log(`  group:           Default (/api/v1/group/${setup.groupId}/)`);
    console.log(`  sandbox API key: ${setup.apiKey}`);
    console.log('  The key is shown only now; create more with `esign-server api-key create`.');
    console.log(`  developer portal: ${base}/portal/  sign in as ${setup.adminEmail} with the password above`);
  }
  if (setup || seal.generated) {
    console.log(`  seal certificate: "${seal.commonName}" ${seal.generated ? 'generated' : 'from'} ${seal.source}`);
    console.log(`    SHA-256 fingerprint: ${seal.fingerprint}`);
  }
  console.log(`esign-server listening on ${base}/`);
  console.log(`  demo page: ${base}/`);
  console.log(`  journey:   ${base}/demo/journey.html  (upload, place fields, send, sign, download)`);
  console.log(`  portal:    ${base}/portal/  (API keys, webhooks, delivery log, usage; sign in as the admin)`);
  console.log(`  API:       ${base}/api/v1/`);
  console.log(`  API docs:  ${base}/docs/  (OpenAPI: ${base}/api/v1/openapi.json)`);
  console.log(`  data:      ${dataDir}`);
  const limits = app.config.rateLimits;
  console.log(
    `  limits:    sandbox keys ${limits.sandbox} calls/hour (ESIGN_SANDBOX_RATE_LIMIT), production ${limits.production}, each signing session ${limits.signer}`,
  );
  console.log(`  verify:    ${base}/verify/  (seal SHA-256 ${seal.fingerprint})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      console.error(`Second ${signal}: exiting now.`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal} received: finishing in-flight requests and closing.`);
    app.close().then(
      () => {
        console.log('esign-server stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Error while closing:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
