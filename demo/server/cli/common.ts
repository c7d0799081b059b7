/** What every esign-server command shares: usage errors, the data directory, the acting user. */
import path from 'node:path';
import type { Store } from '../store/index.ts';
import { ensureInitialSetup } from '../services/bootstrap.ts';

/** A mistake in the command line: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

export function dataDirFrom(value: string | undefined): string {
  return path.resolve(value ?? process.env.ESIGN_DATA ?? '.esign-data');
}

export async function userFor(store: Store, email: string | undefined) {
  if (email) {
    const user = await store.users.findByEmail(email);
    if (!user) throw new UsageError(`No user with the email ${email} in this data directory.`);
    return user;
  }
  await ensureInitialSetup(store);
  const admin = await store.users.firstAdmin();
  if (!admin) throw new UsageError('This data directory has no admin user; pass --email.');
  return admin;
}
