/** An SRP access token (docs/sign-in.md) reaches the full GraphQL schema; an API key does not. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { createSignInUser, enrolTotp, srpSignIn } from '../../../test/support/server/sign-in.ts';

const EMAIL = 'erin@example.com';
const PASSWORD = 'another long and secret passphrase';

let t: TestApp;
let address: string;
let accessToken: string;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createSignInUser(t, EMAIL, PASSWORD);
  const signedIn = await srpSignIn(t, address, EMAIL, PASSWORD);
  // User.webhooks needs a second factor (second-factor-gate.ts; refusals in second-factor-gate.test.ts).
  await enrolTotp(signedIn.user);
  accessToken = signedIn.token;
});
after(async () => t.close());

async function gql(query: string, authorization: string) {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: { user: { email: string; webhooks: unknown[] | null } } | null; errors?: { errorType: string }[] },
  };
}

test('the access token (with a second factor) answers as its user and reaches User.webhooks; the API key is refused that field', async () => {
  const query = '{ user { email webhooks { id url } } }';
  for (const authorization of [`Bearer ${accessToken}`, accessToken]) {
    const srp = await gql(query, authorization);
    assert.equal(srp.status, 200);
    assert.equal(srp.body.errors, undefined, JSON.stringify(srp.body));
    assert.deepEqual(srp.body.data, { user: { email: EMAIL, webhooks: [] } });
  }
  const key = await gql(query, `Bearer ${t.key}`);
  assert.equal(key.body.data?.user.webhooks, null);
  assert.equal(key.body.errors?.[0]?.errorType, 'Unauthorized');
});

test('a tampered access token is a 401', async () => {
  const answer = await gql('{ user { id } }', `Bearer ${accessToken.slice(0, -4)}AAAA`);
  assert.equal(answer.status, 401);
});
