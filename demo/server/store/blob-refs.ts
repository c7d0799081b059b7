/**
 * Reference counts of content-addressed blobs: `blobs` holds one row per stored content (its
 * SHA-256, size and how many names point at it); `blob_names` maps each file name the services use
 * (`template-<id>`, `doc-<id>`, …) to a blob. A blob whose count reaches zero keeps its row (refs 0)
 * until FileStore has shredded its bytes, outside any transaction: a rolled-back change never
 * points at shredded bytes, and a crash in between is finished by the next sweep.
 */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';

export interface BlobRef {
  hash: string;
  size: number;
}

export class SqliteBlobRefs {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  /** The blob a name points at, or undefined. */
  async find(name: string): Promise<BlobRef | undefined> {
    const row = (await this.db.get('SELECT b.hash, b.size FROM blob_names n JOIN blobs b ON b.hash = n.hash WHERE n.name = ?', [name])) as
      { hash: string; size: number } | undefined;
    return row ? { hash: row.hash, size: Number(row.size) } : undefined;
  }

  async refs(hash: string): Promise<number> {
    const row = (await this.db.get('SELECT refs FROM blobs WHERE hash = ?', [hash])) as { refs: number } | undefined;
    return row ? Number(row.refs) : 0;
  }

  /** Points `name` at the blob (creating its row with the given size). Call inside a transaction. */
  async bind(name: string, hash: string, size: number): Promise<void> {
    const previous = await this.find(name);
    if (previous?.hash === hash) return;
    await this.db.run('INSERT INTO blobs (hash, size, refs, created_at) VALUES (?, ?, 1, ?) ON CONFLICT(hash) DO UPDATE SET refs = blobs.refs + 1', [
      hash,
      size,
      nowIso(),
    ]);
    await this.db.run('INSERT INTO blob_names (name, hash) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET hash = excluded.hash', [name, hash]);
    if (previous) await this.release(previous.hash);
  }

  /**
   * Points `to` at the blob `from` points at, in two statements for a new name (one on PostgreSQL; three or four for a
   * name that points elsewhere), the blob's counter row last: concurrent links of one template all update that row, and each holds its lock
   * from this update to its commit. Answers the blob `to` pointed at before, which lost a reference
   * (undefined when none did), or null when `from` names nothing. Call inside a transaction.
   */
  async link(from: string, to: string): Promise<{ hash: string; released: string | undefined } | null> {
    // The usual case, a new name: two statements; one round trip on PostgreSQL, where an INSERT can be a CTE.
    const insertName = 'INSERT INTO blob_names (name, hash) SELECT ?, hash FROM blob_names WHERE name = ? ON CONFLICT(name) DO NOTHING RETURNING hash';
    if (this.db.dialect === 'postgres') {
      const counted = (await this.db.get(
        `WITH named AS (${insertName}) UPDATE blobs SET refs = refs + 1 FROM named WHERE blobs.hash = named.hash RETURNING blobs.hash`,
        [to, from],
      )) as { hash: string } | undefined;
      if (counted) return { hash: counted.hash, released: undefined };
    } else {
      const named = (await this.db.get(insertName, [to, from])) as { hash: string } | undefined;
      if (named) {
        await this.db.run('UPDATE blobs SET refs = refs + 1 WHERE hash = ?', [named.hash]);
        return { hash: named.hash, released: undefined };
      }
    }
    // `from` names nothing, or `to` names a blob already.
    const row = (await this.db.get('SELECT s.hash, t.hash AS previous FROM blob_names s LEFT JOIN blob_names t ON t.name = ? WHERE s.name = ?', [to, from])) as
      { hash: string; previous: string | null } | undefined;
    if (!row) return null;
    if (row.previous === row.hash) return { hash: row.hash, released: undefined };
    await this.db.run('INSERT INTO blob_names (name, hash) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET hash = excluded.hash', [to, row.hash]);
    if (row.previous !== null) await this.release(row.previous);
    await this.db.run('UPDATE blobs SET refs = refs + 1 WHERE hash = ?', [row.hash]);
    return { hash: row.hash, released: row.previous ?? undefined };
  }

  /** Drops `name` (its blob loses one reference). Call inside a transaction. */
  async unbind(name: string): Promise<void> {
    const previous = await this.find(name);
    if (!previous) return;
    await this.db.run('DELETE FROM blob_names WHERE name = ?', [name]);
    await this.release(previous.hash);
  }

  private async release(hash: string): Promise<void> {
    await this.db.run('UPDATE blobs SET refs = refs - 1 WHERE hash = ?', [hash]);
  }

  /** Blobs no name points at any more: their bytes are due for secure deletion. */
  async unreferenced(limit = 1000): Promise<string[]> {
    const rows = (await this.db.all('SELECT hash FROM blobs WHERE refs = 0 LIMIT ?', [limit])) as { hash: string }[];
    return rows.map((r) => r.hash);
  }

  /** Forgets a blob whose bytes were deleted, unless a name took it back meanwhile. */
  async forget(hash: string): Promise<boolean> {
    return Number((await this.db.run('DELETE FROM blobs WHERE hash = ? AND refs = 0', [hash])).changes) > 0;
  }

  /** Every blob row with its counter and the names that really point at it (the consistency check). */
  async counts(): Promise<{ hash: string; refs: number; names: number }[]> {
    const rows = (await this.db.all(
      'SELECT b.hash, b.refs, (SELECT COUNT(*) FROM blob_names n WHERE n.hash = b.hash) AS names FROM blobs b ORDER BY b.hash',
    )) as { hash: string; refs: number; names: number }[];
    return rows.map((r) => ({ hash: r.hash, refs: Number(r.refs), names: Number(r.names) }));
  }

  /** The names pointing at a blob. */
  async namesOf(hash: string): Promise<string[]> {
    return ((await this.db.all('SELECT name FROM blob_names WHERE hash = ? ORDER BY name', [hash])) as { name: string }[]).map((r) => r.name);
  }

  /** Sets a blob's counter to the names that point at it (repair of a wrong count). Call inside a transaction. */
  async recount(hash: string): Promise<void> {
    await this.db.run('UPDATE blobs SET refs = (SELECT COUNT(*) FROM blob_names n WHERE n.hash = blobs.hash) WHERE hash = ?', [hash]);
  }

  /** Totals for the bench and operators: distinct blobs, their bytes, and names pointing at them. */
  async totals(): Promise<{ blobs: number; bytes: number; names: number }> {
    const b = (await this.db.get('SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM blobs')) as { n: number; bytes: number };
    const n = (await this.db.get('SELECT COUNT(*) AS n FROM blob_names')) as { n: number };
    return { blobs: Number(b.n), bytes: Number(b.bytes), names: Number(n.n) };
  }
}
