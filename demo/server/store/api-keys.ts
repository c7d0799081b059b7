/** API keys: only the hash of each secret is stored. */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';
import type { KeyEnv } from '../domain/api-keys.ts';
import { generateLegacyKey, generateNewKey, hashSecret, sameHash } from '../domain/api-keys.ts';
import type { ParsedKey } from '../domain/api-keys.ts';
import { toUser } from './users.ts';
import type { User, UserRow } from './users.ts';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  env: KeyEnv;
  legacy: boolean;
  created: string;
  /** What the owner calls it ('' for keys made before names, and by the CLI). */
  name: string;
}

export interface ApiKeyRepository {
  /** Creates a key and returns the full key once; it cannot be read back later. */
  create(userId: string, env: KeyEnv, legacy: boolean, name?: string): Promise<{ key: string; record: ApiKeyRecord }>;
  /** The live key record matching a presented key, or undefined. */
  verify(parsed: ParsedKey): Promise<ApiKeyRecord | undefined>;
  /** `verify` with the key's user and the user's groups (oldest membership first), in one statement: every API call asks. */
  caller(parsed: ParsedKey): Promise<{ record: ApiKeyRecord; user: User; groupIds: string[] } | undefined>;
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
  name: string;
  last_used: string | null;
  revoked: string | null;
}

type CallerRow = UserRow & {
  key_id: string;
  key_env: KeyEnv;
  key_legacy: number;
  key_secret_hash: string;
  key_created: string;
  key_name: string;
  key_revoked: string | null;
  member_group_id: string | null;
};

function toRecord(row: KeyRow): ApiKeyRecord {
  return { id: row.id, userId: row.user_id, env: row.env, legacy: row.legacy === 1, created: row.created, name: row.name };
}

export class SqlApiKeyRepository implements ApiKeyRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async create(userId: string, env: KeyEnv, legacy: boolean, name = ''): Promise<{ key: string; record: ApiKeyRecord }> {
    const generated = legacy ? generateLegacyKey() : generateNewKey(env);
    await this.db.run('INSERT INTO api_keys (id, user_id, env, legacy, secret_hash, created, name) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      generated.keyId,
      userId,
      env,
      legacy ? 1 : 0,
      generated.secretHash,
      nowIso(),
      name,
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

  async caller(parsed: ParsedKey): Promise<{ record: ApiKeyRecord; user: User; groupIds: string[] } | undefined> {
    const [where, param] =
      parsed.scheme === 'legacy' ? ['k.secret_hash = ? AND k.legacy = 1', hashSecret(parsed.key)] : ['k.id = ? AND k.legacy = 0', parsed.keyId];
    // One row per membership (one with a null group for a user in none); key columns renamed past the user's.
    const rows = (await this.db.all(
      `SELECT u.*, k.id AS key_id, k.env AS key_env, k.legacy AS key_legacy, k.secret_hash AS key_secret_hash, k.created AS key_created,
         k.name AS key_name, k.revoked AS key_revoked, m.group_id AS member_group_id
       FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN memberships m ON m.user_id = u.id
       WHERE ${where} ORDER BY m.created, m.group_id`,
      [param],
    )) as unknown as CallerRow[];
    const first = rows[0];
    if (!first || first.key_revoked) return undefined;
    if (parsed.scheme !== 'legacy' && (first.key_env !== parsed.env || !sameHash(first.key_secret_hash, hashSecret(parsed.secret)))) return undefined;
    const record = { id: first.key_id, userId: first.id, env: first.key_env, legacy: first.key_legacy === 1, created: first.key_created, name: first.key_name };
    return { record, user: toUser(first), groupIds: rows.flatMap((row) => (row.member_group_id === null ? [] : [row.member_group_id])) };
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
