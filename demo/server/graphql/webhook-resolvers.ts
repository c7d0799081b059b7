/**
 * Webhook management in the full schema (an SRP access token with a second factor, second-factor-gate.ts; an API key gets
 * `Unauthorized` from the allow-list): `createWebhook`, `updateWebhook`, `deleteWebhook`, on the same registrations as REST
 * `/subscribe/` and `/unsubscribe/` (webhooks/subscribe.ts). Events map onto REST filters as GRAPHQL.md §6 says.
 */
import type { IResolverObject } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { GqlError, notFoundError } from './errors.ts';
import { decodeId, encodeId } from './ids.ts';
import { subscribeWebhook } from '../webhooks/subscribe.ts';
import { getRegistration } from '../webhooks/registrations.ts';
import { removeRegistration } from '../webhooks/outbox.ts';
import { webhookSettingsFor } from '../webhooks/service.ts';
import type { WebhookObject } from '../webhooks/payload.ts';

/** WEBHOOKEVENTS → the REST object and event filters ('' = every event of the object). */
export const WEBHOOK_EVENT_FILTERS: Record<string, { object: WebhookObject; event: string }> = {
  DOCUMENTS_ALL: { object: 'document', event: '' },
  DOCUMENTS_CREATED: { object: 'document', event: 'created' },
  DOCUMENTS_REJECTED: { object: 'document', event: 'rejected' },
  DOCUMENTS_COMPLETED: { object: 'document', event: 'finalPdfCreated' },
  RECIPIENTS_ALL: { object: 'recipient', event: '' },
  RECIPIENTS_EMAILED: { object: 'recipient', event: 'emailNotification' },
  RECIPIENTS_AUTOREMINDER: { object: 'recipient', event: 'autoReminderEmail' },
  RECIPIENTS_EMAILBOUNCED: { object: 'recipient', event: 'bounced' },
  RECIPIENTS_VISITING: { object: 'recipient', event: 'visiting' },
  RECIPIENTS_COMPLETED: { object: 'recipient', event: 'completed' },
  RECIPIENTS_REJECTED: { object: 'recipient', event: 'rejected' },
};

/** The WEBHOOKEVENTS value of a registration's filters, or null for one REST made that has no name here. */
export function webhookEventOf(objectFilter: string, eventFilter: string): string | null {
  return Object.entries(WEBHOOK_EVENT_FILTERS).find(([, f]) => f.object === objectFilter && f.event === eventFilter)?.[0] ?? null;
}

interface WebhookInput {
  webhookId?: string;
  url?: string | null;
  event?: string | null;
  groupId?: string | null;
}

function groupOf(ctx: GraphqlContext, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const id = decodeId('grp', value);
  if (!id || !ctx.caller.auth.groupIds.includes(id)) throw notFoundError('Group', value);
  return id;
}

async function registrationOf(ctx: GraphqlContext, webhookId: string) {
  const id = decodeId('whk', webhookId);
  const registration = id ? await getRegistration(ctx.app.store, ctx.caller.auth.user.id, id) : undefined;
  if (!registration) throw notFoundError('Webhook', webhookId);
  return registration;
}

async function subscribe(ctx: GraphqlContext, url: string | null | undefined, event: string, groupId: string | null, hmacSecret: string | null) {
  const filter = WEBHOOK_EVENT_FILTERS[event];
  if (!filter) throw new GqlError('ValidationError', `event ${event} is not a WEBHOOKEVENTS value.`, { problems: [{ field: 'event', message: 'unknown' }] });
  const { id } = await subscribeWebhook(ctx.app.store, webhookSettingsFor(ctx.app.config), {
    userId: ctx.caller.auth.user.id,
    callbackUrl: url ?? undefined,
    objectFilter: filter.object,
    eventFilter: filter.event,
    groupId,
    notify: 'realtime',
    hmacSecret,
  });
  return id;
}

export const webhookMutations: IResolverObject<unknown, GraphqlContext> = {
  async createWebhook(_root, { input }: { input: WebhookInput }, ctx: GraphqlContext) {
    const id = await subscribe(ctx, input.url, input.event ?? '', groupOf(ctx, input.groupId), null);
    return encodeId('whk', id);
  },
  /** A registration is immutable in the store: an update registers the new settings, then drops the old one. */
  async updateWebhook(_root, { input }: { input: WebhookInput }, ctx: GraphqlContext) {
    const old = await registrationOf(ctx, input.webhookId ?? '');
    const event = input.event ?? webhookEventOf(old.objectFilter, old.eventFilter);
    if (!event) throw new GqlError('ValidationError', 'This webhook was registered over REST with filters GraphQL cannot name; give event.', null);
    const groupId = input.groupId === undefined ? old.groupId : groupOf(ctx, input.groupId);
    const secret = (await ctx.app.store.webhooks.liveRegistrationOf(ctx.caller.auth.user.id, old.id))?.hmac_secret ?? null;
    const id = await subscribe(ctx, input.url ?? old.callbackUrl, event, groupId, secret);
    if (id !== old.id) await removeRegistration(ctx.app.store, old.id);
    return encodeId('whk', id);
  },
  async deleteWebhook(_root, { input }: { input: WebhookInput }, ctx: GraphqlContext) {
    const registration = await registrationOf(ctx, input.webhookId ?? '');
    await removeRegistration(ctx.app.store, registration.id);
    return encodeId('whk', registration.id);
  },
};
