/**
 * pg_send_rps_ratio: sends per second of the same server on PostgreSQL ÷ on SQLite, 8 sends in flight
 * at a time, same template, same process. Rounds alternate between the two stores (SQLite, PostgreSQL,
 * PostgreSQL, SQLite, …) so a busy moment on the machine hits both alike; the figure is the median of the
 * per-pair ratios. PostgreSQL 15 is started here (test/support/postgres.ts) on a free loopback port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../test/support/postgres.ts';
import { seededApp, send } from './seeded-app.ts';

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
    const ratios: number[] = [];
    const figures = { lite: [] as number[], postgres: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? ([lite, postgres] as const) : ([postgres, lite] as const);
      const [a, b] = [await round(order[0]), await round(order[1])];
      const [liteRps, pgRps] = order[0] === lite ? [a, b] : [b, a];
      figures.lite.push(liteRps);
      figures.postgres.push(pgRps);
      ratios.push(pgRps / liteRps);
    }
    console.log(`pg_send_rps_ratio: ${median(ratios).toFixed(2)}`);
    console.log(
      `pg_send_rps: ${median(figures.postgres).toFixed(0)} (SQLite ${median(figures.lite).toFixed(0)}; ${PAIRS} pairs of ${PER_ROUND} sends, ${CONCURRENCY} in flight)`,
    );
  } finally {
    await lite.app.close();
    await postgres.app.close();
  }
} finally {
  cluster.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
