/**
 * pg_send_rps_ratio: sends per second of the same server on PostgreSQL ÷ on SQLite, 8 sends in flight
 * at a time, same template, same process, PostgreSQL reached over loopback TCP. Beside it,
 * pg_send_rps_ratio_socket: the same PostgreSQL over its Unix socket, as a server on the database's own
 * machine would connect (docs/deploy.md). Each round of the three runs in a rotating order (SQLite, TCP,
 * socket; TCP, socket, SQLite; …) so a busy moment on the machine hits all alike; a figure is the median
 * of the per-round ratios. Rounds of 480 sends: at 160, one garbage collection or a neighbour's burst moved
 * a round's figure by a tenth. PostgreSQL 15 is started here (test/support/postgres.ts) on a free loopback
 * port, with the test harness's settings (fsync, synchronous_commit and full_page_writes off: durability is
 * a deployment choice, docs/deploy.md); the store's pool has its default 10 connections for the 8 sends.
 * Also printed: round trips per send on PostgreSQL and transactions PostgreSQL made run again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../test/support/postgres.ts';
import { seededApp, send } from './seeded-app.ts';
import { PgSqlDb } from '../demo/server/store/pg-db.ts';

const CONCURRENCY = 8;
const PER_ROUND = Number(process.env.PG_BENCH_SENDS ?? 480);
const ROUNDS = Number(process.env.PG_BENCH_ROUNDS ?? 5);

type Seeded = Awaited<ReturnType<typeof seededApp>>;

let sent = 0;
const sendNext = (s: Seeded) => send(s.app, s.key, s.groupId, s.templateId, sent++);

/** Sends per second over `PER_ROUND` sends with `CONCURRENCY` in flight. */
async function round(s: Seeded): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PER_ROUND) {
        next++;
        await sendNext(s);
      }
    }),
  );
  return PER_ROUND / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The same database over the cluster's Unix socket (its directory is the cluster's temp dir). */
function overSocket(tcpUrl: string, socketDir: string): string {
  const url = new URL(tcpUrl);
  return `postgres://${url.username}@${url.pathname}?host=${encodeURIComponent(socketDir)}&port=${url.port}`;
}

const pgStatsOf = (s: Seeded) => {
  if (!(s.app.store.sql instanceof PgSqlDb)) throw new Error('the PostgreSQL app is not on PostgreSQL');
  return s.app.store.sql.stats;
};

const cluster = await startPostgres();
const dirs = ['lite', 'tcp', 'socket'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `esign-pg-bench-${name}-`)));
try {
  const lite = await seededApp(dirs[0]!);
  const tcp = await seededApp(dirs[1]!, await cluster.createDatabase('bench_send_tcp'));
  const socket = await seededApp(dirs[2]!, overSocket(await cluster.createDatabase('bench_send_socket'), cluster.dir));
  try {
    for (const s of [lite, tcp, socket]) await round(s); // warm-up, discarded
    const stats = [pgStatsOf(tcp), pgStatsOf(socket)];
    const before = stats.map((s) => ({ ...s }));
    const rps = new Map<Seeded, number[]>([lite, tcp, socket].map((s) => [s, []]));
    const ratios = { tcp: [] as number[], socket: [] as number[] };
    for (let index = 0; index < ROUNDS; index++) {
      const order = [lite, tcp, socket];
      for (let i = 0; i < index % 3; i++) order.push(order.shift()!);
      for (const s of order) rps.get(s)!.push(await round(s));
      const [l, t, u] = [lite, tcp, socket].map((s) => rps.get(s)!.at(-1)!);
      ratios.tcp.push(t! / l!);
      ratios.socket.push(u! / l!);
    }
    const pgSends = 2 * ROUNDS * PER_ROUND;
    const fixed = (values: number[], digits = 0) => median(values)!.toFixed(digits);
    console.log(`pg_send_rps_ratio: ${fixed(ratios.tcp, 2)}`);
    console.log(`pg_send_rps_ratio_socket: ${fixed(ratios.socket, 2)}`);
    console.log(
      `pg_send_rps: TCP ${fixed(rps.get(tcp)!)}, socket ${fixed(rps.get(socket)!)} (SQLite ${fixed(rps.get(lite)!)}; ${ROUNDS} rounds of ${PER_ROUND} sends each, ${CONCURRENCY} in flight)`,
    );
    // Counted over the measured PostgreSQL rounds; the background workers' statements in that time are included.
    const roundTrips = stats.reduce((sum, s, i) => sum + s.roundTrips - before[i]!.roundTrips, 0);
    const retries = stats.reduce((sum, s, i) => sum + s.retries - before[i]!.retries, 0);
    console.log(`pg_round_trips_per_send: ${(roundTrips / pgSends).toFixed(1)}`);
    console.log(`pg_transaction_retries: ${retries} (over ${pgSends} sends)`);
    console.log('PostgreSQL cluster: fsync=off synchronous_commit=off full_page_writes=off (test/support/postgres.ts), pool of 10 connections');
  } finally {
    for (const s of [lite, tcp, socket]) await s.app.close();
  }
} finally {
  cluster.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
