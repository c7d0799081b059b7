/**
 * The developer portal's own operations (docs/portal.md), reached only with an SRP access token through
 * the full GraphQL schema. Keys, webhooks and logs need a confirmed second factor first: a stolen
 * password alone must not be enough to mint API keys.
 */
import type { Store } from '../../store/index.ts';
import type { User } from '../../store/users.ts';
import { forbidden } from '../../domain/errors.ts';

export async function hasSecondFactor(store: Store, userId: string): Promise<boolean> {
  return Boolean((await store.credentials.get(userId))?.totpSecret);
}

/** Throws unless the user has enrolled a TOTP second factor. */
export async function requireSecondFactor(store: Store, user: User): Promise<void> {
  if (!(await hasSecondFactor(store, user.id))) {
    throw forbidden('Set up two-factor authentication (an authenticator app) before using API keys, webhooks or the delivery log.', 'second_factor_required');
  }
}
