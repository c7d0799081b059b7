/**
 * The feeds' subscription fields, set on the schema itself (mercurius serves queries and mutations;
 * graphql-ws runs subscriptions on the same schema). A subscriber hears its own user's feed, or the
 * feed of a group it belongs to; an API key is refused as for any other full-schema field.
 */
import type { GraphQLSchema } from 'graphql';
import type { GraphqlCaller } from '../context.ts';
import { fieldUnauthorized, GqlError } from '../errors.ts';
import { decodeId, encodeId } from '../ids.ts';
import { groupTopic, userTopic, type FeedHub } from './hub.ts';

interface FeedContext {
  caller: GraphqlCaller;
}

async function* mapped<T>(source: AsyncIterableIterator<string>, wrap: (data: string) => T): AsyncGenerator<T> {
  try {
    for await (const body of source) yield wrap(body);
  } finally {
    await source.return?.();
  }
}

export function installFeedResolvers(schema: GraphQLSchema, hub: FeedHub): void {
  const fields = schema.getSubscriptionType()!.getFields();

  fields.subscribeUserFeed!.subscribe = (_root, _args, { caller }: FeedContext) => {
    if (!caller.fullSchema) throw fieldUnauthorized('subscribeUserFeed', 'Subscription');
    const userId = caller.auth.user.id;
    return mapped(hub.subscribe(userTopic(userId)), (data) => ({ subscribeUserFeed: { userId: encodeId('usr', userId), data } }));
  };

  fields.subscribeGroupFeed!.subscribe = (_root, { groupId }: { groupId: string }, { caller }: FeedContext) => {
    if (!caller.fullSchema) throw fieldUnauthorized('subscribeGroupFeed', 'Subscription');
    // The base64 ID, the bare UUID, or prefix + UUID as the feed envelopes print it.
    const id = decodeId('grp', groupId.startsWith('grp') ? groupId.slice(3) : groupId);
    // Members only; another group's feed is refused, not silently empty.
    if (!id || !caller.auth.groupIds.includes(id))
      throw new GqlError('Unauthorized', `Not Authorized to subscribe to the feed of group ${groupId}`, { code: 'not_a_member' });
    return mapped(hub.subscribe(groupTopic(id)), (data) => ({ subscribeGroupFeed: { groupId: encodeId('grp', id), data } }));
  };
}
