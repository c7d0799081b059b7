/**
 * Members (a user's place in a group, with a permission 1..6) and invitations to join a group by email,
 * as the hosted description has them: /member/, /member/{id}/, /invited/, /invited/{id}/.
 */
import type { FastifyRequest } from 'fastify';
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { groupUri, idFromUri, invitedUri, isUuid, memberUri, userUri } from '../domain/uris.ts';
import { Booleanish, ListOf, PaginationQuery, errorResponses, toBool } from '../schemas/common.ts';
import type { Invitation, Member } from '../store/members.ts';
import { cancelInvitation, inviteOrAdd, removeMember } from '../services/groups.ts';

const MemberResource = Type.Object({
  resource_uri: Type.String(),
  uuid: Type.String(),
  group: Type.String(),
  user: Type.String(),
  permission: Type.Integer({ description: "1..6, the description's PermissionsEnum (its meanings are the hosted service's; stored and returned as given)." }),
  created: Type.String(),
  modified: Type.String(),
});

const InvitedResource = Type.Object({
  resource_uri: Type.String(),
  uuid: Type.String(),
  email: Type.String(),
  group: Type.String(),
  permission: Type.Integer(),
  created: Type.String(),
});

const GroupFilter = Type.Optional(Type.String({ maxLength: 200, description: 'A group id, slug or resource URI.' }));

const memberResource = (m: Member) => ({
  resource_uri: memberUri(m.id),
  uuid: m.id,
  group: groupUri(m.groupId),
  user: userUri(m.userId),
  permission: m.permission,
  created: m.created,
  modified: m.modified,
});

const invitedResource = (i: Invitation) => ({
  resource_uri: invitedUri(i.id),
  uuid: i.id,
  email: i.email,
  group: groupUri(i.groupId),
  permission: i.permission,
  created: i.created,
});

/** Who made a change, for the event log. */
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

export default async function memberRoutes(app: App): Promise<void> {
  const { store } = app;

  /** The caller's groups, or the one named by `group` (a group it cannot see lists nothing). */
  const groupsOf = async (request: FastifyRequest, ref: string | undefined): Promise<string[]> => {
    const auth = requireApiKey(request);
    if (ref === undefined || ref === '') return auth.groupIds;
    const id = idFromUri(ref, 'group');
    const group = id ? await store.groups.find(id) : undefined;
    return group && auth.groupIds.includes(group.id) ? [group.id] : [];
  };

  app.get(
    '/api/v1/member/',
    {
      schema: {
        summary: 'List group members',
        tags: ['members'],
        querystring: Type.Object({ ...PaginationQuery, group: GroupFilter }),
        description: 'Members of your groups (a user in two groups is two members), oldest first.',
        response: { 200: ListOf(MemberResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const q = request.query;
      const { total, members } = await store.members.list(await groupsOf(request, q.group), q.limit, q.offset);
      return { meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { group: q.group }), objects: members.map(memberResource) };
    },
  );

  app.post(
    '/api/v1/member/',
    {
      schema: {
        summary: 'Add a member to a group, or invite them',
        tags: ['members'],
        body: Type.Object({
          group: Type.String({ minLength: 1, maxLength: 200 }),
          email: Type.String({ minLength: 3, maxLength: 254 }),
          do_email: Type.Optional(Booleanish),
          permission: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
        }),
        description:
          'A registered user joins at once (201, `Location` = the member). Anyone else gets an invitation (201, `Location` = the invitation), emailed when `do_email` is true. Already a member or already invited: 400.',
        response: { 201: Type.Union([MemberResource, InvitedResource]), ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const [groupId] = await groupsOf(request, body.group);
      if (!groupId) throw badRequest(`group '${body.group}' is not a group your API key can use.`, [{ field: 'group', message: 'unknown group' }]);
      const outcome = await inviteOrAdd(store, {
        groupId,
        email: body.email,
        permission: body.permission ?? 1,
        invitedBy: auth.user,
        sendEmail: toBool(body.do_email),
        client: clientOf(request),
      });
      if (outcome.member) {
        reply.code(201).header('Location', memberUri(outcome.member.id));
        return memberResource(outcome.member);
      }
      const invitation = outcome.invitation;
      reply.code(201).header('Location', invitedUri(invitation.id));
      return invitedResource(invitation);
    },
  );

  const loadMember = async (request: IdRequest): Promise<Member> => {
    const auth = requireApiKey(request);
    const { id } = request.params;
    const member = isUuid(id) ? await store.members.get(id.toLowerCase()) : undefined;
    if (!member || !auth.groupIds.includes(member.groupId)) throw notFound('Member', id);
    return member;
  };

  app.get(
    '/api/v1/member/:id/',
    {
      schema: {
        summary: 'A group member',
        tags: ['members'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: MemberResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => memberResource(await loadMember(request)),
  );

  app.delete(
    '/api/v1/member/:id/',
    {
      schema: {
        summary: 'Remove a member from its group',
        tags: ['members'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        description:
          'The user loses access to the group (its documents and templates stay). A group keeps at least one member: removing the last answers 400. Answers 204.',
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const member = await loadMember(request);
      if (member.userId !== auth.user.id && !auth.user.isAdmin && !(await store.members.find(auth.user.id, member.groupId))?.isGroupAdmin) {
        throw forbidden('Only an admin user, a group admin or the member itself may remove a member.');
      }
      await removeMember(store, member, auth.user.id, clientOf(request));
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/api/v1/invited/',
    {
      schema: {
        summary: 'List open invitations to your groups',
        tags: ['members'],
        querystring: Type.Object({ ...PaginationQuery, group: GroupFilter }),
        response: { 200: ListOf(InvitedResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const q = request.query;
      const all = await store.members.invitations(await groupsOf(request, q.group));
      return {
        meta: listMeta(request, { limit: q.limit, offset: q.offset, total: all.length }, { group: q.group }),
        objects: all.slice(q.offset, q.offset + q.limit).map(invitedResource),
      };
    },
  );

  app.delete(
    '/api/v1/invited/:id/',
    {
      schema: {
        summary: 'Withdraw an invitation',
        tags: ['members'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const invitation = isUuid(id) ? await store.members.invitation(id.toLowerCase()) : undefined;
      if (!invitation || !auth.groupIds.includes(invitation.groupId)) throw notFound('Invitation', id);
      await cancelInvitation(store, invitation, auth.user.id, clientOf(request));
      reply.code(204);
      return null;
    },
  );
}
