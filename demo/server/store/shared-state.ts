/**
 * State every server process of one deployment must see alike (issue 14), kept in the database instead
 * of each process's memory: fixed-window call counters (auth/rate-limit.ts), the ids of single-use
 * sign-in blocks (auth/challenge-block.ts) and the data directory's key files (services/server-secrets.ts).
 * Each operation is one statement, atomic on both dialects (an upsert; PostgreSQL locks the conflicting
 * row), so processes counting together never lose a call.
 * Tables: sqlite/multiprocess-migrations.ts (pg/multiprocess-migrations.ts).
 */
import type { SqlDb } from './sql.ts';

export interface WindowCount {
  /** When the current window began (ms). */
  windowStart: number;
  /** Calls counted in it, at most `limit + 1` (a refused call is counted once, so the row stops growing). */
  calls: number;
}

export class SqlSharedStateRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  /**
   * Counts one call in `bucket`'s window of `windowMs` (a new window starts when the last one is over)
   * and returns the window after the count; the call is allowed when `calls <= limit`.
   */
  async countCall(bucket: string, limit: number, windowMs: number, now = Date.now()): Promise<WindowCount> {
    const over = now - windowMs;
    const row = (await this.db.get(
      `INSERT INTO rate_windows (bucket, window_start, calls) VALUES (?, ?, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         window_start = CASE WHEN rate_windows.window_start <= ? THEN excluded.window_start ELSE rate_windows.window_start END,
         calls = CASE WHEN rate_windows.window_start <= ? THEN 1 WHEN rate_windows.calls > ? THEN rate_windows.calls ELSE rate_windows.calls + 1 END
       RETURNING window_start, calls`,
      [bucket, now, over, over, limit],
    ))!;
    return { windowStart: Number(row.window_start), calls: Number(row.calls) };
  }

  /** The bucket's current window without counting a call; undefined when none is running. */
  async window(bucket: string, windowMs: number, now = Date.now()): Promise<WindowCount | undefined> {
    const row = await this.db.get('SELECT window_start, calls FROM rate_windows WHERE bucket = ? AND window_start > ?', [bucket, now - windowMs]);
    return row ? { windowStart: Number(row.window_start), calls: Number(row.calls) } : undefined;
  }

  /** Drops the windows of buckets starting with `prefix` that began before `before`. */
  async pruneWindows(prefix: string, before: number): Promise<number> {
    return (await this.db.run('DELETE FROM rate_windows WHERE substr(bucket, 1, ?) = ? AND window_start < ?', [prefix.length, prefix, before])).changes;
  }

  /** True the first time an id is taken (in any process), false after; kept until `expiresMs`. */
  async takeOnce(id: string, expiresMs: number): Promise<boolean> {
    return (await this.db.run('INSERT INTO used_blocks (id, expires_ms) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', [id, expiresMs])).changes === 1;
  }

  /** A shared secret file's bytes, if a process stored them. */
  async secret(name: string): Promise<Buffer | undefined> {
    const row = await this.db.get('SELECT bytes FROM server_secrets WHERE name = ?', [name]);
    return row ? Buffer.from(row.bytes as Uint8Array) : undefined;
  }

  /** Stores a secret unless one of that name exists; returns the stored one (the first process's wins). */
  async shareSecret(name: string, bytes: Uint8Array, now = Date.now()): Promise<Buffer> {
    await this.db.run('INSERT INTO server_secrets (name, bytes, created_ms) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [name, bytes, now]);
    return (await this.secret(name))!;
  }

  /** Forgets ids whose blocks have expired (an expired block is refused before its id is looked at). */
  async pruneUsed(now = Date.now()): Promise<number> {
    return (await this.db.run('DELETE FROM used_blocks WHERE expires_ms <= ?', [now])).changes;
  }
}
