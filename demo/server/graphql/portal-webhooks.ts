/**
 * createWebhook / deleteWebhook (portal-webhooks.graphql) for the portal, over services/portal/webhooks.ts:
 * kept apart so another branch's webhook mutations can replace them in a merge.
 */
import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { requireSecondFactor } from '../services/portal/account.ts';
import { createWebhook, deleteWebhook } from '../services/portal/webhooks.ts';
import { webhookSettingsFor } from '../webhooks/service.ts';
import { decodeId, encodeId } from './ids.ts';
import { notFoundError } from './errors.ts';
import { webhookView } from './views.ts';

function caller(ctx: GraphqlContext) {
  requireSecondFactor(ctx.app.store, ctx.caller.auth.user);
  return ctx.caller.auth;
}

export const portalWebhookResolvers: IResolvers = {
  Mutation: {
    async createWebhook(_root, { input }: { input: { url: string; eventFilter?: string | null; groupId?: string | null } }, ctx) {
      const auth = caller(ctx);
      const groupId = input.groupId == null ? null : decodeId('grp', input.groupId);
      if (input.groupId != null && !groupId) throw notFoundError('Group', input.groupId);
      const allowPrivate = webhookSettingsFor(ctx.app.config).allowPrivateAddresses;
      const id = await createWebhook(ctx.app.store, auth.user.id, auth.groupIds, { url: input.url, eventFilter: input.eventFilter, groupId }, allowPrivate);
      return webhookView(ctx.app.store.webhooks.liveRegistrationOf(auth.user.id, id)!);
    },
    deleteWebhook(_root, { id }: { id: string }, ctx) {
      const auth = caller(ctx);
      const restId = decodeId('whk', id);
      if (!restId) throw notFoundError('Webhook', id);
      deleteWebhook(ctx.app.store, auth.user.id, restId);
      return encodeId('whk', restId);
    },
  },
};
