/**
 * pg_send_rps_ratio: sends per second of the same server on PostgreSQL ÷ on SQLite, 8 sends in flight
 * at a time, same template, same process. Rounds alternate between the two stores (SQLite, PostgreSQL,
 * PostgreSQL, SQLite, …) so a busy moment on the machine hits both alike; the figure is the median of the
 * per-pair ratios. PostgreSQL 15 is started here (test/support/postgres.ts) on a free loopback port, with
 * the test harness's settings (fsync, synchronous_commit and full_page_writes off: durability is a
 * deployment choice, docs/deploy.md); the store's pool has its default 10 connections for the 8 sends.
 * Also printed: round trips per send on PostgreSQL and transactions PostgreSQL made run again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../test/support/postgres.ts';
import { seededApp, send } from './seeded-app.ts';
import { PgSqlDb } from '../demo/server/store/pg-db.ts';

const CONCURRENCY = 8;
const PER_ROUND = Number(process.env.PG_BENCH_SENDS ?? 160);
const PAIRS = Number(process.env.PG_BENCH_PAIRS ?? 4);

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

const cluster = await startPostgres();
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pg-bench-lite-')), fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pg-bench-pg-'))];
try {
  const lite = await seededApp(dirs[0]);
  const postgres = await seededApp(dirs[1], await cluster.createDatabase('bench_send'));
  try {
    await round(lite); // warm-up, discarded
    await round(postgres);
    const pgStats = postgres.app.store.sql instanceof PgSqlDb ? postgres.app.store.sql.stats : undefined;
    if (!pgStats) throw new Error('the PostgreSQL app is not on PostgreSQL');
    const before = { ...pgStats };
    let pgSends = 0;
    const ratios: number[] = [];
    const figures = { lite: [] as number[], postgres: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? ([lite, postgres] as const) : ([postgres, lite] as const);
      const [a, b] = [await round(order[0]), await round(order[1])];
      const [liteRps, pgRps] = order[0] === lite ? [a, b] : [b, a];
      pgSends += PER_ROUND;
      figures.lite.push(liteRps);
      figures.postgres.push(pgRps);
      ratios.push(pgRps / liteRps);
    }
    console.log(`pg_send_rps_ratio: ${median(ratios).toFixed(2)}`);
    console.log(
      `pg_send_rps: ${median(figures.postgres).toFixed(0)} (SQLite ${median(figures.lite).toFixed(0)}; ${PAIRS} pairs of ${PER_ROUND} sends, ${CONCURRENCY} in flight)`,
    );
    // Counted over the measured PostgreSQL rounds; the background workers' statements in that time are included.
    console.log(`pg_round_trips_per_send: ${((pgStats.roundTrips - before.roundTrips) / pgSends).toFixed(1)}`);
    console.log(`pg_transaction_retries: ${pgStats.retries - before.retries} (over ${pgSends} sends)`);
    console.log('PostgreSQL cluster: fsync=off synchronous_commit=off full_page_writes=off (test/support/postgres.ts), pool of 10 connections');
  } finally {
    await lite.app.close();
    await postgres.app.close();
  }
} finally {
  cluster.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
