/**
 * The portal's group administration (portal-groups.graphql): a group admin changes settings, invites and
 * removes members, cancels invitations and creates sub-users who can then sign in; members only read;
 * another group is not found; an API key is refused; every change is in the admin's event log.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { gqlFetch, type GqlAnswer } from '../../../test/support/server/graphql.ts';
import { createSignInUser, enrolTotp, srpSignIn } from '../../../test/support/server/sign-in.ts';
import { encodeId } from './ids.ts';

const ADMIN = 'group.admin@example.com';
const MEMBER = 'plain.member@example.com';
const PASSWORD = 'a long group passphrase';

let t: TestApp;
let address: string;
let adminToken: string;
let memberToken: string;
let adminId: string;
let grp: string;
let other: Awaited<ReturnType<typeof createTenant>>;

async function signedInWithTotp(email: string): Promise<string> {
  await createSignInUser(t, email, PASSWORD);
  const signedIn = await srpSignIn(t, address, email, PASSWORD);
  await enrolTotp(signedIn.user);
  return signedIn.token;
}

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = await signedInWithTotp(ADMIN);
  adminId = (await t.app.store.users.findByEmail(ADMIN))!.id;
  await t.app.store.users.setGroupAdmin(adminId, t.groupId, true);
  memberToken = await signedInWithTotp(MEMBER);
  grp = encodeId('grp', t.groupId);
  other = await createTenant(t.app, 'Other');
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown> = {}, token = adminToken) => gqlFetch(address, `Bearer ${token}`, query, variables);
const errorOf = (answer: GqlAnswer) => answer.errors?.[0] as { errorType: string; message: string; errorInfo?: { code?: string } } | undefined;
const events = async () => (await t.app.store.credentials.events(adminId)).map((e) => e.event);

const GROUPS =
  '{ portalGroups { group { id name } isAdmin settings { xframeAllow retentionDays defaultMessageTemplate } members { id email isGroupAdmin } invitations { id email } } }';
const SETTINGS =
  'mutation ($g: ID!, $input: GroupSettingsInput!) { updateGroupSettings(groupId: $g, input: $input) { settings { xframeAllow xframeAllowPdfEdit componentsEnabled retentionDays defaultMessageTemplate } } }';
const INVITE = 'mutation ($g: ID!, $email: String!) { inviteMember(groupId: $g, email: $email) { members { id email } invitations { id email } } }';
const SUB_USER = 'mutation ($g: ID!, $input: SubUserInput!) { createSubUser(groupId: $g, input: $input) { id email name } }';

test('an API key is refused every group administration field', async () => {
  const answer = await gqlFetch(address, `Bearer ${t.key}`, GROUPS);
  assert.equal(errorOf(answer)?.errorType, 'Unauthorized');
  assert.equal(answer.data?.portalGroups, null);
  const change = await gqlFetch(address, `Bearer ${t.key}`, SETTINGS, { g: grp, input: { xframeAllow: true } });
  assert.equal(errorOf(change)?.errorType, 'Unauthorized');
  assert.equal((await t.app.store.groups.get(t.groupId))!.xframeAllow, false);
});

test('a group admin sees members and invitations; a member sees the settings only', async () => {
  const admin = await gql(GROUPS);
  assert.equal(admin.errors, undefined, JSON.stringify(admin));
  const [group] = admin.data!.portalGroups;
  assert.equal(group.group.id, grp);
  assert.equal(group.isAdmin, true);
  assert.deepEqual(group.settings, { xframeAllow: false, retentionDays: null, defaultMessageTemplate: null });
  assert.ok(group.members.some((m: { email: string; isGroupAdmin: boolean }) => m.email === ADMIN && m.isGroupAdmin));
  const member = await gql(GROUPS, {}, memberToken);
  assert.equal(member.data!.portalGroups[0].isAdmin, false);
  assert.deepEqual(member.data!.portalGroups[0].invitations, []);
});

test('the admin changes xframe_allow, frame origins, components, retention and the default message; REST shows them; logged', async () => {
  const input = { xframeAllow: true, xframeAllowPdfEdit: true, componentsEnabled: true, retentionDays: 90, defaultMessageTemplate: 'Please sign.' };
  const answer = await gql(SETTINGS, { g: grp, input });
  assert.equal(answer.errors, undefined, JSON.stringify(answer));
  assert.deepEqual(answer.data!.updateGroupSettings.settings, input);
  const rest = (await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`)).json() as Record<string, unknown>;
  assert.equal(rest.xframe_allow, true);
  assert.equal(rest.xframe_allow_pdf_edit, true);
  assert.equal(rest.components_enabled, true);
  assert.equal(rest.retention_days, 90);
  assert.equal(rest.default_message_template, 'Please sign.');
  assert.ok(
    (await events()).some((e) => e.startsWith(`group_settings_changed:${t.groupId}:`) && e.includes('xframeAllow')),
    (await events()).join('\n'),
  );
  // Fields left out keep their value; null clears retention.
  const cleared = await gql(SETTINGS, { g: grp, input: { retentionDays: null } });
  assert.equal(cleared.data!.updateGroupSettings.settings.retentionDays, null);
  assert.equal(cleared.data!.updateGroupSettings.settings.xframeAllow, true);
});

test('bad settings are a clear ValidationError; a member is refused; another group is not found', async () => {
  const zero = await gql(SETTINGS, { g: grp, input: { retentionDays: 0 } });
  assert.equal(errorOf(zero)?.errorType, 'ValidationError');
  assert.match(errorOf(zero)!.message, /retentionDays/);
  const long = await gql(SETTINGS, { g: grp, input: { defaultMessageTemplate: 'x'.repeat(10_001) } });
  assert.equal(errorOf(long)?.errorType, 'ValidationError');
  const member = await gql(SETTINGS, { g: grp, input: { xframeAllow: false } }, memberToken);
  assert.equal(errorOf(member)?.errorType, 'Unauthorized');
  assert.equal(errorOf(member)?.errorInfo?.code, 'group_admin_required');
  assert.equal((await t.app.store.groups.get(t.groupId))!.xframeAllow, true);
  const foreign = await gql(SETTINGS, { g: encodeId('grp', other.groupId), input: { xframeAllow: true } });
  assert.equal(errorOf(foreign)?.errorType, 'NotFound');
  assert.equal((await t.app.store.groups.get(other.groupId))!.xframeAllow, false);
  const garbage = await gql(SETTINGS, { g: 'not an id', input: { xframeAllow: true } });
  assert.equal(errorOf(garbage)?.errorType, 'NotFound');
});

test('invite by email, cancel the invitation; a registered user joins at once and is removed; REST agrees; logged', async () => {
  const invited = await gql(INVITE, { g: grp, email: 'newcomer@example.com' });
  assert.equal(invited.errors, undefined, JSON.stringify(invited));
  const invitation = invited.data!.inviteMember.invitations.find((i: { email: string }) => i.email === 'newcomer@example.com');
  assert.ok(invitation);
  const rest = (await call(t.app, t.key, 'GET', '/api/v1/invited/')).json() as { objects: { uuid: string }[] };
  assert.ok(rest.objects.some((i) => i.uuid === invitation.id));
  const twice = await gql(INVITE, { g: grp, email: 'newcomer@example.com' });
  assert.equal(errorOf(twice)?.errorInfo?.code, 'already_invited');
  const cancelled = await gql('mutation ($id: ID!) { cancelInvitation(invitationId: $id) { invitations { id } } }', { id: invitation.id });
  assert.deepEqual(cancelled.data!.cancelInvitation.invitations, []);

  const otherEmail = (await t.app.store.users.get(other.userId))!.email;
  const joined = await gql(INVITE, { g: grp, email: otherEmail });
  const member = joined.data!.inviteMember.members.find((m: { email: string }) => m.email === otherEmail);
  assert.ok(member, JSON.stringify(joined));
  const removed = await gql('mutation ($id: ID!) { removeMember(memberId: $id) { members { email } } }', { id: member.id });
  assert.ok(!removed.data!.removeMember.members.some((m: { email: string }) => m.email === otherEmail));
  for (const prefix of ['member_invited:', 'invitation_cancelled:', 'member_added:', 'member_removed:'])
    assert.ok(
      (await events()).some((e) => e.startsWith(prefix)),
      `${prefix} in ${(await events()).join(', ')}`,
    );
});

test('members cannot invite, remove or cancel; bad emails and unknown ids are clear errors', async () => {
  const byMember = await gql(INVITE, { g: grp, email: 'someone@example.com' }, memberToken);
  assert.equal(errorOf(byMember)?.errorType, 'Unauthorized');
  const adminMember = (await t.app.store.members.find(adminId, t.groupId))!;
  const remove = await gql('mutation ($id: ID!) { removeMember(memberId: $id) { group { id } } }', { id: adminMember.id }, memberToken);
  assert.equal(errorOf(remove)?.errorType, 'Unauthorized');
  assert.ok(await t.app.store.members.get(adminMember.id));
  const badEmail = await gql(INVITE, { g: grp, email: 'not-an-email' });
  assert.equal(errorOf(badEmail)?.errorType, 'ValidationError');
  const unknown = await gql('mutation { removeMember(memberId: "nope") { group { id } } }');
  assert.equal(errorOf(unknown)?.errorType, 'NotFound');
  const foreignMember = (await t.app.store.members.find(other.userId, other.groupId))!;
  const foreign = await gql('mutation ($id: ID!) { removeMember(memberId: $id) { group { id } } }', { id: foreignMember.id });
  assert.equal(errorOf(foreign)?.errorType, 'NotFound');
  assert.ok(await t.app.store.members.get(foreignMember.id));
});

test('the admin creates a sub-user who signs in with SRP and must enrol a second factor; members cannot; logged', async () => {
  const input = { email: 'sub.user@example.com', firstName: 'Sub', lastName: 'User', password: 'the sub-user passphrase' };
  const byMember = await gql(SUB_USER, { g: grp, input }, memberToken);
  assert.equal(errorOf(byMember)?.errorType, 'Unauthorized');
  assert.equal(await t.app.store.users.findByEmail(input.email), undefined);
  const short = await gql(SUB_USER, { g: grp, input: { ...input, password: 'short' } });
  assert.equal(errorOf(short)?.errorType, 'ValidationError');
  assert.match(errorOf(short)!.message, /password/);

  const created = await gql(SUB_USER, { g: grp, input });
  assert.equal(created.errors, undefined, JSON.stringify(created));
  assert.equal(created.data!.createSubUser.email, input.email);
  assert.equal(created.data!.createSubUser.name, 'Sub User');
  const again = await gql(SUB_USER, { g: grp, input });
  assert.equal(errorOf(again)?.errorInfo?.code, 'user_exists');
  const user = (await t.app.store.users.findByEmail(input.email))!;
  assert.ok(await t.app.store.members.find(user.id, t.groupId));
  assert.ok((await events()).includes(`user_created:${user.id}`), (await events()).join(', '));

  const { token } = await srpSignIn(t, address, input.email, input.password);
  const beforeTotp = await gql(GROUPS, {}, token);
  assert.match(errorOf(beforeTotp)!.message, /two-factor/);
  const account = await gql('{ portalAccount { email totpEnabled } }', {}, token);
  assert.deepEqual(account.data, { portalAccount: { email: input.email, totpEnabled: false } });
});
