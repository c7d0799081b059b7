/** API keys: only the hash of each secret is stored. */
import type { Db } from './db.ts';
import { nowIso, prepared } from './db.ts';
import type { KeyEnv } from '../auth/keys.ts';
import { generateLegacyKey, generateNewKey, hashSecret, sameHash } from '../auth/keys.ts';
import type { ParsedKey } from '../auth/keys.ts';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  env: KeyEnv;
  legacy: boolean;
  created: string;
}

export interface ApiKeyRepository {
  /** Creates a key and returns the full key once; it cannot be read back later. */
  create(userId: string, env: KeyEnv, legacy: boolean): { key: string; record: ApiKeyRecord };
  /** The live key record matching a presented key, or undefined. */
  verify(parsed: ParsedKey): ApiKeyRecord | undefined;
  revoke(id: string): boolean;
  /** Whether the key exists and is not revoked. */
  isLive(id: string): boolean;
  /** Records use; callers throttle it (one write per key per minute is plenty). */
  touch(id: string): void;
  listForUser(userId: string): (ApiKeyRecord & { lastUsed: string | null; revoked: string | null })[];
  /** The user's newest live new-scheme key: what link sessions mint their tokens on behalf of. */
  newestActiveNewScheme(userId: string): ApiKeyRecord | undefined;
}

interface KeyRow {
  id: string;
  user_id: string;
  env: KeyEnv;
  legacy: number;
  secret_hash: string;
  created: string;
  last_used: string | null;
  revoked: string | null;
}

function toRecord(row: KeyRow): ApiKeyRecord {
  return { id: row.id, userId: row.user_id, env: row.env, legacy: row.legacy === 1, created: row.created };
}

export class SqliteApiKeyRepository implements ApiKeyRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  create(userId: string, env: KeyEnv, legacy: boolean): { key: string; record: ApiKeyRecord } {
    const generated = legacy ? generateLegacyKey() : generateNewKey(env);
    this.db
      .prepare('INSERT INTO api_keys (id, user_id, env, legacy, secret_hash, created) VALUES (?, ?, ?, ?, ?, ?)')
      .run(generated.keyId, userId, env, legacy ? 1 : 0, generated.secretHash, nowIso());
    const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(generated.keyId) as unknown as KeyRow;
    return { key: generated.key, record: toRecord(row) };
  }

  verify(parsed: ParsedKey): ApiKeyRecord | undefined {
    if (parsed.scheme === 'legacy') {
      const row = this.db.prepare('SELECT * FROM api_keys WHERE secret_hash = ? AND legacy = 1').get(hashSecret(parsed.key)) as KeyRow | undefined;
      return row && !row.revoked ? toRecord(row) : undefined;
    }
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE id = ? AND legacy = 0').get(parsed.keyId) as KeyRow | undefined;
    if (!row || row.revoked || row.env !== parsed.env) return undefined;
    return sameHash(row.secret_hash, hashSecret(parsed.secret)) ? toRecord(row) : undefined;
  }

  isLive(id: string): boolean {
    const row = this.db.prepare('SELECT revoked FROM api_keys WHERE id = ?').get(id) as { revoked: string | null } | undefined;
    return row !== undefined && !row.revoked;
  }

  revoke(id: string): boolean {
    return Number(this.db.prepare('UPDATE api_keys SET revoked = ? WHERE id = ? AND revoked IS NULL').run(nowIso(), id).changes) > 0;
  }

  touch(id: string): void {
    this.db.prepare('UPDATE api_keys SET last_used = ? WHERE id = ?').run(nowIso(), id);
  }

  listForUser(userId: string): (ApiKeyRecord & { lastUsed: string | null; revoked: string | null })[] {
    return (this.db.prepare('SELECT * FROM api_keys WHERE user_id = ? ORDER BY created, rowid').all(userId) as unknown as KeyRow[]).map((row) => ({
      ...toRecord(row),
      lastUsed: row.last_used,
      revoked: row.revoked,
    }));
  }

  newestActiveNewScheme(userId: string): ApiKeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE user_id = ? AND revoked IS NULL AND legacy = 0 ORDER BY created DESC, rowid DESC LIMIT 1').get(
      userId,
    ) as KeyRow | undefined;
    return row ? toRecord(row) : undefined;
  }
}
