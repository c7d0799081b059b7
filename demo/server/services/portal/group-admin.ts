/**
 * Group administration as the portal does it (docs/portal.md): a group's settings, its members and
 * invitations, and sub-users, on the same group, member and user services as REST. Reading needs
 * membership; changing needs a group admin (or an admin user who is a member). Every change is written
 * to the acting person's event log (`account_events`), as key changes are.
 */
import type { Store } from '../../store/index.ts';
import type { Group, GroupSettings } from '../../store/groups.ts';
import type { User } from '../../store/users.ts';
import { forbidden, invalidInput, notFound } from '../../domain/errors.ts';
import { cancelInvitation, inviteOrAdd, removeMember } from '../groups.ts';
import type { InviteOutcome } from '../groups.ts';
import { createSubUser } from '../users.ts';
import type { ClientInfo } from './api-keys.ts';

/** The person acting, the groups they belong to, and where they act from (for the event log). */
export interface Actor {
  user: User;
  groupIds: string[];
  client: ClientInfo;
}

/** The settings the portal edits: the REST group resource's fields of the same meaning. */
export interface GroupSettingsChange {
  xframeAllow?: boolean;
  xframeAllowPdfEdit?: boolean;
  componentsEnabled?: boolean;
  deletionRequiresApproval?: boolean;
  retentionDays?: number | null;
  defaultMessageTemplate?: string | null;
}

const MAX_MESSAGE = 10_000;
const MAX_RETENTION_DAYS = 36_500;
const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

export const isGroupAdministrator = async (store: Store, actor: Actor, groupId: string): Promise<boolean> =>
  actor.groupIds.includes(groupId) && (actor.user.isAdmin || (await store.users.isGroupAdmin(actor.user.id, groupId)));

/** A group the actor belongs to; any other is not found, as if it did not exist. */
export async function memberGroup(store: Store, actor: Actor, groupId: string | null): Promise<Group> {
  const group = groupId && actor.groupIds.includes(groupId) ? await store.groups.get(groupId) : undefined;
  if (!group) throw notFound('Group', groupId ?? '');
  return group;
}

/** A group the actor administers; a member who is not its admin is refused. */
export async function administeredGroup(store: Store, actor: Actor, groupId: string | null): Promise<Group> {
  const group = await memberGroup(store, actor, groupId);
  if (!(await isGroupAdministrator(store, actor, group.id)))
    throw forbidden(`Only an admin of the group "${group.name}" can change it.`, 'group_admin_required');
  return group;
}

function settingsOf(change: GroupSettingsChange): GroupSettings {
  const { retentionDays, defaultMessageTemplate } = change;
  if (retentionDays != null && (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > MAX_RETENTION_DAYS))
    throw invalidInput(`retentionDays must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or null to keep documents.`, [
      { field: 'retentionDays', message: `1..${MAX_RETENTION_DAYS} or null` },
    ]);
  if (defaultMessageTemplate != null && defaultMessageTemplate.length > MAX_MESSAGE)
    throw invalidInput(`defaultMessageTemplate is over ${MAX_MESSAGE} characters.`, [{ field: 'defaultMessageTemplate', message: 'too long' }]);
  const settings: GroupSettings = {};
  if (change.xframeAllow != null) settings.xframeAllow = change.xframeAllow;
  if (change.componentsEnabled != null) settings.componentsEnabled = change.componentsEnabled;
  if (change.deletionRequiresApproval != null) settings.deletionRequiresApproval = change.deletionRequiresApproval;
  if (retentionDays !== undefined) settings.retentionDays = retentionDays;
  if (defaultMessageTemplate !== undefined) settings.defaultMessageTemplate = defaultMessageTemplate?.trim() ? defaultMessageTemplate : null;
  if (change.xframeAllowPdfEdit != null) settings.profile = { xframeAllowPdfEdit: change.xframeAllowPdfEdit };
  return settings;
}

/** Changes the settings (the same store update as REST PATCH /group/{id}/) and logs which fields changed. */
export async function changeGroupSettings(store: Store, actor: Actor, groupId: string | null, change: GroupSettingsChange): Promise<Group> {
  const group = await administeredGroup(store, actor, groupId);
  const settings = settingsOf(change);
  return await store.transaction(async () => {
    const updated = (await store.groups.update(group.id, settings))!;
    const fields = Object.keys(change).filter((k) => change[k as keyof GroupSettingsChange] !== undefined);
    await store.credentials.recordEvent(actor.user.id, `group_settings_changed:${group.id}:${fields.join(',')}`, actor.client);
    return updated;
  });
}

/** Adds a registered user at once, invites anyone else (emailed), as REST POST /member/ does. */
export async function inviteMember(store: Store, actor: Actor, groupId: string | null, email: string, permission = 1): Promise<InviteOutcome> {
  const group = await administeredGroup(store, actor, groupId);
  return await inviteOrAdd(store, { groupId: group.id, email, permission, invitedBy: actor.user, sendEmail: true, client: actor.client });
}

export async function removeGroupMember(store: Store, actor: Actor, memberId: string): Promise<void> {
  const member = await store.members.get(memberId);
  if (!member || !actor.groupIds.includes(member.groupId)) throw notFound('Member', memberId);
  await administeredGroup(store, actor, member.groupId);
  await removeMember(store, member, actor.user.id, actor.client);
}

export async function cancelGroupInvitation(store: Store, actor: Actor, invitationId: string): Promise<void> {
  const invitation = await store.members.invitation(invitationId);
  if (!invitation || !actor.groupIds.includes(invitation.groupId)) throw notFound('Invitation', invitationId);
  await administeredGroup(store, actor, invitation.groupId);
  await cancelInvitation(store, invitation, actor.user.id, actor.client);
}

export interface NewPortalUser {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** A sub-user with a permanent password (its SRP verifier set as REST and the CLI set it), a member of the group. */
export async function createGroupUser(store: Store, actor: Actor, groupId: string | null, input: NewPortalUser): Promise<User> {
  const group = await administeredGroup(store, actor, groupId);
  const email = input.email.trim();
  if (!EMAIL.test(email) || email.length > 254)
    throw invalidInput(`${JSON.stringify(input.email)} is not an email address.`, [{ field: 'email', message: 'must be an email address' }]);
  if (input.password.length < MIN_PASSWORD || input.password.length > 256)
    throw invalidInput(`The password must be ${MIN_PASSWORD} to 256 characters long.`, [{ field: 'password', message: `${MIN_PASSWORD}..256 characters` }]);
  for (const field of ['firstName', 'lastName'] as const)
    if (input[field].length > 100) throw invalidInput(`${field} is over 100 characters.`, [{ field, message: 'too long' }]);
  if (await store.users.findByEmail(email))
    throw invalidInput(`A user with the email ${email} already exists.`, [{ field: 'email', message: 'already a user' }], 'user_exists');
  const { user } = await createSubUser(
    store,
    { email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), password: input.password, isAdmin: false, createdBy: actor.user.id },
    { ids: [group.id], permission: 1 },
    actor.client,
  );
  return user;
}
