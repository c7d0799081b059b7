/**
 * What a person needs their second factor for: THE list. Every field here, read or mutation, answers
 * `Unauthorized` (`errorInfo.code: second_factor_required`, the field null) to a person signed in with a
 * password alone; a stolen password must not be enough to mint API keys, read or point webhooks, read
 * the delivery log or run a group. The gate is installed on the schema from this list (as the API-key
 * allow-list is), so no resolver gates by itself and none can forget to. docs/portal.md prints the list
 * (second-factor-gate.test.ts keeps the two equal). No REST route takes a person's token: REST has no
 * second-factor gate.
 */
import { defaultFieldResolver, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { GraphqlCaller, GraphqlContext } from './context.ts';
import { hasSecondFactor } from '../services/portal/account.ts';
import { forbidden } from '../domain/errors.ts';

export const SECOND_FACTOR_FIELDS: Record<string, readonly string[]> = {
  Query: ['apiKeys', 'webhookDeliveries', 'usage', 'portalGroups'],
  Mutation: [
    'createApiKey',
    'revokeApiKey',
    'createWebhook',
    'updateWebhook',
    'deleteWebhook',
    'triggerWebhookEvent',
    'replayWebhookDelivery',
    'updateGroupSettings',
    'inviteMember',
    'removeMember',
    'cancelInvitation',
    'createSubUser',
  ],
  User: ['webhooks'],
};

export const secondFactorRequired = () =>
  forbidden(
    'Set up two-factor authentication (an authenticator app) before using API keys, webhooks, the delivery log, usage or group administration.',
    'second_factor_required',
  );

/** One look-up per request, however many gated fields it selects. */
const checked = new WeakMap<GraphqlCaller, Promise<boolean>>();

async function requireSecondFactorOf(context: GraphqlContext): Promise<void> {
  const { caller } = context;
  let has = checked.get(caller);
  if (!has) checked.set(caller, (has = hasSecondFactor(context.app.store, caller.auth.user.id)));
  if (!(await has)) throw secondFactorRequired();
}

/** Wraps the listed fields' resolvers; throws at start-up when the list names a field the schema lacks. */
export function enforceSecondFactor(schema: GraphQLSchema): void {
  for (const [typeName, fields] of Object.entries(SECOND_FACTOR_FIELDS)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`second-factor-gate.ts names type ${typeName}, which the schema lacks.`);
    for (const name of fields) {
      const field = type.getFields()[name];
      if (!field) throw new Error(`second-factor-gate.ts names ${typeName}.${name}, which the schema lacks.`);
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = async (source, args, context: GraphqlContext, info) => {
        await requireSecondFactorOf(context);
        return resolve(source, args, context, info);
      };
    }
  }
}
