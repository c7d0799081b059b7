/**
 * pg_send_rps_ratio: sends per second of the same server on PostgreSQL ÷ on SQLite, 8 sends in flight
 * at a time, same template, same process. Rounds alternate between the two stores (SQLite, PostgreSQL,
 * PostgreSQL, SQLite, …) so a busy moment on the machine hits both alike; the figure is the median of the
 * per-pair ratios. PostgreSQL 15 is started here (test/support/postgres.ts) on a free loopback port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../demo/server/app.ts';
import { ensureInitialSetup } from '../demo/server/services/bootstrap.ts';
import { templateFileName } from '../demo/server/services/template-deletion.ts';
import { inspectPdf } from '../demo/server/pdf/index.ts';
import { normalizeElement } from '../src/fields/index.ts';
import { startPostgres } from '../test/support/postgres.ts';

const fixtures = process.env.ESIGN_FIXTURES ?? fileURLToPath(new URL('../../shared/fixtures/pdfs/', import.meta.url));
const CONCURRENCY = 8;
const PER_ROUND = Number(process.env.PG_BENCH_SENDS ?? 160);
const PAIRS = Number(process.env.PG_BENCH_PAIRS ?? 4);
const rateLimits = { sandbox: 1e9, production: 1e9, windowMs: 3600_000 };
const pdf = new Uint8Array(fs.readFileSync(path.join(fixtures, 'pdfjs-tracemonkey.pdf')));

interface Seeded {
  app: FastifyInstance;
  key: string;
  groupId: string;
  templateId: string;
}

async function seeded(dataDir: string, databaseUrl?: string): Promise<Seeded> {
  const app = await buildApp({ dataDir, databaseUrl, sweepIntervalMs: 0, rateLimits, logger: process.env.BENCH_LOG === '1' });
  const setup = (await ensureInitialSetup(app.store))!;
  const admin = (await app.store.users.firstAdmin())!;
  const info = await inspectPdf(pdf);
  if (!info.ok) throw new Error('tracemonkey did not inspect');
  const templateId = crypto.randomUUID();
  await app.store.files.write(templateFileName(templateId), pdf);
  const pages = (info as unknown as { pages: { mediaBox: [number, number, number, number]; cropBox: [number, number, number, number]; rotate: 0 }[] }).pages;
  await app.store.templates.insert({
    id: templateId,
    groupId: setup.groupId,
    userId: admin.id,
    title: 'Tracemonkey',
    pageCount: pages.length,
    pages,
    fileSize: pdf.length,
    processTags: false,
    archiveUponSend: false,
    hideSenderFields: false,
    fields: [normalizeElement({ element_type: 'signature', ax: 0.1, ay: 0.1, bx: 0.4, by: 0.2, page: 1, signer: 1 })].map((f) => ({
      ...f,
      uuid: crypto.randomUUID(),
    })),
    report: {},
  });
  return { app, key: setup.apiKey, groupId: setup.groupId, templateId };
}

let sent = 0;
async function send(s: Seeded): Promise<void> {
  const i = sent++;
  const answer = await s.app.inject({
    method: 'POST',
    url: '/api/v1/document/',
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
    payload: {
      group: `/api/v1/group/${s.groupId}/`,
      name: `Bench ${i}`,
      templatepdf: `/api/v1/templatepdf/${s.templateId}/`,
      signers: [{ firstname: 'Ann', lastname: 'Bench', email: `ann${i}@example.com` }],
    },
  });
  if (answer.statusCode !== 201) throw new Error(`send failed ${answer.statusCode}: ${answer.body}`);
}

/** Sends per second over `PER_ROUND` sends with `CONCURRENCY` in flight. */
async function round(s: Seeded): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PER_ROUND) {
        next++;
        await send(s);
      }
    }),
  );
  return PER_ROUND / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cluster = await startPostgres();
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pg-bench-lite-')), fs.mkdtempSync(path.join(os.tmpdir(), 'esign-pg-bench-pg-'))];
try {
  const lite = await seeded(dirs[0]);
  const postgres = await seeded(dirs[1], await cluster.createDatabase('bench_send'));
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
