/**
 * createWebhook / updateWebhook / deleteWebhook in the full schema (an SRP access token with a second factor), on the same
 * registrations REST lists and delivers to; an API key is refused them.
 */
import { gqlFetch } from '../../../test/support/server/graphql.ts';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { enrolTotp, srpSignIn, createSignInUser } from '../../../test/support/server/sign-in.ts';
import { decodeId, encodeId } from './ids.ts';

const EMAIL = 'hook.admin@example.com';
const PASSWORD = 'a long passphrase for webhooks';

let t: TestApp;
let address: string;
let token: string;
let restKey: string;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp({ webhooks: { allowPrivateAddresses: true } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createSignInUser(t, EMAIL, PASSWORD);
  const user = (await t.app.store.users.findByEmail(EMAIL))!;
  // Webhooks need team Admin permission.
  await t.app.store.users.addToGroup(user.id, t.groupId, true);
  restKey = (await t.app.store.apiKeys.create(user.id, 'sandbox', false)).key;
  const signedIn = await srpSignIn(t, address, EMAIL, PASSWORD);
  token = signedIn.token;
  // Webhooks, like the portal's keys and logs, need a second factor: refused before enrolment, then allowed.
  const before = await gql('mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) }', {
    input: { url: 'http://127.0.0.1:9/x', event: 'DOCUMENTS_ALL' },
  });
  assert.equal(before.errors?.[0]?.errorType, 'Unauthorized', JSON.stringify(before));
  assert.match(before.errors![0]!.message, /two-factor/);
  await enrolTotp(signedIn.user);
});
after(async () => t.close());

const gql = (query: string, variables: Record<string, unknown>, authorization = `Bearer ${token}`) => gqlFetch(address, authorization, query, variables);

const listed = async () => (await call(t.app, restKey, 'GET', '/api/v1/notifications/')).json() as { url: string; event_filter: string }[];

test('create, read, update and delete a webhook; REST sees the same registration', async () => {
  const created = await gql('mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) }', {
    input: { url: 'http://127.0.0.1:9/hooks', event: 'DOCUMENTS_COMPLETED', groupId: encodeId('grp', t.groupId) },
  });
  assert.equal(created.errors, undefined, JSON.stringify(created));
  const id = created.data!.createWebhook as string;
  assert.ok(decodeId('whk', id));
  assert.deepEqual(
    (await listed()).map((r) => [r.url, r.event_filter]),
    [['http://127.0.0.1:9/hooks', 'document.finalPdfCreated']],
  );
  const read = await gql('{ user { webhooks { id url event groupId enabled } } }', {});
  assert.deepEqual(read.data, {
    user: { webhooks: [{ id, url: 'http://127.0.0.1:9/hooks', event: 'DOCUMENTS_COMPLETED', groupId: encodeId('grp', t.groupId), enabled: true }] },
  });

  const updated = await gql('mutation ($input: UpdateWebhookInput!) { updateWebhook(input: $input) }', { input: { webhookId: id, event: 'RECIPIENTS_ALL' } });
  assert.equal(updated.errors, undefined, JSON.stringify(updated));
  assert.deepEqual(
    (await listed()).map((r) => [r.url, r.event_filter]),
    [['http://127.0.0.1:9/hooks', 'recipient.*']],
  );
  const newId = updated.data!.updateWebhook as string;
  const deleted = await gql('mutation ($input: DeleteWebhookInput!) { deleteWebhook(input: $input) }', { input: { webhookId: newId } });
  assert.equal(deleted.data!.deleteWebhook, newId);
  assert.deepEqual(await listed(), []);
  const again = await gql('mutation ($input: DeleteWebhookInput!) { deleteWebhook(input: $input) }', { input: { webhookId: newId } });
  assert.equal(again.errors?.[0]?.errorType, 'NotFound');
});

test('refused: an API key, a URL that is not http(s), another user’s webhook, an unknown group', async () => {
  const mutation = 'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) }';
  const byKey = await gql(mutation, { input: { url: 'http://127.0.0.1:9/x', event: 'DOCUMENTS_ALL' } }, `Bearer ${t.key}`);
  assert.equal(byKey.errors?.[0]?.errorType, 'Unauthorized');
  const ftp = await gql(mutation, { input: { url: 'ftp://example.com/x', event: 'DOCUMENTS_ALL' } });
  assert.equal(ftp.errors?.[0]?.errorType, 'ValidationError', JSON.stringify(ftp));
  const elsewhere = await gql(mutation, { input: { url: 'http://127.0.0.1:9/x', event: 'DOCUMENTS_ALL', groupId: encodeId('grp', crypto.randomUUID()) } });
  assert.equal(elsewhere.errors?.[0]?.errorType, 'NotFound');
  // The admin's own registration (over REST) is not this user's to delete.
  const theirs = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: 'http://127.0.0.1:9/admin' });
  assert.equal(theirs.statusCode, 201, theirs.body);
  const foreign = await gql('mutation ($input: DeleteWebhookInput!) { deleteWebhook(input: $input) }', {
    input: { webhookId: encodeId('whk', theirs.json().id as string) },
  });
  assert.equal(foreign.errors?.[0]?.errorType, 'NotFound');
});
