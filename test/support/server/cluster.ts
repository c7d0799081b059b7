/**
 * Test and bench helper for issue 14: several real `esign-server serve` processes as one service, on
 * one PostgreSQL 15 (a throwaway cluster, test/support/postgres.ts) and one data directory (the local
 * blob store and the key files, as a shared volume would hold them), each on its own port. Also a
 * signer's whole path through the REST API (sign link → link session → complete), so a test can sign
 * through a process other than the one that sent.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, type PostgresCluster } from '../postgres.ts';
import { api, startServer, type ServerProcess } from './server-process.ts';
import { pngDataUrl } from './pdf.ts';

const CLI = fileURLToPath(new URL('../../../demo/server/cli.ts', import.meta.url));

export interface ServiceCluster {
  postgres: PostgresCluster;
  databaseUrl: string;
  dataDir: string;
  /** The environment every process runs with (ESIGN_DATABASE_URL and the caller's settings). */
  env: NodeJS.ProcessEnv;
  processes: ServerProcess[];
  /** A production key of the first admin (sandbox keys allow 100 calls an hour). */
  key: string;
  groupId: string;
  /** Starts one more process on the same database and data directory. */
  start(): Promise<ServerProcess>;
  stop(): Promise<void>;
}

export async function startCluster(count: number, env: NodeJS.ProcessEnv = {}): Promise<ServiceCluster> {
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-cluster-'));
  const processes: ServerProcess[] = [];
  try {
    const databaseUrl = await postgres.createDatabase('esign');
    const clusterEnv = { ...env, ESIGN_DATABASE_URL: databaseUrl };
    // The first process creates the first admin and its group; the others start together on what it made.
    const first = await startServer(dataDir, clusterEnv);
    processes.push(first);
    processes.push(...(await Promise.all(Array.from({ length: count - 1 }, () => startServer(dataDir, clusterEnv)))));
    const key = execFileSync(process.execPath, [CLI, 'api-key', 'create', '--env', 'production', '--data', dataDir], {
      encoding: 'utf8',
      env: { ...process.env, ...clusterEnv },
    })
      .trim()
      .split('\n')
      .pop()!
      .trim();
    const cluster: ServiceCluster = {
      postgres,
      databaseUrl,
      dataDir,
      env: clusterEnv,
      processes,
      key,
      groupId: first.groupId!,
      async start() {
        const started = await startServer(dataDir, clusterEnv);
        processes.push(started);
        return started;
      },
      async stop() {
        await Promise.all(processes.map((p) => p.kill('SIGKILL')));
        postgres.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return cluster;
  } catch (error) {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Signs every field of a recipient and completes, all through `baseUrl` (any process of the service). */
export async function signThrough(baseUrl: string, key: string, recipientId: string): Promise<number> {
  const link = await api(baseUrl, key, 'GET', `/api/v1/signer/${recipientId}/sign-link/`);
  if (link.status !== 200) throw new Error(`sign-link: ${link.status} ${JSON.stringify(link.json)}`);
  const session = await fetch(`${baseUrl}/api/v1/signer/${recipientId}/link-session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ link: link.json.link }),
  });
  if (session.status !== 200) throw new Error(`link-session: ${session.status} ${await session.text()}`);
  const token: string = ((await session.json()) as { token: string }).token;
  const view = await api(baseUrl, token, 'GET', `/api/v1/signer/${recipientId}/signing/`);
  if (view.status !== 200) throw new Error(`signing view: ${view.status} ${JSON.stringify(view.json)}`);
  const own = (view.json.fields as { uuid: string; element_type: string; editable?: boolean }[]).filter((f) => f.editable !== false);
  const signature = pngDataUrl(120, 40, (x, y) => (Math.abs(y - 20 - Math.sin(x / 9) * 12) < 2 ? 0x202080ff : 0));
  const values: Record<string, string> = {};
  for (const f of own) values[f.uuid] = f.element_type === 'signature' ? signature : 'typed';
  return (await api(baseUrl, token, 'POST', `/api/v1/signer/${recipientId}/complete/`, { values })).status;
}

/**
 * Durable commits from the next session on, as a deployment runs: the harness's PostgreSQL runs with
 * synchronous_commit off for speed, and an immediate shutdown then loses commits already acknowledged.
 * For the tests and benches whose subject is durability across a restart.
 */
export async function commitDurably(cluster: ServiceCluster): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${new URL(cluster.databaseUrl).pathname.slice(1)}" SET synchronous_commit = on`);
  } finally {
    await admin.end();
  }
}
