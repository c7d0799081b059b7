/**
 * Group operations the REST routes (and later GraphQL) share: creating a group with its creator as
 * group admin, adding a registered user as a member, inviting anyone else. Each is one transaction.
 * Input checks (names, emails, visibility) are the caller's; nothing here knows HTTP.
 */
import type { Store } from '../store/index.ts';
import type { Group, GroupSettings } from '../store/groups.ts';
import type { Invitation, Member } from '../store/members.ts';
import { invalidInput } from '../domain/errors.ts';

/** Where a change came from, for the acting person's event log (`account_events`). */
interface Client {
  ip?: string;
  userAgent?: string;
}

const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+$/;

/** The new group, with `creatorId` as its first member and group admin. */
export async function createGroup(store: Store, name: string, settings: GroupSettings, creatorId: string): Promise<Group> {
  return await store.transaction(async () => {
    const created = await store.groups.create(name, settings, creatorId);
    await store.users.addToGroup(creatorId, created.id, true);
    return created;
  });
}

/** A registered user joins the group at once. */
export async function addMember(store: Store, userId: string, groupId: string, permission: number): Promise<Member> {
  return await store.transaction(async () => {
    await store.users.addToGroup(userId, groupId, false, permission);
    return (await store.members.find(userId, groupId))!;
  });
}

/** An invitation for someone without an account; with `sendEmail`, the invitation email is queued with it. */
export async function inviteToGroup(
  store: Store,
  invite: { groupId: string; email: string; permission: number; invitedBy: { id: string; email: string }; sendEmail: boolean },
): Promise<Invitation> {
  const { groupId, email, permission, invitedBy } = invite;
  return await store.transaction(async () => {
    const created = await store.members.invite(groupId, email, permission, invitedBy.id);
    if (invite.sendEmail) {
      const group = (await store.groups.get(groupId))!;
      const name = group.profile.publicName || group.name;
      await store.history.queueEmail({
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

/** A registered user joined at once, or an invitation for anyone else. */
export type InviteOutcome = { member: Member; invitation?: undefined } | { invitation: Invitation; member?: undefined };

/**
 * REST `POST /member/` and the portal's invite: a registered user joins at once, anyone else is invited
 * (emailed with `sendEmail`). Already a member or already invited is refused. Logged for the inviter.
 */
export async function inviteOrAdd(
  store: Store,
  input: { groupId: string; email: string; permission: number; invitedBy: { id: string; email: string }; sendEmail: boolean; client?: Client },
): Promise<InviteOutcome> {
  const { groupId, permission, invitedBy } = input;
  const email = input.email.trim();
  if (!EMAIL.test(email))
    throw invalidInput(`email ${JSON.stringify(input.email)} is not an email address.`, [{ field: 'email', message: 'must be an email address' }]);
  const user = await store.users.findByEmail(email);
  return await store.transaction(async () => {
    if (user) {
      if (await store.members.find(user.id, groupId))
        throw invalidInput(
          `${email} is already a member of the group.`,
          [{ field: 'email', message: 'User is already a member of the group' }],
          'member_exists',
        );
      const member = await addMember(store, user.id, groupId, permission);
      await store.credentials.recordEvent(invitedBy.id, `member_added:${member.id}:${groupId}`, input.client);
      return { member };
    }
    if (await store.members.findInvitation(groupId, email))
      throw invalidInput(
        `${email} is already invited to the group and has not joined yet.`,
        [{ field: 'email', message: 'already invited' }],
        'already_invited',
      );
    const invitation = await inviteToGroup(store, { groupId, email, permission, invitedBy, sendEmail: input.sendEmail });
    await store.credentials.recordEvent(invitedBy.id, `member_invited:${invitation.id}:${groupId}`, input.client);
    return { invitation };
  });
}

/** Removes a member (who may act is the caller's check); a group keeps at least one member. Logged for `byUserId`. */
export async function removeMember(store: Store, member: Member, byUserId: string, client?: Client): Promise<void> {
  await store.transaction(async () => {
    if ((await store.members.ofGroup(member.groupId)).length <= 1)
      throw invalidInput("This is the group's last member; a group keeps at least one.", undefined, 'last_member');
    await store.members.remove(member.id);
    await store.credentials.recordEvent(byUserId, `member_removed:${member.id}:${member.groupId}`, client);
  });
}

/** Withdraws an invitation; logged for `byUserId`. */
export async function cancelInvitation(store: Store, invitation: Invitation, byUserId: string, client?: Client): Promise<void> {
  await store.transaction(async () => {
    await store.members.removeInvitation(invitation.id);
    await store.credentials.recordEvent(byUserId, `invitation_cancelled:${invitation.id}:${invitation.groupId}`, client);
  });
}
