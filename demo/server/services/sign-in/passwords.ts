/** Setting a user's password: the SRP verifier sign-in checks, computed for this pool and the user's id. */
import type { Store } from '../../store/index.ts';
import { createVerifier } from '../../auth/srp.ts';
import type { UserPool } from './pool.ts';

/** The shortest password accepted for sign-in (the CLI and the API refuse shorter ones with this number). */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * Stores the salt and verifier for `password` (USER_ID_FOR_SRP is the user's id, which the sign-in
 * answers with, so an email change keeps the password working). The password itself is not kept.
 */
export async function setSignInPassword(store: Store, pool: UserPool, userId: string, password: string): Promise<void> {
  const { salt, verifier } = createVerifier(pool.poolName, userId, password);
  await store.credentials.setVerifier(userId, salt, verifier);
}
