/**
 * A real PostgreSQL 15 for tests: a fresh cluster in a temp dir on a free port, one database per
 * test file, stopped and deleted at the end (also when the test fails or the process exits early).
 * It never skips: when PostgreSQL cannot start, it throws an error that says why.
 *
 * initdb refuses to run as root, so as root every server command runs as the `postgres` user
 * (`runuser -u postgres --`) in a dir that user owns; as any other user they run directly.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import pg from 'pg';
import { openPgSqlDb } from '../../demo/server/store/pg-db.ts';

export const PG_BIN = process.env.ESIGN_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const SUPERUSER = 'esign';
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface PostgresCluster {
  port: number;
  /** The temp dir: data/, the socket and postgres.log. */
  dir: string;
  /** Creates a fresh database (a copy of `template`, a database name, when given) and returns its connection URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  /** `pg_ctl restart` in the given shutdown mode (fault tests): same port and settings, back when it accepts connections. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl stop` without removing anything (`start()` brings it back). */
  stopServer(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Where clusters go. As root the server runs as `postgres`, which must be able to enter every parent
 * dir: a test that points TMPDIR at a private (0700) dir of its own would lock it out, so root uses /tmp.
 */
const clusterParent = () => (isRoot ? '/tmp' : os.tmpdir());

/** Runs a PostgreSQL binary, as `postgres` when we are root. Returns its output or throws with it. */
function runPgTool(pgBin: string, tool: string, args: string[]): string {
  const bin = path.join(pgBin, tool);
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  // cwd: one the postgres user can enter (the caller's may be under /root).
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 120_000, cwd: clusterParent() });
  if (result.error) throw new Error(`PostgreSQL test harness: ${tool} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`PostgreSQL test harness: ${tool} failed (exit ${result.status}): ${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout;
}

/** runPgTool without blocking the event loop. */
function runPgToolAsync(pgBin: string, tool: string, args: string[]): Promise<void> {
  const bin = path.join(pgBin, tool);
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { encoding: 'utf8', timeout: 120_000, cwd: clusterParent() }, (error, stdout, stderr) => {
      if (error) reject(new Error(`PostgreSQL test harness: ${tool} ${args.join(' ')} failed: ${(stderr || stdout || error.message).trim()}`));
      else resolve();
    });
  });
}

function checkPrerequisites(pgBin: string): void {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(pgBin, tool))) {
      throw new Error(
        `PostgreSQL test harness: ${path.join(pgBin, tool)} is missing. Install the Debian package postgresql-15 ` +
          '(apt-get install postgresql-15), or set ESIGN_PG_BIN to the directory of PostgreSQL 15 binaries.',
      );
    }
  }
  if (!isRoot) return;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
  } catch {
    throw new Error('PostgreSQL test harness: running as root needs the `postgres` user (created by the postgresql-15 package); initdb refuses root.');
  }
  if (spawnSync('runuser', ['--help'], { stdio: 'ignore' }).error) {
    throw new Error('PostgreSQL test harness: running as root needs `runuser` (util-linux) to start PostgreSQL as the postgres user.');
  }
}

function logTail(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no postgres.log)';
  }
}

/** Starts a new cluster. The caller must call stop(); a process exit stops it too. */
export async function startPostgres(options: { bin?: string } = {}): Promise<PostgresCluster> {
  const pgBin = options.bin ?? PG_BIN;
  checkPrerequisites(pgBin);
  const dir = fs.mkdtempSync(path.join(clusterParent(), 'esign-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    for (const signal of STOP_SIGNALS) process.removeListener(signal, stopAndResignal);
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      try {
        runPgTool(pgBin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Stopping failed (the server already died): the dir goes regardless.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test process ended by a signal (a runner's timeout, Ctrl-C) runs no 'exit' handlers: stop, then die of that signal.
  const stopAndResignal = (signal: NodeJS.Signals): void => {
    stop();
    process.kill(process.pid, signal);
  };
  process.on('exit', stop);
  for (const signal of STOP_SIGNALS) process.once(signal, stopAndResignal);
  try {
    runPgTool(pgBin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', SUPERUSER, '-E', 'UTF8', '--no-sync']);
    // A port taken between freePort() and the server's bind fails the start: try again on another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      // Durability is not under test: fsync off keeps the 2-core CI machine fast.
      const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      try {
        runPgTool(pgBin, 'pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(dir, 'postgres.log'), '-t', '60', '-w', 'start']);
      } catch (error) {
        if (attempt < 3 && /could not bind|address already in use/i.test(logTail(dir))) continue;
        throw new Error(`${(error as Error).message}\npostgres.log:\n${logTail(dir)}`, { cause: error });
      }
      const log = path.join(dir, 'postgres.log');
      return {
        port,
        dir,
        createDatabase: (name, template) => createDatabase(port, name, template),
        // Asynchronous: the test's own clients keep running while the server is down.
        restart: (mode) => runPgToolAsync(pgBin, 'pg_ctl', ['-D', dataDir, '-m', mode, '-l', log, '-t', '60', '-w', 'restart']),
        stopServer: (mode) => runPgToolAsync(pgBin, 'pg_ctl', ['-D', dataDir, '-m', mode, '-t', '60', '-w', 'stop']),
        start: () => runPgToolAsync(pgBin, 'pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', log, '-t', '60', '-w', 'start']),
        stop,
      };
    }
  } catch (error) {
    stop();
    throw error;
  }
}

const safeName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .slice(0, 60);

async function asAdmin(port: number, sql: string): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates a database in the cluster on `port` (a copy of `template` when given); returns its URL. */
export async function createDatabase(port: number, name: string, template?: string): Promise<string> {
  const safe = safeName(name);
  await asAdmin(port, `CREATE DATABASE "${safe}"${template ? ` TEMPLATE "${safeName(template)}"` : ''}`);
  return `postgres://${SUPERUSER}@127.0.0.1:${port}/${safe}`;
}

/** Runs the store's migrations in a new database (the template that test apps' databases copy). */
export async function migratePostgres(url: string): Promise<void> {
  await (await openPgSqlDb(url)).close();
}

/** Drops a database made by createDatabase, closing any connection still open to it. */
export async function dropDatabase(url: string): Promise<void> {
  const { port, pathname } = new URL(url);
  await asAdmin(Number(port), `DROP DATABASE IF EXISTS "${safeName(pathname.slice(1))}" WITH (FORCE)`);
}

/**
 * For a node:test file: call at the top level of the file (not inside a test), so the cluster is
 * stopped after all of the file's tests. One cluster per test file, started on first use; each
 * `database(name)` is a new database, returned as its connection URL.
 */
export function postgresForTests(options: { stopAfterTests?: boolean } = {}): { database(name: string, template?: string): Promise<string> } {
  let cluster: Promise<PostgresCluster> | undefined;
  let databases = 0;
  // stopAfterTests false: stopped when the process exits instead, for helpers imported before the
  // file registers its own after() hooks (those close the apps using the cluster, and run later).
  if (options.stopAfterTests !== false) {
    after(() =>
      cluster?.then(
        (started) => started.stop(),
        () => undefined,
      ),
    );
  }
  return {
    database(name, template) {
      cluster ??= startPostgres();
      databases++;
      return cluster.then((started) => started.createDatabase(`${name}_${databases}`, template));
    },
  };
}
