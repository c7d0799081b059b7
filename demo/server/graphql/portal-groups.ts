/**
 * Resolvers of portal-groups.graphql over services/portal/group-admin.ts: the same group, member and
 * user services as REST /group/, /member/, /invited/ and /user/. A person needs their second factor
 * (second-factor-gate.ts, installed on the schema).
 */
import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import type { Store } from '../store/index.ts';
import type { Group } from '../store/groups.ts';
import {
  administeredGroup,
  cancelGroupInvitation,
  changeGroupSettings,
  createGroupUser,
  inviteMember,
  isGroupAdministrator,
  memberGroup,
  removeGroupMember,
} from '../services/portal/group-admin.ts';
import type { Actor, GroupSettingsChange, NewPortalUser } from '../services/portal/group-admin.ts';
import { decodeId } from './ids.ts';
import { groupView, userView } from './views.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Member and invitation ids are the REST uuids; anything else matches nothing. */
const uuidOf = (value: string): string => (UUID.test(value) ? value.toLowerCase() : '');

function actorOf(ctx: GraphqlContext): Actor {
  const user = ctx.caller.auth.user;
  return { user, groupIds: ctx.caller.auth.groupIds, client: { ip: ctx.caller.ip, userAgent: String(ctx.caller.headers['user-agent'] ?? '') } };
}

/** Members and invitations are listed to the group's admins only: members see the settings. */
async function portalGroupView(store: Store, actor: Actor, group: Group) {
  const isAdmin = await isGroupAdministrator(store, actor, group.id);
  return {
    group: groupView(group),
    isAdmin,
    settings: {
      xframeAllow: group.xframeAllow,
      xframeAllowPdfEdit: group.profile.xframeAllowPdfEdit,
      componentsEnabled: group.componentsEnabled,
      deletionRequiresApproval: group.deletionRequiresApproval,
      retentionDays: group.retentionDays,
      defaultMessageTemplate: group.defaultMessageTemplate,
    },
    members: await Promise.all(
      (await store.members.ofGroup(group.id)).map(async (m) => {
        const user = await store.users.get(m.userId);
        return {
          id: m.id,
          email: user?.email ?? '',
          name: user ? userView(user).name : '',
          isGroupAdmin: m.isGroupAdmin,
          permission: m.permission,
          created: m.created,
        };
      }),
    ),
    invitations: isAdmin
      ? (await store.members.invitations([group.id])).map((i) => ({ id: i.id, email: i.email, permission: i.permission, created: i.created }))
      : [],
  };
}

const reload = async (store: Store, actor: Actor, groupId: string) => portalGroupView(store, actor, await memberGroup(store, actor, groupId));

export const portalGroupResolvers: IResolvers = {
  Query: {
    async portalGroups(_root, _args, ctx) {
      const { store } = ctx.app;
      const actor = actorOf(ctx);
      const groups = await Promise.all(actor.groupIds.map((id) => store.groups.get(id)));
      return groups.filter((g) => g !== undefined).map((g) => portalGroupView(store, actor, g));
    },
  },
  Mutation: {
    async updateGroupSettings(_root, { groupId, input }: { groupId: string; input: GroupSettingsChange }, ctx) {
      const { store } = ctx.app;
      const actor = actorOf(ctx);
      const group = await changeGroupSettings(store, actor, decodeId('grp', groupId), input);
      return await portalGroupView(store, actor, group);
    },
    async inviteMember(_root, { groupId, email }: { groupId: string; email: string }, ctx) {
      const { store } = ctx.app;
      const actor = actorOf(ctx);
      const group = await administeredGroup(store, actor, decodeId('grp', groupId));
      await inviteMember(store, actor, group.id, email);
      return await reload(store, actor, group.id);
    },
    async removeMember(_root, { memberId }: { memberId: string }, ctx) {
      const { store } = ctx.app;
      const actor = actorOf(ctx);
      const id = uuidOf(memberId);
      const groupId = (await store.members.get(id))?.groupId ?? '';
      await removeGroupMember(store, actor, id);
      return await reload(store, actor, groupId);
    },
    async cancelInvitation(_root, { invitationId }: { invitationId: string }, ctx) {
      const { store } = ctx.app;
      const actor = actorOf(ctx);
      const id = uuidOf(invitationId);
      const groupId = (await store.members.invitation(id))?.groupId ?? '';
      await cancelGroupInvitation(store, actor, id);
      return await reload(store, actor, groupId);
    },
    async createSubUser(_root, { groupId, input }: { groupId: string; input: NewPortalUser }, ctx) {
      const { store } = ctx.app;
      return userView(await createGroupUser(store, actorOf(ctx), decodeId('grp', groupId), input));
    },
  },
};
