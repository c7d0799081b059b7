/**
 * Resolvers of portal.graphql: the developer portal's account, API keys, delivery log and usage, over
 * services/portal/. API keys never reach these fields (api-key-fields.ts); a person needs their second factor
 * for all but portalAccount (second-factor-gate.ts, installed on the schema).
 */
import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { hasSecondFactor } from '../services/portal/account.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/portal/api-keys.ts';
import type { PortalApiKey } from '../services/portal/api-keys.ts';
import { replayWebhookDelivery, triggerTestEvent, webhookDeliveries } from '../services/portal/webhooks.ts';
import { decodeId } from './ids.ts';
import { notFoundError } from './errors.ts';
import type { DeliveryRow } from '../store/webhook-rows.ts';
import { usageOf } from '../services/portal/usage.ts';
import { encodeId } from './ids.ts';
import { groupView, userView } from './views.ts';

const apiKeyView = (k: PortalApiKey) => ({ id: k.id, name: k.name, env: k.env, created: k.created, lastUsed: k.lastUsed, revoked: k.revoked });

const deliveryView = (d: DeliveryRow & { requestBody: string }) => ({
  id: String(d.id),
  webhookId: encodeId('whk', d.registration_id),
  url: d.callback_url,
  event: `${d.object}.${d.event}`,
  state: d.state,
  attempts: d.attempts,
  lastStatus: d.last_status,
  lastError: d.last_error,
  reason: d.reason,
  created: new Date(d.created_ms).toISOString(),
  requestBody: d.requestBody,
});

/** The caller's address and browser, for the account's event log. */
const clientOf = (ctx: GraphqlContext) => ({ ip: ctx.caller.ip, userAgent: String(ctx.caller.headers['user-agent'] ?? '') });

/** The signed-in person (second-factor-gate.ts has checked their second factor). */
const person = (ctx: GraphqlContext) => ctx.caller.auth.user;

export const portalResolvers: IResolvers = {
  Query: {
    async portalAccount(_root, _args, ctx) {
      const { store } = ctx.app;
      const user = ctx.caller.auth.user;
      const groups = (await Promise.all(ctx.caller.auth.groupIds.map((id) => store.groups.get(id)))).filter((g) => g !== undefined);
      return { email: user.email, name: userView(user).name, totpEnabled: await hasSecondFactor(store, user.id), groups: groups.map(groupView) };
    },
    async apiKeys(_root, _args, ctx) {
      return (await listApiKeys(ctx.app.store, person(ctx).id)).map(apiKeyView);
    },
    async webhookDeliveries(_root, { limit }: { limit?: number | null }, ctx) {
      return (await webhookDeliveries(ctx.app.store, person(ctx).id, limit ?? 50)).map(deliveryView);
    },
    async usage(_root, _args, ctx) {
      return await usageOf(ctx.app.store, ctx.app.config, person(ctx).id);
    },
  },
  Mutation: {
    async createApiKey(_root, args: { env: string; name?: string | null }, ctx) {
      const created = await createApiKey(ctx.app.store, person(ctx).id, args, clientOf(ctx));
      return { key: created.key, apiKey: apiKeyView(created.record) };
    },
    async revokeApiKey(_root, { id }: { id: string }, ctx) {
      return apiKeyView(await revokeApiKey(ctx.app.store, person(ctx).id, id, clientOf(ctx)));
    },
    async triggerWebhookEvent(_root, { input }: { input: { object: string; event: string; documentId?: string | null; recipientId?: string | null } }, ctx) {
      const user = person(ctx);
      const documentId = input.documentId == null ? null : decodeId('doc', input.documentId);
      if (input.documentId != null && !documentId) throw notFoundError('Document', input.documentId);
      const recipientId = input.recipientId == null ? null : decodeId('rec', input.recipientId);
      if (input.recipientId != null && !recipientId) throw notFoundError('Recipient', input.recipientId);
      return await triggerTestEvent(ctx.app.store, user.id, ctx.caller.auth.groupIds, { object: input.object, event: input.event, documentId, recipientId });
    },
    async replayWebhookDelivery(_root, { id }: { id: string }, ctx) {
      return deliveryView(await replayWebhookDelivery(ctx.app.store, person(ctx).id, /^\d{1,15}$/.test(id) ? Number(id) : NaN));
    },
  },
};
