/**
 * The second-factor gate is one list (SECOND_FACTOR_FIELDS): every entry is refused to a person signed in
 * with a password alone and reached once they enrol an authenticator; the list covers every portal field
 * but the account, and docs/portal.md prints exactly this list.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Kind, parse } from 'graphql';
import { createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { gqlFetch, type GqlAnswer } from '../../../test/support/server/graphql.ts';
import { createSignInUser, enrolTotp, srpSignIn } from '../../../test/support/server/sign-in.ts';
import { subscribeWebhook } from '../webhooks/subscribe.ts';
import { webhookSettingsFor } from '../webhooks/service.ts';
import { encodeId } from './ids.ts';
import { SECOND_FACTOR_FIELDS } from './second-factor-gate.ts';

const PASSWORD = 'a long passphrase for the gate';
const HOOK = 'http://127.0.0.1:9/the-secret-receiver';

let t: TestApp;
let address: string;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp({
    rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true },
  });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

/** One operation reaching each entry of the list, keyed `Type.field`: the test fails while an entry has none. */
const OPERATIONS: Record<string, (group: string) => { query: string; variables?: Record<string, unknown> }> = {
  'Query.apiKeys': () => ({ query: '{ apiKeys { id } }' }),
  'Query.webhookDeliveries': () => ({ query: '{ webhookDeliveries(limit: 5) { id url } }' }),
  'Query.usage': () => ({ query: '{ usage { keyId } }' }),
  'Query.portalGroups': () => ({ query: '{ portalGroups { isAdmin } }' }),
  'Mutation.createApiKey': () => ({ query: 'mutation { createApiKey(env: "sandbox") { key } }' }),
  'Mutation.revokeApiKey': () => ({ query: 'mutation { revokeApiKey(id: "none") { id } }' }),
  'Mutation.createWebhook': () => ({ query: `mutation { createWebhook(input: { url: "${HOOK}/2", event: DOCUMENTS_ALL }) }` }),
  'Mutation.updateWebhook': () => ({ query: `mutation { updateWebhook(input: { webhookId: "none", url: "${HOOK}/3" }) }` }),
  'Mutation.deleteWebhook': () => ({ query: 'mutation { deleteWebhook(input: { webhookId: "none" }) }' }),
  'Mutation.triggerWebhookEvent': () => ({ query: 'mutation { triggerWebhookEvent(input: { object: "document", event: "created", documentId: "none" }) }' }),
  'Mutation.replayWebhookDelivery': () => ({ query: 'mutation { replayWebhookDelivery(id: "1") { id } }' }),
  'Mutation.updateGroupSettings': (group) => ({
    query: 'mutation ($g: ID!) { updateGroupSettings(groupId: $g, input: {}) { isAdmin } }',
    variables: { g: group },
  }),
  'Mutation.inviteMember': (group) => ({
    query: 'mutation ($g: ID!) { inviteMember(groupId: $g, email: "newcomer@example.com") { isAdmin } }',
    variables: { g: group },
  }),
  'Mutation.removeMember': () => ({ query: 'mutation { removeMember(memberId: "none") { isAdmin } }' }),
  'Mutation.cancelInvitation': () => ({ query: 'mutation { cancelInvitation(invitationId: "none") { isAdmin } }' }),
  'Mutation.createSubUser': (group) => ({
    query: 'mutation ($g: ID!, $u: SubUserInput!) { createSubUser(groupId: $g, input: $u) { id } }',
    variables: { g: group, u: { email: 'sub@example.com', firstName: 'Sub', lastName: 'User', password: 'a long sub-user passphrase' } },
  }),
  'User.webhooks': () => ({ query: '{ user { webhooks { id url event } } }' }),
};

const entries = Object.entries(SECOND_FACTOR_FIELDS).flatMap(([type, fields]) => fields.map((field) => `${type}.${field}`));

/** The errors the gate raised (code second_factor_required) at the entry's field. */
function gateErrors(answer: GqlAnswer, field: string) {
  return (answer.errors ?? []).filter(
    (e) => (e.errorInfo as { code?: string } | null | undefined)?.code === 'second_factor_required' && (e as { path?: string[] }).path?.at(-1) === field,
  );
}

/** A person of the test group, signed in with SRP: their access token and client. */
async function person(email: string) {
  await createSignInUser(t, email, PASSWORD);
  const user = (await t.app.store.users.findByEmail(email))!;
  // A group admin, so that the group mutations get past their own checks once the gate lets them.
  await t.app.store.users.addToGroup(user.id, t.groupId, true);
  return { ...(await srpSignIn(t, address, email, PASSWORD)), id: user.id };
}

test('every entry of the list is refused without a second factor, the data not answered', async () => {
  const noFactor = await person('password-only@example.com');
  await subscribeWebhook(t.app.store, webhookSettingsFor(t.app.config), {
    userId: noFactor.id,
    callbackUrl: HOOK,
    objectFilter: 'document',
    eventFilter: '',
    groupId: null,
    notify: 'realtime',
    hmacSecret: null,
  });
  for (const entry of entries) {
    const operation = OPERATIONS[entry];
    assert.ok(operation, `${entry} has no operation in this test`);
    const { query, variables } = operation(encodeId('grp', t.groupId));
    const answer = await gqlFetch(address, `Bearer ${noFactor.token}`, query, variables);
    const field = entry.split('.')[1]!;
    const refused = gateErrors(answer, field);
    assert.equal(refused.length, 1, `${entry}: ${JSON.stringify(answer)}`);
    assert.equal(refused[0]!.errorType, 'Unauthorized');
    assert.doesNotMatch(JSON.stringify(answer), /the-secret-receiver|ak_sandbox_/, `${entry} answered data`);
  }
  // The account itself answers: the portal reads it to decide on enrolment.
  const account = await gqlFetch(address, `Bearer ${noFactor.token}`, '{ portalAccount { totpEnabled } user { id } }');
  assert.equal(account.errors, undefined, JSON.stringify(account));
  assert.equal(account.data?.portalAccount.totpEnabled, false);
});

test('with a second factor every entry gets past the gate', async () => {
  const enrolled = await person('two-factors@example.com');
  await enrolTotp(enrolled.user);
  for (const entry of entries) {
    const { query, variables } = OPERATIONS[entry]!(encodeId('grp', t.groupId));
    const answer = await gqlFetch(address, `Bearer ${enrolled.token}`, query, variables);
    assert.deepEqual(gateErrors(answer, entry.split('.')[1]!), [], `${entry}: ${JSON.stringify(answer)}`);
    // Reads answer cleanly; mutations on ids that name nothing may still be NotFound, past the gate.
    if (!entry.startsWith('Mutation.')) assert.equal(answer.errors, undefined, `${entry}: ${JSON.stringify(answer)}`);
  }
});

test("the list covers every portal field but the account, and the full schema's webhooks; docs/portal.md prints it", () => {
  const portalFields = ['portal.graphql', 'portal-groups.graphql'].flatMap((file) =>
    parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')).definitions.flatMap((d) =>
      d.kind === Kind.OBJECT_TYPE_EXTENSION && (d.name.value === 'Query' || d.name.value === 'Mutation')
        ? (d.fields ?? []).map((f) => `${d.name.value}.${f.name.value}`)
        : [],
    ),
  );
  const expected = [
    ...portalFields.filter((f) => f !== 'Query.portalAccount'),
    'Mutation.createWebhook',
    'Mutation.updateWebhook',
    'Mutation.deleteWebhook',
    'User.webhooks',
  ];
  assert.deepEqual([...entries].sort(), expected.sort());

  const printed = Object.entries(SECOND_FACTOR_FIELDS)
    .map(([type, fields]) => `- \`${type}\`: ${fields.map((f) => `\`${f}\``).join(', ')}`)
    .join('\n');
  const doc = fs.readFileSync(new URL('../../../docs/portal.md', import.meta.url), 'utf8');
  const block = /<!-- second-factor-fields:[^>]*-->\n([\s\S]*?)\n<!-- \/second-factor-fields -->/.exec(doc);
  assert.equal(block?.[1], printed, `docs/portal.md's list must read:\n${printed}`);
  const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  assert.match(readme, /SECOND_FACTOR_FIELDS`, printed in \[docs\/portal\.md\]\(docs\/portal\.md#second-factor\)/);
});
