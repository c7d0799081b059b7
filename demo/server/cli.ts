#!/usr/bin/env node
/**
 * esign-server: start the server, or manage users, groups and API keys in a data directory.
 *   esign-server serve [--host H] [--port N] [--data DIR] [--dev]
 *   esign-server api-key create [--data DIR] [--env sandbox|production] [--legacy] [--email USER]
 *   esign-server api-key list [--data DIR] [--email USER]
 *   esign-server api-key revoke <key-id | key> [--data DIR]
 *   esign-server user create --email E [--first-name F] [--last-name L] [--password P] [--admin] [--group G]... [--data DIR]
 *   esign-server user password --email E [--password P] [--data DIR]
 *   esign-server group create --name N [--email USER] [--data DIR]
 *   esign-server audit verify [--data DIR]
 *   esign-server jobs list [--failed] [--data DIR]
 *   esign-server jobs retry <job-id | document-id> [--data DIR]
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { buildApp } from './app.ts';
import { openStore } from './store/index.ts';
import type { Group } from './store/groups.ts';
import type { Store } from './store/index.ts';
import { ensureInitialSetup } from './services/bootstrap.ts';
import { generatePassword, hashPassword } from './auth/passwords.ts';
import { parseApiKey } from './auth/keys.ts';
import { parseCorsOrigins } from './http/cors.ts';
import { sealKeyFor } from './services/seal.ts';
import { SealKeyError } from './pdf/seal-key.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connection-guard.ts';
import { JobRunner, resolveJobSettings } from './services/jobs/runner.ts';
import { FINAL_PDF_JOB, runFinalPdfJob } from './services/signing/final-pdf-job.ts';
import { workSettingsFromEnv, type WorkSettings } from './work/settings.ts';
import { WorkPool } from './work/pool.ts';
import { MIN_PASSWORD_LENGTH, setSignInPassword } from './services/sign-in/passwords.ts';
import { userPool } from './services/sign-in/pool.ts';

const USAGE = `Usage:
  esign-server serve [--host H] [--port N] [--data DIR] [--dev] (env PORT, ESIGN_DATA; default 127.0.0.1:8080, .esign-data/;
                                                               --dev or ESIGN_DEV=1: webhooks may call loopback/private addresses)
      env: ESIGN_BASE_URL, ESIGN_SANDBOX_RATE_LIMIT (calls/hour, 100), ESIGN_PRODUCTION_RATE_LIMIT (10000),
           ESIGN_MAX_UPLOAD_MB (25), ESIGN_LOG=1 (request log),
           ESIGN_DELETED_TEMPLATE_HOURS (36: a template titled [deleted] is removed this long after),
           ESIGN_COMPONENT_TOKEN_TTL (seconds a component token lives by default, 900),
           ESIGN_CORS_ORIGINS (comma list of page origins allowed to call /api/; default any),
           ESIGN_SEAL_P12 + ESIGN_SEAL_P12_PASSWORD (PKCS#12 key and certificate sealing final PDFs;
             default a self-signed one generated in the data directory), ESIGN_TSA_URL (RFC 3161 timestamps),
           ESIGN_HEADERS_TIMEOUT (s, 20), ESIGN_REQUEST_TIMEOUT (s, 300), ESIGN_MIN_BODY_RATE (bytes/s, 1024; 0 off),
           ESIGN_MAX_CONNECTIONS_PER_IP (128; 0 off),
           document work (docs/security.md): ESIGN_PDF_WORKERS (worker threads, min(2, cores)),
           ESIGN_PDF_JOB_TIMEOUT_MS (60000), ESIGN_PDF_WORKER_MB (heap per worker, 512), ESIGN_MAX_PAGES (2000),
           ESIGN_MAX_INFLATED_MB (128), ESIGN_PDF_QUEUE_PER_GROUP (jobs waiting per group, 20),
           sign-in (docs/sign-in.md): ESIGN_USER_POOL_ID (local_esign; never change it once users exist),
           ESIGN_USER_POOL_CLIENT_ID (esign-portal), ESIGN_SIGN_IN_PER_MINUTE (requests per address, 30)
  esign-server api-key create [--data DIR] [--env sandbox|production] [--legacy] [--email USER]
  esign-server api-key list [--data DIR] [--email USER]
  esign-server api-key revoke <key-id | key> [--data DIR]
  esign-server user create --email E [--first-name F] [--last-name L] [--password P] [--admin] [--group G]... [--data DIR]
  esign-server user password --email E [--password P] [--data DIR]
  esign-server group create --name N [--email USER] [--data DIR]
  esign-server audit verify [--data DIR]   checks every document's audit hash chain; exit 1 on a break
  esign-server jobs list [--failed] [--data DIR]      background jobs (final PDFs): state, attempts, last error
  esign-server jobs retry <job-id | document-id> [--data DIR]
                                                      fresh attempts for a failed job, run now in this process`;

class UsageError extends Error {}

/** The work-pool limits from the environment (work/settings.ts), refusing values that are not positive numbers. */
function workSettingsChecked(): WorkSettings {
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

function dataDirFrom(value: string | undefined): string {
  return path.resolve(value ?? process.env.ESIGN_DATA ?? '.esign-data');
}

async function userFor(store: Store, email: string | undefined) {
  if (email) {
    const user = await store.users.findByEmail(email);
    if (!user) throw new UsageError(`No user with the email ${email} in this data directory.`);
    return user;
  }
  await ensureInitialSetup(store);
  const admin = await store.users.firstAdmin();
  if (!admin) throw new UsageError('This data directory has no admin user; pass --email.');
  return admin;
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { host: { type: 'string' }, port: { type: 'string' }, data: { type: 'string' }, dev: { type: 'boolean' } } });
  const host = values.host ?? process.env.HOST ?? '127.0.0.1';
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535 (got ${values.port ?? process.env.PORT}).`);
  const dataDir = dataDirFrom(values.data);
  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  const app = await buildApp({
    dataDir,
    baseUrl: process.env.ESIGN_BASE_URL ?? `http://${displayHost}:${port}`,
    logger: process.env.ESIGN_LOG === '1',
    corsOrigins: parseCorsOrigins(process.env.ESIGN_CORS_ORIGINS),
    rateLimits: {
      sandbox: positiveEnv('ESIGN_SANDBOX_RATE_LIMIT', 100),
      production: positiveEnv('ESIGN_PRODUCTION_RATE_LIMIT', 10_000),
      windowMs: 60 * 60 * 1000,
    },
    maxUploadBytes: positiveEnv('ESIGN_MAX_UPLOAD_MB', 25) * 1024 * 1024,
    connectionLimits: connectionLimitsFromEnv(),
    work: workSettingsChecked(),
    ...deletedTemplateTiming(positiveEnv('ESIGN_DELETED_TEMPLATE_HOURS', 36) * 60 * 60 * 1000),
    // Development mode: webhook callbacks may point at this machine or the private network.
    ...(values.dev ? { webhooks: { allowPrivateAddresses: true } } : {}),
  });
  let seal;
  try {
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

async function apiKeyCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, env: { type: 'string', default: 'sandbox' }, legacy: { type: 'boolean', default: false }, email: { type: 'string' } },
  });
  if (values.env !== 'sandbox' && values.env !== 'production') throw new UsageError(`--env must be sandbox or production (got ${values.env}).`);
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    const { key } = await store.apiKeys.create(user.id, values.env, values.legacy);
    console.log(key);
  } finally {
    await store.close();
  }
}

async function apiKeyList(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, email: { type: 'string' } } });
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    for (const key of await store.apiKeys.listForUser(user.id)) {
      const state = key.revoked ? `revoked ${key.revoked}` : `last used ${key.lastUsed ?? 'never'}`;
      console.log(`${key.id}  ${key.env}${key.legacy ? ' (legacy)' : ''}  created ${key.created}  ${state}`);
    }
  } finally {
    await store.close();
  }
}

async function apiKeyRevoke(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string' } } });
  const ref = positionals[0];
  if (!ref) throw new UsageError('api-key revoke needs the key id (from `api-key list`) or the key itself.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    const parsed = parseApiKey(ref);
    const id = parsed ? (await store.apiKeys.verify(parsed))?.id : ref;
    if (!id || !(await store.apiKeys.revoke(id))) throw new UsageError(`No live API key '${ref}' in this data directory.`);
    console.log(`Revoked ${id}`);
  } finally {
    await store.close();
  }
}

async function userCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      group: { type: 'string', multiple: true },
    },
  });
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) throw new UsageError('user create needs --email with an email address.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    if (await store.users.findByEmail(values.email)) throw new UsageError(`A user with the email ${values.email} already exists.`);
    const groups: Group[] = [];
    for (const ref of values.group ?? []) {
      const group = await store.groups.find(ref);
      if (!group) throw new UsageError(`No group '${ref}' (give its uuid or slug).`);
      groups.push(group);
    }
    const password = values.password ?? generatePassword();
    const user = await store.transaction(async () => {
      const created = await store.users.create({
        email: values.email!,
        firstName: values['first-name'],
        lastName: values['last-name'],
        passwordHash: hashPassword(password),
        passwordPermanent: true,
        isAdmin: values.admin,
      });
      for (const group of groups) await store.users.addToGroup(created.id, group.id);
      await setSignInPassword(store, userPool(), created.id, password);
      return created;
    });
    console.log(`Created user ${user.email} (${user.id})${values.password ? '' : `, password: ${password}`}`);
  } finally {
    await store.close();
  }
}

/** Sets a user's sign-in password (a data directory from before sign-in existed, or a forgotten one). */
async function userPassword(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email) throw new UsageError('user password needs --email.');
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await store.users.findByEmail(values.email);
    if (!user) throw new UsageError(`No user with the email ${values.email}.`);
    const password = values.password ?? generatePassword();
    await store.transaction(async () => {
      await setSignInPassword(store, userPool(), user.id, password);
      await store.credentials.recordEvent(user.id, 'password_set', { userAgent: 'esign-server user password' });
    });
    console.log(`Set the sign-in password of ${user.email}${values.password ? '' : `: ${password}`}`);
  } finally {
    await store.close();
  }
}

async function groupCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } });
  if (!values.name?.trim()) throw new UsageError('group create needs --name.');
  const store = await openStore(dataDirFrom(values.data));
  try {
    const user = await userFor(store, values.email);
    const group = await store.transaction(async () => {
      const created = await store.groups.create(values.name!.trim(), {}, user.id);
      await store.users.addToGroup(user.id, created.id, true);
      return created;
    });
    console.log(`Created group ${group.name} (/api/v1/group/${group.id}/, slug ${group.slug}); member: ${user.email}`);
  } finally {
    await store.close();
  }
}

/** Checks every document's audit hash chain; prints one line per document, exits 1 when any link is broken. */
async function auditVerify(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' } } });
  const store = await openStore(dataDirFrom(values.data));
  let broken = 0;
  try {
    const ids = await store.history.chainedDocumentIds();
    for (const id of ids) {
      const check = await store.transaction(() => store.history.verifyChain(id));
      if (check.firstBreak) {
        broken++;
        const b = check.firstBreak;
        const why =
          b.kind === 'content'
            ? 'its content was changed'
            : b.kind === 'link'
              ? 'it does not follow the previous event (an event was removed, inserted or reordered)'
              : 'it has no hash';
        console.log(`BROKEN ${id}: first broken link at event ${b.eventId} (${b.event}, ${b.created}): ${why}`);
      } else {
        console.log(`ok     ${id}: ${check.events} events, head ${check.head}`);
      }
    }
    console.log(`${ids.length - broken} of ${ids.length} documents ok${broken ? `, ${broken} broken` : ''}.`);
  } finally {
    await store.close();
  }
  if (broken) process.exitCode = 1;
}

async function jobsList(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, failed: { type: 'boolean', default: false } } });
  const store = await openStore(dataDirFrom(values.data));
  try {
    const { jobs } = await store.jobs.list({ state: values.failed ? 'failed' : undefined, limit: 1000 });
    if (jobs.length === 0) console.log(values.failed ? 'No failed jobs.' : 'No jobs.');
    for (const job of jobs) {
      const when = job.state === 'pending' ? `  next attempt ${new Date(job.nextAttemptAt).toISOString()}` : '';
      console.log(
        `${job.id}  ${job.kind}  ${job.state}  attempts ${job.attempts}  document ${job.documentId} (status ${job.documentStatus}, "${job.documentName}")${when}`,
      );
      if (job.lastError && job.state !== 'done') console.log(`    last error: ${job.lastError}`);
    }
  } finally {
    await store.close();
  }
}

async function jobsRetry(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string' } } });
  const ref = positionals[0];
  if (!ref) throw new UsageError('jobs retry needs the job id or the document id (from `jobs list`).');
  const store = await openStore(dataDirFrom(values.data));
  // The attempt runs here, in this process's own work pool, with the same limits as the server's.
  const work = new WorkPool(workSettingsChecked());
  try {
    // A running server sees the outcome (and delivers the webhook) through the database.
    const runner = new JobRunner(store, resolveJobSettings(), { [FINAL_PDF_JOB]: (documentId) => runFinalPdfJob(store, work, documentId) });
    const started = await runner.retry(ref, { type: 'system', id: '', label: 'esign-server jobs retry', ip: '', userAgent: '' });
    if (!started) throw new UsageError(`No job '${ref}' in this data directory (give a job id or a document id from \`jobs list\`).`);
    const outcome = await started.outcome;
    const job = (await runner.jobs.get(started.job.id))!;
    if (outcome === 'done') console.log(`Job ${job.id} done: document ${job.documentId} is complete.`);
    else if (outcome === 'busy') console.log(`Job ${job.id} is running in another process (the server); see \`jobs list\`.`);
    else {
      console.error(
        `Job ${job.id} failed again: ${job.lastError}${job.state === 'pending' ? ` (the server tries again from ${new Date(job.nextAttemptAt).toISOString()})` : ''}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await work.close();
    await store.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') return serve(argv.slice(1));
  if (command === 'api-key' && sub === 'create') return await apiKeyCreate(rest);
  if (command === 'api-key' && sub === 'list') return await apiKeyList(rest);
  if (command === 'api-key' && sub === 'revoke') return await apiKeyRevoke(rest);
  if (command === 'user' && sub === 'create') return await userCreate(rest);
  if (command === 'user' && sub === 'password') return await userPassword(rest);
  if (command === 'group' && sub === 'create') return await groupCreate(rest);
  if (command === 'audit' && sub === 'verify') return await auditVerify(rest);
  if (command === 'jobs' && sub === 'list') return await jobsList(rest);
  if (command === 'jobs' && sub === 'retry') return jobsRetry(rest);
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  throw new UsageError(`Unknown command: ${argv.join(' ')}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`esign-server: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error('esign-server failed:', error);
  process.exit(1);
});
