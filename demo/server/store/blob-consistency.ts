/**
 * The blob store against its reference counts (issue 28, `esign-server storage check [--repair]`):
 * - missing: a blob row whose bytes are gone (the names listed point at nothing; not repairable here:
 *   restore the bytes from a backup);
 * - orphans: bytes no row knows (a process died between the put and its transaction, or a transaction
 *   failed and the clean-up could not reach the store); repair deletes those older than the grace
 *   period, as younger ones may belong to a write in progress;
 * - miscounted: a blob whose counter differs from the names pointing at it; repair recounts;
 * - unswept: rows at zero references whose bytes are due for shredding; repair sweeps them.
 */
import type { BlobBackend } from './blob-backend.ts';
import type { SqliteBlobRefs } from './blob-refs.ts';
import type { SqlDb } from './sql.ts';

export interface BlobCheckReport {
  missing: { hash: string; names: string[] }[];
  orphans: string[];
  /** Orphans left alone because they are younger than the grace period. */
  youngOrphans: string[];
  miscounted: { hash: string; refs: number; names: number }[];
  unswept: string[];
  repaired: boolean;
}

export interface BlobCheckOptions {
  repair?: boolean;
  /** Orphan bytes younger than this are not deleted (default one hour). */
  graceMs?: number;
  now?: number;
}

export async function checkBlobs(db: SqlDb, refs: SqliteBlobRefs, blobs: BlobBackend, options: BlobCheckOptions = {}): Promise<BlobCheckReport> {
  const now = options.now ?? Date.now();
  const graceMs = options.graceMs ?? 3600_000;
  const rows = await refs.counts();
  const known = new Set(rows.map((r) => r.hash));
  const stored = new Map<string, number>();
  for await (const { hash, modifiedAt } of blobs.list()) stored.set(hash, modifiedAt);
  const report: BlobCheckReport = { missing: [], orphans: [], youngOrphans: [], miscounted: [], unswept: [], repaired: false };
  for (const row of rows) {
    if (row.refs !== row.names) report.miscounted.push(row);
    if (row.names === 0) report.unswept.push(row.hash);
    else if (!stored.has(row.hash)) report.missing.push({ hash: row.hash, names: await refs.namesOf(row.hash) });
  }
  for (const [hash, modifiedAt] of stored) {
    if (known.has(hash)) continue;
    (now - modifiedAt >= graceMs ? report.orphans : report.youngOrphans).push(hash);
  }
  if (!options.repair) return report;
  for (const { hash } of report.miscounted) await db.transaction(() => refs.recount(hash));
  for (const hash of report.orphans) {
    // Under the write lock: a write binding this content meanwhile has its row by now and keeps the bytes.
    await db.transaction(async () => {
      if ((await refs.namesOf(hash)).length > 0) return;
      await refs.forget(hash);
      await blobs.delete(hash);
    });
  }
  for (const hash of report.unswept) {
    await db.transaction(async () => {
      if (await refs.forget(hash)) await blobs.delete(hash);
    });
  }
  report.repaired = true;
  return report;
}
