/**
 * Storage and lists at scale (issue 14).
 *
 * storage_per_send_ratio: bytes the data dir grows per send ÷ the template's size, over 500 sends of
 * pdfjs-tracemonkey.pdf through the REST API (the data dir measured with the server closed, so the
 * write-ahead log is folded in). Target ≤ 0.05: a send references the template's blob, it does not copy it.
 *
 * list_p50_growth_ratio: for each list filter (none, created_gt, modified_gt, sentUserId, status,
 * archived, group), the p50 of one store list call (page of 20 plus total_count) at 100,000 documents ÷
 * at 1,000; the figure is the worst filter. Target ≤ 1.5 on both stores: list_p50_growth_ratio on SQLite,
 * list_p50_growth_ratio_pg on PostgreSQL 15 (started here, test/support/postgres.ts). The documents are
 * inserted through the store in one transaction, cloned from one real send; the date filters ask for the newest 100.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { buildApp } from '../demo/server/app.ts';
import type { DocumentListQuery } from '../demo/server/store/documents.ts';
import { startPostgres } from '../test/support/postgres.ts';
import { benchRateLimits, seededApp, send, tracemonkey } from './seeded-app.ts';

const SENDS = Number(process.env.STORAGE_BENCH_SENDS ?? 500);
const SMALL = 1_000;
const LARGE = Number(process.env.LIST_BENCH_DOCUMENTS ?? 100_000);
const RUNS = 200;

const pdf = tracemonkey;
const rateLimits = benchRateLimits;

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

async function storagePerSend(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-storage-bench-'));
  try {
    const seeded = await seededApp(dataDir);
    await seeded.app.close();
    const before = dirBytes(dataDir);
    const app = await buildApp({ dataDir, sweepIntervalMs: 0, rateLimits });
    const started = performance.now();
    for (let i = 0; i < SENDS; i++) await send(app, seeded.key, seeded.groupId, seeded.templateId, i);
    const seconds = (performance.now() - started) / 1000;
    await app.close();
    const grown = dirBytes(dataDir) - before;
    console.log(`storage_per_send_ratio: ${(grown / SENDS / pdf.length).toFixed(4)}`);
    console.log(`storage_bytes_per_send: ${Math.round(grown / SENDS)} (template ${pdf.length} bytes, ${SENDS} sends in ${seconds.toFixed(1)} s)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Lister = { name: string; run: () => Promise<unknown>; matched: number };

/** A data dir with `count` documents and one list call per filter, ready to time. */
async function seedList(count: number, databaseUrl?: string): Promise<{ listers: Lister[]; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-list-bench-'));
  const { app, key, groupId, templateId } = await seededApp(dataDir, databaseUrl);
  const { store } = app;
  const protoId = await send(app, key, groupId, templateId, 0);
  const proto = (await store.documents.get(protoId))!;
  const recipients = await store.documents.recipients(protoId);
  const fields = await store.documents.fields(protoId);
  const senders = await store.transaction(async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const user = await store.users.create({ email: `sender${i}@example.com`, firstName: `Sender ${i}` });
      await store.users.addToGroup(user.id, groupId);
      ids.push(user.id);
    }
    return ids;
  });
  await store.transaction(async () => {
    for (let i = 1; i < count; i++) {
      const id = crypto.randomUUID();
      await store.documents.insert(
        { ...proto, id, userId: senders[i % senders.length], status: ([10, 20, 30] as const)[i % 3] },
        recipients.map((r) => ({ ...r, id: crypto.randomUUID() })),
        fields.map((f) => ({ ...f, uuid: crypto.randomUUID() })),
      );
      if (i % 7 === 0) await store.documents.setStatus(id, 40, { archived: true });
    }
  });
  await store.checkpoint();
  const base = { groupIds: [groupId], limit: 20, offset: 0 };
  const newest100 = (await store.documents.list({ ...base, limit: 1, offset: 100 })).documents[0]!;
  const filters: Record<string, Partial<DocumentListQuery>> = {
    none: {},
    created_gt: { createdGt: newest100.created },
    modified_gt: { modifiedGt: newest100.modified },
    sentUserId: { userId: senders[3] },
    status: { status: 20 },
    archived: { archived: true },
    group: { groupIds: [groupId] },
  };
  const listers: Lister[] = [];
  for (const [name, filter] of Object.entries(filters)) {
    const q = { ...base, ...filter };
    listers.push({ name, run: () => store.documents.list(q), matched: (await store.documents.list(q)).total });
  }
  return {
    listers,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function p50(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Both sizes open at once and timed in alternation, so a busy moment on the machine hits both alike. */
async function listGrowth(databases?: { small: string; large: string }): Promise<void> {
  const suffix = databases ? '_pg' : '';
  const small = await seedList(SMALL, databases?.small);
  const large = await seedList(LARGE, databases?.large);
  try {
    let worst = 0;
    const parts: string[] = [];
    for (let f = 0; f < small.listers.length; f++) {
      const a = small.listers[f];
      const b = large.listers[f];
      for (let i = 0; i < 20; i++) {
        await a.run();
        await b.run();
      }
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now();
        await a.run();
        ta.push(performance.now() - t0);
        t0 = performance.now();
        await b.run();
        tb.push(performance.now() - t0);
      }
      const ratio = p50(tb) / p50(ta);
      worst = Math.max(worst, ratio);
      parts.push(`${a.name} ${ratio.toFixed(2)} (${p50(ta).toFixed(3)} → ${p50(tb).toFixed(3)} ms; ${a.matched} → ${b.matched} matched)`);
    }
    console.log(`list_p50_growth_ratio${suffix}: ${worst.toFixed(2)}`);
    console.log(`list_p50_by_filter${suffix}: ${LARGE} vs ${SMALL} documents, p50 of ${RUNS}: ${parts.join('; ')}`);
  } finally {
    await small.close();
    await large.close();
  }
}

await storagePerSend();
await listGrowth();
const cluster = await startPostgres();
try {
  await listGrowth({ small: await cluster.createDatabase('list_small'), large: await cluster.createDatabase('list_large') });
} finally {
  cluster.stop();
}
