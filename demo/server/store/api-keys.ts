/** API keys: only the hash of each secret is stored. */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';
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
  create(userId: string, env: KeyEnv, legacy: boolean): Promise<{ key: string; record: ApiKeyRecord }>;
  /** The live key record matching a presented key, or undefined. */
  verify(parsed: ParsedKey): Promise<ApiKeyRecord | undefined>;
  revoke(id: string): Promise<boolean>;
  /** Whether the key exists and is not revoked. */
  isLive(id: string): Promise<boolean>;
  /** Records use; callers throttle it (one write per key per minute is plenty). */
  touch(id: string): Promise<void>;
  listForUser(userId: string): Promise<(ApiKeyRecord & { lastUsed: string | null; revoked: string | null })[]>;
  /** The user's newest live new-scheme key: what link sessions mint their tokens on behalf of. */
  newestActiveNewScheme(userId: string): Promise<ApiKeyRecord | undefined>;
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
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async create(userId: string, env: KeyEnv, legacy: boolean): Promise<{ key: string; record: ApiKeyRecord }> {
    const generated = legacy ? generateLegacyKey() : generateNewKey(env);
    await this.db.run('INSERT INTO api_keys (id, user_id, env, legacy, secret_hash, created) VALUES (?, ?, ?, ?, ?, ?)', [
      generated.keyId,
      userId,
      env,
      legacy ? 1 : 0,
      generated.secretHash,
      nowIso(),
    ]);
    const row = (await this.db.get('SELECT * FROM api_keys WHERE id = ?', [generated.keyId])) as unknown as KeyRow;
    return { key: generated.key, record: toRecord(row) };
  }

  async verify(parsed: ParsedKey): Promise<ApiKeyRecord | undefined> {
    if (parsed.scheme === 'legacy') {
      const row = (await this.db.get('SELECT * FROM api_keys WHERE secret_hash = ? AND legacy = 1', [hashSecret(parsed.key)])) as KeyRow | undefined;
      return row && !row.revoked ? toRecord(row) : undefined;
    }
    const row = (await this.db.get('SELECT * FROM api_keys WHERE id = ? AND legacy = 0', [parsed.keyId])) as KeyRow | undefined;
    if (!row || row.revoked || row.env !== parsed.env) return undefined;
    return sameHash(row.secret_hash, hashSecret(parsed.secret)) ? toRecord(row) : undefined;
  }

  async isLive(id: string): Promise<boolean> {
    const row = (await this.db.get('SELECT revoked FROM api_keys WHERE id = ?', [id])) as { revoked: string | null } | undefined;
    return row !== undefined && !row.revoked;
  }

  async revoke(id: string): Promise<boolean> {
    return Number((await this.db.run('UPDATE api_keys SET revoked = ? WHERE id = ? AND revoked IS NULL', [nowIso(), id])).changes) > 0;
  }

  async touch(id: string): Promise<void> {
    await this.db.run('UPDATE api_keys SET last_used = ? WHERE id = ?', [nowIso(), id]);
  }

  async listForUser(userId: string): Promise<(ApiKeyRecord & { lastUsed: string | null; revoked: string | null })[]> {
    return ((await this.db.all('SELECT * FROM api_keys WHERE user_id = ? ORDER BY created, rowid', [userId])) as unknown as KeyRow[]).map((row) => ({
      ...toRecord(row),
      lastUsed: row.last_used,
      revoked: row.revoked,
    }));
  }

  async newestActiveNewScheme(userId: string): Promise<ApiKeyRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM api_keys WHERE user_id = ? AND revoked IS NULL AND legacy = 0 ORDER BY created DESC, rowid DESC LIMIT 1', [
      userId,
    ])) as KeyRow | undefined;
    return row ? toRecord(row) : undefined;
  }
}
