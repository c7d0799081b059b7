#!/usr/bin/env node
/**
 * esign-server: start the server, or manage users, groups and API keys in a data directory.
 *   esign-server serve [--host H] [--port N] [--data DIR] [--dev]
 *   esign-server api-key create [--data DIR] [--env sandbox|production] [--legacy] [--email USER] [--name NAME]
 *   esign-server api-key list [--data DIR] [--email USER]
 *   esign-server api-key revoke <key-id | key> [--data DIR]
 *   esign-server user create --email E [--first-name F] [--last-name L] [--password P] [--admin] [--group G]... [--data DIR]
 *   esign-server user password --email E [--password P] [--data DIR]
 *   esign-server group create --name N [--email USER] [--data DIR]
 *   esign-server audit verify [--data DIR]
 *   esign-server jobs list [--failed] [--data DIR]
 *   esign-server jobs retry <job-id | document-id> [--data DIR]
 *   esign-server storage check [--repair] [--grace-minutes N] [--data DIR]
 */
import { enableCompileCache } from 'node:module';
import { UsageError } from './cli/common.ts';

// Compiled code kept between starts (in the system's temporary folder, or NODE_COMPILE_CACHE): a restart
// loads the server's modules in about 60% of the time. Before the imports below, which it speeds up.
enableCompileCache?.();

// Each command loads only what it runs: `--help` and a typo answer at once, and `serve` does not wait for the admin code.
const admin = () => import('./cli/admin.ts');

const USAGE = `Usage:
  esign-server serve [--host H] [--port N] [--data DIR] [--dev] (env PORT, ESIGN_DATA; default 127.0.0.1:8080, .esign-data/;
                                                               --dev or ESIGN_DEV=1: webhooks may call loopback/private addresses)
      env: ESIGN_BASE_URL, ESIGN_SANDBOX_RATE_LIMIT (calls/hour: 100 with NODE_ENV=production, else 1000), ESIGN_PRODUCTION_RATE_LIMIT (10000),
           ESIGN_SIGNER_RATE_LIMIT (calls/hour per recipient's signing session, 1000),
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
           ESIGN_USER_POOL_CLIENT_ID (esign-portal), ESIGN_SIGN_IN_PER_MINUTE (requests per address, 30),
           ESIGN_DATABASE_URL (postgres://…: the database, instead of the SQLite file in the data dir; docs/deploy.md)
  esign-server api-key create [--data DIR] [--env sandbox|production] [--legacy] [--email USER] [--name NAME]
  esign-server api-key list [--data DIR] [--email USER]
  esign-server api-key revoke <key-id | key> [--data DIR]
  esign-server user create --email E [--first-name F] [--last-name L] [--password P] [--admin] [--group G]... [--data DIR]
  esign-server user password --email E [--password P] [--data DIR]
  esign-server group create --name N [--email USER] [--data DIR]
  esign-server audit verify [--data DIR]   checks every document's audit hash chain; exit 1 on a break
  esign-server jobs list [--failed] [--data DIR]      background jobs (final PDFs): state, attempts, last error
  esign-server jobs retry <job-id | document-id> [--data DIR]
                                                      fresh attempts for a failed job, run now in this process
  esign-server storage check [--repair] [--grace-minutes N] [--data DIR]
                                                      blobs against their reference counts (missing bytes, orphans,
                                                      wrong counts); --repair fixes all but missing bytes; exit 1 on a problem left`;

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') return (await import('./cli/serve.ts')).serve(argv.slice(1));
  if (command === 'api-key' && sub === 'create') return await (await admin()).apiKeyCreate(rest);
  if (command === 'api-key' && sub === 'list') return await (await admin()).apiKeyList(rest);
  if (command === 'api-key' && sub === 'revoke') return await (await admin()).apiKeyRevoke(rest);
  if (command === 'user' && sub === 'create') return await (await admin()).userCreate(rest);
  if (command === 'user' && sub === 'password') return await (await admin()).userPassword(rest);
  if (command === 'group' && sub === 'create') return await (await admin()).groupCreate(rest);
  if (command === 'audit' && sub === 'verify') return await (await admin()).auditVerify(rest);
  if (command === 'jobs' && sub === 'list') return await (await admin()).jobsList(rest);
  if (command === 'jobs' && sub === 'retry') return (await admin()).jobsRetry(rest);
  if (command === 'storage' && sub === 'check') return await (await admin()).storageCheck(rest);
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
