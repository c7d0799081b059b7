/**
 * Creating a sub-user (REST `POST /api/v1/user/`, later GraphQL): a permanent password, given or
 * generated (and then answered once; its SRP verifier is what sign-in checks), and membership of the given groups, in one transaction.
 * Input checks (email taken, groups visible, timezone) are the caller's; nothing here knows HTTP.
 */
import type { Store } from '../store/index.ts';
import type { User } from '../store/users.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { setSignInPassword } from './sign-in/passwords.ts';
import { userPool } from './sign-in/pool.ts';

export interface NewSubUser {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Left out: one is generated and returned as `generatedPassword`. */
  password?: string;
  isAdmin: boolean;
  createdBy: string;
  timezone?: string;
}

/** The new user, logged in the creator's event log (`user_created:<id>`) with `client` when given. */
export async function createSubUser(
  store: Store,
  input: NewSubUser,
  groups: { ids: string[]; permission: number },
  client: { ip?: string; userAgent?: string } = {},
): Promise<{ user: User; generatedPassword?: string }> {
  const generatedPassword = input.password ? undefined : generatePassword();
  const user = await store.transaction(async () => {
    const created = await store.users.create({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: hashPassword(input.password ?? generatedPassword!),
      passwordPermanent: true,
      isAdmin: input.isAdmin,
      createdBy: input.createdBy,
      timezone: input.timezone,
    });
    for (const groupId of groups.ids) await store.users.addToGroup(created.id, groupId, false, groups.permission);
    await setSignInPassword(store, userPool(), created.id, input.password ?? generatedPassword!);
    await store.credentials.recordEvent(input.createdBy, `user_created:${created.id}`, client);
    return created;
  });
  return { user, generatedPassword };
}
