/**
 * Helpers for server tests: an app on a fresh temp data directory with an admin user,
 * a group and a key, plus shortcuts for more users/groups/keys and JSON requests.
 * With ESIGN_TEST_DATABASE=postgres each app gets a fresh database in a PostgreSQL 15 cluster
 * (test/support/postgres.ts) instead of the SQLite file: `npm test -- --only node-pg`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../demo/server/app.ts';
import type { BuildConfig } from '../../../demo/server/app.ts';
import { ensureInitialSetup } from '../../../demo/server/services/bootstrap.ts';
import type { KeyEnv } from '../../../demo/server/domain/api-keys.ts';
import { createDatabase, dropDatabase, migratePostgres, postgresForTests } from '../postgres.ts';

/**
 * The node-pg stage (scripts/test.ts) starts one cluster for every file and migrates a template
 * database in it once: ESIGN_TEST_POSTGRES_PORT and ESIGN_TEST_POSTGRES_TEMPLATE. A file run on its
 * own starts its own cluster on first use, stopped when its process exits (after the apps closed).
 */
const sharedPort = process.env.ESIGN_TEST_DATABASE === 'postgres' ? Number(process.env.ESIGN_TEST_POSTGRES_PORT) || undefined : undefined;
const postgres = process.env.ESIGN_TEST_DATABASE === 'postgres' && !sharedPort ? postgresForTests({ stopAfterTests: false }) : undefined;
let migrated: Promise<string> | undefined;
let databases = 0;

/** A fresh database per app, copied from one the store's migrations ran in once (a copy takes milliseconds). */
async function freshDatabase(): Promise<string | undefined> {
  if (sharedPort) return await createDatabase(sharedPort, `app_${process.pid}_${++databases}`, process.env.ESIGN_TEST_POSTGRES_TEMPLATE);
  if (!postgres) return undefined;
  migrated ??= (async () => {
    const url = await postgres.database('migrated');
    await migratePostgres(url);
    return new URL(url).pathname.slice(1);
  })();
  return await postgres.database('app', await migrated);
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Sandbox new-scheme key of the admin user. */
  key: string;
  groupId: string;
  adminId: string;
  close(): Promise<void>;
}

export async function createTestApp(config: Partial<BuildConfig> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-test-'));
  const ownDatabase = config.databaseUrl ? undefined : await freshDatabase();
  const databaseUrl = config.databaseUrl ?? ownDatabase;
  // CLI commands a test runs on the app's data dir (and stores it opens itself) reach the same database.
  if (ownDatabase) process.env.ESIGN_DATABASE_URL = ownDatabase;
  const app = await buildApp({ sweepIntervalMs: 0, ...config, dataDir, databaseUrl });
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  return {
    app,
    dataDir,
    key: setup.apiKey,
    groupId: setup.groupId,
    adminId: admin.id,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The shared cluster outlives this file: leave no database behind in it.
      if (ownDatabase && sharedPort) await dropDatabase(ownDatabase);
    },
  };
}

/** A second tenant: a new user in a new group of its own, with a key. */
export async function createTenant(
  app: FastifyInstance,
  name: string,
  env: KeyEnv = 'sandbox',
  legacy = false,
): Promise<{ userId: string; groupId: string; key: string }> {
  const { store } = app;
  return await store.transaction(async () => {
    const user = await store.users.create({ email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`, firstName: name });
    const group = await store.groups.create(`${name} group`, {}, user.id);
    await store.users.addToGroup(user.id, group.id, true);
    const { key } = await store.apiKeys.create(user.id, env, legacy);
    return { userId: user.id, groupId: group.id, key };
  });
}

/** A JSON request with the key; `body` is serialised with the JSON Content-Type. */
export function call(
  app: FastifyInstance,
  key: string | undefined,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method, url, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } };
  if (body !== undefined) {
    options.payload = typeof body === 'string' ? body : JSON.stringify(body);
    options.headers = { 'content-type': 'application/json', ...options.headers };
  }
  return app.inject(options);
}

export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string; fields?: { field: string; message: string }[] } {
  return (response.json() as { error: { status: number; code: string; message: string; fields?: { field: string; message: string }[] } }).error;
}
