/** First start on an empty data directory: an admin user, a default group and a sandbox key. */
import type { Store } from '../store/index.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { setSignInPassword } from './sign-in/passwords.ts';
import { userPool } from './sign-in/pool.ts';

export interface InitialSetup {
  adminEmail: string;
  adminPassword: string;
  groupId: string;
  groupSlug: string;
  apiKey: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** Creates the initial records when the store has no users; returns undefined otherwise. */
export async function ensureInitialSetup(store: Store, adminEmail = DEFAULT_ADMIN_EMAIL): Promise<InitialSetup | undefined> {
  if ((await store.users.count()) > 0) return undefined;
  const password = generatePassword();
  return await store.transaction(async () => {
    const admin = await store.users.create({
      email: adminEmail,
      firstName: 'Admin',
      passwordHash: hashPassword(password),
      passwordPermanent: true,
      isAdmin: true,
    });
    await setSignInPassword(store, userPool(), admin.id, password);
    const group = await store.groups.create('Default', {}, admin.id);
    await store.users.addToGroup(admin.id, group.id, true);
    const { key } = await store.apiKeys.create(admin.id, 'sandbox', false);
    return { adminEmail, adminPassword: password, groupId: group.id, groupSlug: group.slug, apiKey: key };
  });
}
