/**
 * Reference counts of content-addressed blobs: `blobs` holds one row per stored content (its
 * SHA-256, size and how many names point at it); `blob_names` maps each file name the services use
 * (`template-<id>`, `doc-<id>`, …) to a blob. A blob whose count reaches zero keeps its row (refs 0)
 * until FileStore has shredded its bytes, outside any transaction: a rolled-back change never
 * points at shredded bytes, and a crash in between is finished by the next sweep.
 */
import type { Db, Migration } from './db.ts';
import { nowIso, prepared } from './db.ts';

export const blobMigrations: Migration[] = [
  {
    id: 'blobs-001-content-addressed',
    sql: `
      CREATE TABLE blobs (
        hash TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        refs INTEGER NOT NULL CHECK (refs >= 0),
        created_at TEXT NOT NULL
      );
      CREATE TABLE blob_names (
        name TEXT PRIMARY KEY,
        hash TEXT NOT NULL REFERENCES blobs(hash)
      );
      CREATE INDEX idx_blob_names_hash ON blob_names(hash);
      CREATE INDEX idx_blobs_unreferenced ON blobs(hash) WHERE refs = 0;
    `,
  },
];

export interface BlobRef {
  hash: string;
  size: number;
}

export class SqliteBlobRefs {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The blob a name points at, or undefined. */
  find(name: string): BlobRef | undefined {
    const row = prepared(this.db, 'SELECT b.hash, b.size FROM blob_names n JOIN blobs b ON b.hash = n.hash WHERE n.name = ?').get(name) as
      { hash: string; size: number } | undefined;
    return row ? { hash: row.hash, size: Number(row.size) } : undefined;
  }

  refs(hash: string): number {
    const row = prepared(this.db, 'SELECT refs FROM blobs WHERE hash = ?').get(hash) as { refs: number } | undefined;
    return row ? Number(row.refs) : 0;
  }

  /** Points `name` at the blob (creating its row with the given size). Call inside a transaction. */
  bind(name: string, hash: string, size: number): void {
    const previous = this.find(name);
    if (previous?.hash === hash) return;
    prepared(this.db, 'INSERT INTO blobs (hash, size, refs, created_at) VALUES (?, ?, 1, ?) ON CONFLICT(hash) DO UPDATE SET refs = refs + 1').run(
      hash,
      size,
      nowIso(),
    );
    prepared(this.db, 'INSERT INTO blob_names (name, hash) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET hash = excluded.hash').run(name, hash);
    if (previous) this.release(previous.hash);
  }

  /** Drops `name` (its blob loses one reference). Call inside a transaction. */
  unbind(name: string): void {
    const previous = this.find(name);
    if (!previous) return;
    prepared(this.db, 'DELETE FROM blob_names WHERE name = ?').run(name);
    this.release(previous.hash);
  }

  private release(hash: string): void {
    prepared(this.db, 'UPDATE blobs SET refs = refs - 1 WHERE hash = ?').run(hash);
  }

  /** Blobs no name points at any more: their bytes are due for secure deletion. */
  unreferenced(limit = 1000): string[] {
    const rows = prepared(this.db, 'SELECT hash FROM blobs WHERE refs = 0 LIMIT ?').all(limit) as { hash: string }[];
    return rows.map((r) => r.hash);
  }

  /** Forgets a blob whose bytes were deleted, unless a name took it back meanwhile. */
  forget(hash: string): boolean {
    return Number(prepared(this.db, 'DELETE FROM blobs WHERE hash = ? AND refs = 0').run(hash).changes) > 0;
  }

  /** Totals for the bench and operators: distinct blobs, their bytes, and names pointing at them. */
  totals(): { blobs: number; bytes: number; names: number } {
    const b = this.db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM blobs').get() as { n: number; bytes: number };
    const n = this.db.prepare('SELECT COUNT(*) AS n FROM blob_names').get() as { n: number };
    return { blobs: Number(b.n), bytes: Number(b.bytes), names: Number(n.n) };
  }
}
