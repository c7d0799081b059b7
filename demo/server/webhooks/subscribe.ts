/**
 * Registering a webhook, for REST (`POST /subscribe/`) and the full GraphQL schema (`createWebhook`) alike:
 * team Admin permission, the callback URL's SSRF guard, and idempotence (the same settings again answer the
 * existing registration, a secret given again replacing the old one).
 */
import type { Store } from '../store/index.ts';
import { forbidden, invalidInput } from '../domain/errors.ts';
import { insertRegistration } from './outbox.ts';
import { findRegistrations } from './registrations.ts';
import type { NotifyType } from './registrations.ts';
import type { WebhookObject } from './payload.ts';
import { checkCallbackUrl } from './ssrf.ts';

export interface WebhookSubscription {
  userId: string;
  callbackUrl: string | undefined;
  objectFilter: '' | WebhookObject;
  eventFilter: string;
  /** null: every group where the user is an admin. */
  groupId: string | null;
  notify: NotifyType;
  hmacSecret: string | null;
}

/** The registration's id, and whether it is new (false: these settings were registered already). */
export async function subscribeWebhook(
  store: Store,
  settings: { allowPrivateAddresses: boolean },
  input: WebhookSubscription,
): Promise<{ id: string; created: boolean }> {
  const { userId, groupId } = input;
  if (groupId ? !(await store.users.isGroupAdmin(userId, groupId)) : (await store.users.adminGroupIds(userId)).length === 0) {
    throw forbidden(
      groupId ? 'Receiving team events needs team Admin permission in that group.' : 'Receiving team events needs team Admin permission in at least one group.',
      'group_admin_required',
    );
  }
  const target = await checkCallbackUrl(input.callbackUrl, { allowPrivate: settings.allowPrivateAddresses });
  // The guard's messages already name the URL or its host ("callback_url is…", "callback host…").
  if (!target.ok) throw invalidInput(`${target.message}.`, [{ field: 'callback_url', message: target.message }]);
  const callbackUrl = input.callbackUrl!;
  const filters = { callbackUrl, objectFilter: input.objectFilter, eventFilter: input.eventFilter, groupId, notify: input.notify };
  const existing = await findRegistrations(store, userId, filters);
  if (existing.length > 0) {
    if (input.hmacSecret) await store.webhooks.setHmacSecret(existing[0].id, input.hmacSecret);
    return { id: existing[0].id, created: false };
  }
  return { id: await insertRegistration(store, { userId, ...filters, hmacSecret: input.hmacSecret }), created: true };
}
