/** API keys as the portal manages them: the same key store as `esign-server api-key create`. */
import type { Store } from '../../store/index.ts';
import type { ApiKeyRecord } from '../../store/api-keys.ts';
import type { KeyEnv } from '../../domain/api-keys.ts';
import { invalidInput, notFound } from '../../domain/errors.ts';

export interface PortalApiKey extends ApiKeyRecord {
  lastUsed: string | null;
  revoked: string | null;
}

/** Who made a change, for the account's event log (`account_events`, as sign-ins are recorded). */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export const KEY_ENVS: readonly KeyEnv[] = ['sandbox', 'production'];
/** Longest key name: a label for people, not a description. */
export const MAX_KEY_NAME = 80;

/** The name trimmed; too long or with control characters is refused in words. */
export function keyName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed.length > MAX_KEY_NAME)
    throw invalidInput(`name is at most ${MAX_KEY_NAME} characters (got ${trimmed.length}).`, [
      { field: 'name', message: `at most ${MAX_KEY_NAME} characters` },
    ]);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed))
    throw invalidInput('name may not contain control characters.', [{ field: 'name', message: 'no control characters' }]);
  return trimmed;
}

/** Every key of the user, revoked ones included (marked), oldest first. */
export async function listApiKeys(store: Store, userId: string): Promise<PortalApiKey[]> {
  return await store.apiKeys.listForUser(userId);
}

/** A new key: the full secret is in the answer once and never again (only its hash is stored). */
export async function createApiKey(
  store: Store,
  userId: string,
  input: { env: string; name?: string | null },
  client: ClientInfo = {},
): Promise<{ key: string; record: PortalApiKey }> {
  const { env } = input;
  const name = keyName(input.name);
  if (!KEY_ENVS.includes(env as KeyEnv))
    throw invalidInput(`env must be sandbox or production, not "${env}".`, [{ field: 'env', message: 'sandbox or production' }]);
  const { key, record } = await store.transaction(async () => {
    const made = await store.apiKeys.create(userId, env as KeyEnv, false, name);
    await store.credentials.recordEvent(userId, `api_key_created:${made.record.id}`, client);
    return made;
  });
  return { key, record: { ...record, lastUsed: null, revoked: null } };
}

/** Revokes one of the user's keys; another user's key is not found, as if it did not exist. */
export async function revokeApiKey(store: Store, userId: string, id: string, client: ClientInfo = {}): Promise<PortalApiKey> {
  const own = (await store.apiKeys.listForUser(userId)).find((k) => k.id === id);
  if (!own) throw notFound('API key', id);
  if (!own.revoked) {
    await store.transaction(async () => {
      await store.apiKeys.revoke(id);
      await store.credentials.recordEvent(userId, `api_key_revoked:${id}`, client);
    });
  }
  return (await store.apiKeys.listForUser(userId)).find((k) => k.id === id)!;
}
