/**
 * The portal's GraphQL (portal.graphql): an SRP access token with a second factor manages API keys,
 * webhooks, the delivery log (with replay) and sees usage; without the factor, or with an API key, it cannot.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import cognito from 'amazon-cognito-identity-js';
import { totpCode } from '../auth/totp.ts';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { setSignInPassword } from '../services/sign-in/passwords.ts';
import { userPool } from '../services/sign-in/pool.ts';
import { sendTestDocument, startReceiver, type Receiver } from '../../../test/support/server/webhooks.ts';

const { AuthenticationDetails, CognitoUser, CognitoUserPool } = cognito;
let EMAIL = '';
const PASSWORD = 'a long portal passphrase';

let t: TestApp;
let address: string;
let user: cognito.CognitoUser;
let accessToken: string;
let receiver: Receiver;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp({
    rateLimits: { sandbox: 100, production: 10_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 },
  });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = await startReceiver();
  // The first-start admin (a group admin), with a known password, as `esign-server user password` sets it.
  await setSignInPassword(t.app.store, userPool(), t.adminId, PASSWORD);
  EMAIL = (await t.app.store.users.get(t.adminId))!.email;
  const published = (await call(t.app, undefined, 'GET', '/api/v1/auth/config/')).json() as { userPoolId: string; clientId: string };
  const pool = new CognitoUserPool({ UserPoolId: published.userPoolId, ClientId: published.clientId, endpoint: `${address}/api/v1/auth/cognito/` });
  user = new CognitoUser({ Username: EMAIL, Pool: pool });
  accessToken = await new Promise<string>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }), {
      onSuccess: (session) => resolve(session.getAccessToken().getJwtToken()),
      onFailure: reject,
    }),
  );
});
after(async () => {
  await receiver.close();
  await t.close();
});

// Answers are read by path in the assertions, which check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; data: Record<string, any> | null; errors?: { errorType: string; message: string }[] };

async function gql(query: string, variables: Record<string, unknown> = {}, authorization = `Bearer ${accessToken}`): Promise<Answer> {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<Answer, 'status'>;
  return { status: response.status, ...body };
}

test('without a second factor: the account answers, keys are refused; enrolment answers ten recovery codes once', async () => {
  const account = await gql('{ portalAccount { email totpEnabled } }');
  assert.deepEqual(account.data, { portalAccount: { email: EMAIL, totpEnabled: false } });
  const keys = await gql('{ apiKeys { id } }');
  assert.equal(keys.errors?.[0]?.errorType, 'Unauthorized');
  assert.match(keys.errors[0].message, /two-factor/);
  assert.equal(keys.data?.apiKeys, null);

  const secret = await new Promise<string>((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
  const code = await totpCode(secret);
  const answer = await new Promise<{ RecoveryCodes: string[] }>((resolve, reject) =>
    user.verifySoftwareToken(code, 'portal', { onSuccess: (d) => resolve(d as never), onFailure: reject }),
  );
  assert.equal(answer.RecoveryCodes.length, 10);
  assert.equal(new Set(answer.RecoveryCodes).size, 10);
  assert.deepEqual((await gql('{ portalAccount { totpEnabled } }')).data, { portalAccount: { totpEnabled: true } });
});

test('API keys: created once with its secret and a name, works, shows its name, last use and usage, revoked stops working', async () => {
  const made = await gql('mutation($env: String!, $name: String) { createApiKey(env: $env, name: $name) { key apiKey { id name env revoked } } }', {
    env: 'sandbox',
    name: '  CI pipeline  ',
  });
  assert.equal(made.errors, undefined, JSON.stringify(made.errors));
  const { key, apiKey } = made.data!.createApiKey;
  assert.match(key, /^ak_sandbox_/);
  assert.equal(apiKey.env, 'sandbox');
  assert.equal(apiKey.name, 'CI pipeline'); // trimmed
  assert.equal(apiKey.revoked, null);

  for (let i = 0; i < 3; i++) assert.equal((await call(t.app, key, 'GET', '/api/v1/group/')).statusCode, 200);
  const listed = (await gql('{ apiKeys { id name env lastUsed revoked } usage { keyId name env limit used remaining windowSeconds } }')).data!;
  const mine = listed.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
  assert.ok(mine.lastUsed, 'the key shows its last use');
  assert.equal(mine.name, 'CI pipeline');
  assert.ok(!JSON.stringify(listed).includes(key), 'the secret is never listed');
  const usage = listed.usage.find((u: { keyId: string }) => u.keyId === apiKey.id);
  assert.deepEqual(usage, { keyId: apiKey.id, name: 'CI pipeline', env: 'sandbox', limit: 100, used: 3, remaining: 97, windowSeconds: 3600 });

  const wrongEnv = await gql('mutation { createApiKey(env: "staging") { key } }');
  assert.equal(wrongEnv.errors?.[0]?.errorType, 'ValidationError');
  // A name too long, or with a control character, is refused in words; no name at all is an empty one.
  for (const name of ['x'.repeat(81), 'tab\there']) {
    const bad = await gql('mutation($name: String) { createApiKey(env: "sandbox", name: $name) { key } }', { name });
    assert.equal(bad.errors?.[0]?.errorType, 'ValidationError', name);
    assert.match(bad.errors![0]!.message, /name/);
  }
  const unnamed = await gql('mutation { createApiKey(env: "sandbox") { apiKey { name } } }');
  assert.equal(unnamed.data!.createApiKey.apiKey.name, '');
  const foreign = await gql('mutation { revokeApiKey(id: "not-a-key-of-mine") { id } }');
  assert.equal(foreign.errors?.[0]?.errorType, 'NotFound');

  const revoked = await gql('mutation($id: ID!) { revokeApiKey(id: $id) { id revoked } }', { id: apiKey.id });
  assert.ok(revoked.data!.revokeApiKey.revoked);
  assert.equal((await call(t.app, key, 'GET', '/api/v1/group/')).statusCode, 401);
  const events = (await t.app.store.credentials.events(t.adminId)).map((e) => e.event);
  assert.ok(events.includes(`api_key_created:${apiKey.id}`) && events.includes(`api_key_revoked:${apiKey.id}`), events.join(', '));
});

test("webhooks (gql2's createWebhook/deleteWebhook): register, a send is delivered and logged with its body, replay delivers it again, delete", async () => {
  const made = await gql('mutation($url: String!) { createWebhook(input: { url: $url, event: DOCUMENTS_CREATED }) }', { url: receiver.url });
  assert.equal(made.errors, undefined, JSON.stringify(made.errors));
  const webhook = { id: made.data!.createWebhook as string };
  const listed = await gql('{ user { webhooks { id url } } }');
  assert.deepEqual(listed.data!.user.webhooks, [{ id: webhook.id, url: receiver.url }]);

  const { documentId } = await sendTestDocument(t, t.key, t.groupId, 'portal');
  await receiver.waitFor((r) => r.some((x) => x.json.event === 'created'));
  const deliveries = async () =>
    (await gql('{ webhookDeliveries(limit: 10) { id webhookId event state lastStatus reason requestBody } }')).data!.webhookDeliveries;
  let log = await deliveries();
  for (let i = 0; i < 50 && log[0]?.state !== 'delivered'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    log = await deliveries();
  }
  assert.equal(log.length, 1);
  assert.equal(log[0].webhookId, webhook.id);
  assert.equal(log[0].event, 'document.created');
  assert.equal(log[0].lastStatus, 200);
  assert.equal(JSON.parse(log[0].requestBody).data.uuid ?? JSON.parse(log[0].requestBody).data.document, documentId);

  const replay = await gql('mutation($id: ID!) { replayWebhookDelivery(id: $id) { id reason } }', { id: log[0].id });
  assert.equal(replay.data!.replayWebhookDelivery.reason, 'replay');
  await receiver.waitFor((r) => r.filter((x) => x.json.event === 'created').length === 2);
  const bad = await gql('mutation { replayWebhookDelivery(id: "x1") { id } }');
  assert.equal(bad.errors?.[0]?.errorType, 'NotFound');

  // A test event about the real document: the same event, a new id, to this webhook.
  const triggered = await gql('mutation($id: ID!) { triggerWebhookEvent(input: { object: "document", event: "created", documentId: $id }) }', {
    id: documentId,
  });
  assert.equal(triggered.errors, undefined, JSON.stringify(triggered.errors));
  await receiver.waitFor((r) => r.some((x) => x.json.id === triggered.data!.triggerWebhookEvent));
  const unmatched = await gql('mutation($id: ID!) { triggerWebhookEvent(input: { object: "document", event: "rejected", documentId: $id }) }', {
    id: documentId,
  });
  assert.equal(unmatched.errors?.[0]?.errorType, 'ValidationError', 'the webhook only receives document.created');
  const unknown = await gql('mutation { triggerWebhookEvent(input: { object: "document", event: "created", documentId: "nope" }) }');
  assert.equal(unknown.errors?.[0]?.errorType, 'NotFound');

  assert.equal((await gql('mutation($id: ID!) { deleteWebhook(input: { webhookId: $id }) }', { id: webhook.id })).data!.deleteWebhook, webhook.id);
  assert.deepEqual((await gql('{ user { webhooks { id } } }')).data!.user.webhooks, []);
});

test('an API key reaches none of it', async () => {
  const answer = await gql('{ apiKeys { id } portalAccount { email } }', {}, `Bearer ${t.key}`);
  assert.deepEqual(answer.data, { apiKeys: null, portalAccount: null });
  assert.ok(answer.errors?.every((e) => e.errorType === 'Unauthorized'));
  const mutation = await gql('mutation { createApiKey(env: "sandbox") { key } }', {}, `Bearer ${t.key}`);
  assert.equal(mutation.data?.createApiKey ?? null, null);
});
