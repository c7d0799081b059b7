/**
 * Stored answers of requests sent with an `Idempotency-Key` (http/idempotency.ts): one row per
 * (API key, Idempotency-Key, method, path), holding a hash of the request body and, once the route
 * answered, its status, headers and body. A row without a status is a request still running.
 * Rows live 24 hours.
 */
import type { SqlDb } from './sql.ts';

export interface IdempotencyScope {
  keyId: string;
  idemKey: string;
  method: string;
  path: string;
}

export interface StoredAnswer {
  bodyHash: string;
  /** null while the first request is still running. */
  status: number | null;
  headers: Record<string, string>;
  body: Uint8Array | null;
  created: string;
}

interface Row {
  body_hash: string;
  status: number | null;
  headers: string;
  body: Uint8Array | null;
  created: string;
}

const WHERE = 'key_id = ? AND idem_key = ? AND method = ? AND path = ?';
const args = (s: IdempotencyScope) => [s.keyId, s.idemKey, s.method, s.path] as const;

export class IdempotencyRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async find(scope: IdempotencyScope): Promise<StoredAnswer | undefined> {
    const row = (await this.db.get(`SELECT body_hash, status, headers, body, created FROM idempotency_keys WHERE ${WHERE}`, args(scope))) as Row | undefined;
    if (!row) return undefined;
    return { bodyHash: row.body_hash, status: row.status, headers: JSON.parse(row.headers) as Record<string, string>, body: row.body, created: row.created };
  }

  /** Claims the scope for a request about to run; false when a row is already there. */
  async reserve(scope: IdempotencyScope, bodyHash: string, now: string): Promise<boolean> {
    const result = await this.db.run(
      'INSERT INTO idempotency_keys (key_id, idem_key, method, path, body_hash, created) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [...args(scope), bodyHash, now],
    );
    return Number(result.changes) === 1;
  }

  async complete(scope: IdempotencyScope, status: number, headers: Record<string, string>, body: Uint8Array): Promise<void> {
    await this.db.run(`UPDATE idempotency_keys SET status = ?, headers = ?, body = ? WHERE ${WHERE}`, [status, JSON.stringify(headers), body, ...args(scope)]);
  }

  /** Forgets a scope (its request failed in a way a retry should run again). */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.db.run(`DELETE FROM idempotency_keys WHERE ${WHERE}`, args(scope));
  }

  /** Removes every row created before `before` (ISO time). */
  async purgeBefore(before: string): Promise<void> {
    await this.db.run('DELETE FROM idempotency_keys WHERE created < ?', [before]);
  }
}
