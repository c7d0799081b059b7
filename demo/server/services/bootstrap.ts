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
export function ensureInitialSetup(store: Store, adminEmail = DEFAULT_ADMIN_EMAIL): InitialSetup | undefined {
  if (store.users.count() > 0) return undefined;
  const password = generatePassword();
  return store.transaction(() => {
    const admin = store.users.create({ email: adminEmail, firstName: 'Admin', passwordHash: hashPassword(password), passwordPermanent: true, isAdmin: true });
    setSignInPassword(store, userPool(), admin.id, password);
    const group = store.groups.create('Default', {}, admin.id);
    store.users.addToGroup(admin.id, group.id, true);
    const { key } = store.apiKeys.create(admin.id, 'sandbox', false);
    return { adminEmail, adminPassword: password, groupId: group.id, groupSlug: group.slug, apiKey: key };
  });
}
