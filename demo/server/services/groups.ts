/**
 * Group operations the REST routes (and later GraphQL) share: creating a group with its creator as
 * group admin, adding a registered user as a member, inviting anyone else. Each is one transaction.
 * Input checks (names, emails, visibility) are the caller's; nothing here knows HTTP.
 */
import type { Store } from '../store/index.ts';
import type { Group, GroupSettings } from '../store/groups.ts';
import type { Invitation, Member } from '../store/members.ts';

/** The new group, with `creatorId` as its first member and group admin. */
export function createGroup(store: Store, name: string, settings: GroupSettings, creatorId: string): Group {
  return store.transaction(() => {
    const created = store.groups.create(name, settings, creatorId);
    store.users.addToGroup(creatorId, created.id, true);
    return created;
  });
}

/** A registered user joins the group at once. */
export function addMember(store: Store, userId: string, groupId: string, permission: number): Member {
  return store.transaction(() => {
    store.users.addToGroup(userId, groupId, false, permission);
    return store.members.find(userId, groupId)!;
  });
}

/** An invitation for someone without an account; with `sendEmail`, the invitation email is queued with it. */
export function inviteToGroup(
  store: Store,
  invite: { groupId: string; email: string; permission: number; invitedBy: { id: string; email: string }; sendEmail: boolean },
): Invitation {
  const { groupId, email, permission, invitedBy } = invite;
  return store.transaction(() => {
    const created = store.members.invite(groupId, email, permission, invitedBy.id);
    if (invite.sendEmail) {
      const group = store.groups.get(groupId)!;
      const name = group.profile.publicName || group.name;
      store.history.queueEmail({
        documentId: null,
        recipientId: null,
        kind: 'group_invitation',
        to: email,
        cc: [],
        subject: `You are invited to join ${name}`,
        text: `Hello,\n\n${invitedBy.email} invites you to join "${name}" to send and sign documents.\n\nAsk them for your account, or sign up with this email address (${email}) to join.\n`,
        html: '',
      });
    }
    return created;
  });
}
