/** Reading a `group` reference (uuid, slug or resource URI) against the groups an API key may use. */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/index.ts';
import { requireApiKey } from '../auth/context.ts';
import { badRequest } from '../http/errors.ts';
import { idFromUri } from '../domain/uris.ts';

/** For list filters: the caller's groups, or just the named one (a group it cannot use lists nothing). */
export async function groupsFilter(store: Store, request: FastifyRequest, ref: string | undefined): Promise<string[]> {
  const auth = requireApiKey(request);
  if (ref === undefined || ref === '') return auth.groupIds;
  const id = idFromUri(ref, 'group');
  const group = id ? await store.groups.find(id) : undefined;
  return group && auth.groupIds.includes(group.id) ? [group.id] : [];
}

/** For bodies: the group the caller names, or a 400 naming the field. */
export async function usableGroup(store: Store, request: FastifyRequest, ref: string, field = 'group'): Promise<string> {
  const [groupId] = ref ? await groupsFilter(store, request, ref) : [];
  if (!groupId)
    throw badRequest(
      `${field} '${ref}' is not a group your API key can use. List yours with GET /api/v1/group/.`,
      [{ field, message: 'unknown group' }],
      'unknown_group',
    );
  return groupId;
}
