// Sign-in with the unmodified Cognito client library against this server over HTTP: SRP, then TOTP
// enrolment and the TOTP challenge, refresh, global sign-out; and the refusals (wrong password, unknown
// user alike, replayed challenge, forged A, wrong code, junk requests).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import cognito from 'amazon-cognito-identity-js';
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { totpCode } from '../auth/totp.ts';
import { N } from '../auth/srp.ts';

const { AuthenticationDetails, CognitoUser, CognitoUserPool } = cognito;

let t: TestApp;
let config: { endpoint: string; userPoolId: string; clientId: string };
const EMAIL = 'dana@example.com';
const PASSWORD = 'a long and secret passphrase';

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000'; // these tests sign in many times from one address
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const created = await call(t.app, t.key, 'POST', '/api/v1/user/', {
    email: EMAIL,
    first_name: 'Dana',
    last_name: 'Lee',
    password: PASSWORD,
    groups: `/api/v1/group/${t.groupId}/`,
  });
  assert.equal(created.statusCode, 201, created.body);
  const published = (await call(t.app, undefined, 'GET', '/api/v1/auth/config/')).json() as typeof config;
  // The published endpoint names the configured base URL; this test's server listens on a free port.
  config = { ...published, endpoint: `${address}/api/v1/auth/cognito/` };
});
after(async () => t.close());

const pool = () => new CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.clientId, endpoint: config.endpoint });

type Outcome =
  { session: CognitoUserSession; user: cognito.CognitoUser } | { error: { code?: string; name?: string; message: string } } | { totp: cognito.CognitoUser };

function signIn(username: string, password: string): Promise<Outcome> {
  const user = new CognitoUser({ Username: username, Pool: pool() });
  return new Promise((resolve) =>
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: (session) => resolve({ session, user }),
      onFailure: (error) => resolve({ error }),
      totpRequired: () => resolve({ totp: user }),
    }),
  );
}

function sendCode(user: cognito.CognitoUser, code: string): Promise<Outcome> {
  return new Promise((resolve) =>
    user.sendMFACode(
      code,
      {
        onSuccess: (session) => resolve({ session, user }),
        onFailure: (error) => resolve({ error }),
      },
      'SOFTWARE_TOKEN_MFA',
    ),
  );
}

const codeOf = (o: Outcome) => ('error' in o ? (o.error.code ?? o.error.name) : 'no error');

test('the client signs in with SRP by email; the access token is an RS256 JWT the JWKS verifies, one hour long', async () => {
  const outcome = await signIn(EMAIL, PASSWORD);
  assert.ok('session' in outcome, JSON.stringify(outcome));
  const access = outcome.session.getAccessToken();
  assert.equal(access.payload.token_use, 'access');
  assert.equal(access.payload.exp - access.payload.iat, 3600);
  assert.equal(outcome.session.getIdToken().payload.email, EMAIL);
  assert.ok(outcome.session.isValid());
  const jwks = (await call(t.app, undefined, 'GET', '/.well-known/jwks.json')).json() as { keys: { kid: string; alg: string }[] };
  assert.equal(jwks.keys[0].alg, 'RS256');
  assert.equal(JSON.parse(Buffer.from(access.getJwtToken().split('.')[0], 'base64url').toString()).kid, jwks.keys[0].kid);
});

test('a wrong password and an unknown user get the same answer', async () => {
  const wrong = await signIn(EMAIL, 'not the passphrase');
  const unknown = await signIn('nobody@example.com', 'whatever it is');
  assert.equal(codeOf(wrong), 'NotAuthorizedException');
  assert.equal(codeOf(unknown), 'NotAuthorizedException');
  assert.ok('error' in wrong && 'error' in unknown);
  assert.equal(wrong.error.message, 'Incorrect username or password.');
  assert.equal(unknown.error.message, wrong.error.message);
});

test('a challenge answer replayed is refused; a forged A, a wrong client id and junk are clear 400s', async () => {
  const bodies: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    if (String((init?.headers as Record<string, string>)?.['X-Amz-Target']).endsWith('RespondToAuthChallenge')) bodies.push(String(init?.body));
    return realFetch(input, init);
  };
  try {
    assert.ok('session' in (await signIn(EMAIL, PASSWORD)));
  } finally {
    globalThis.fetch = realFetch;
  }
  const post = (target: string, body: unknown, type = 'application/x-amz-json-1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/cognito/',
      headers: { 'content-type': type, 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const replay = await post('RespondToAuthChallenge', bodies[0]);
  assert.equal(replay.statusCode, 400);
  assert.equal(replay.json().__type, 'NotAuthorizedException');
  const forged = await post('InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: config.clientId,
    AuthParameters: { USERNAME: EMAIL, SRP_A: N.toString(16) },
  });
  assert.deepEqual([forged.statusCode, forged.json().__type], [400, 'InvalidParameterException']);
  const client = await post('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: 'someone-else', AuthParameters: { USERNAME: EMAIL, SRP_A: 'abc' } });
  assert.equal(client.json().__type, 'ResourceNotFoundException');
  for (const [target, body] of [
    ['InitiateAuth', 'not json'],
    ['InitiateAuth', '[]'],
    ['Nope', {}],
    ['RespondToAuthChallenge', { ClientId: config.clientId, ChallengeName: 'PASSWORD_VERIFIER' }],
  ] as const) {
    const res = await post(target, body);
    assert.equal(res.statusCode, 400, `${target} ${JSON.stringify(body)}`);
    assert.match(res.json().__type, /Exception$/);
    assert.equal(res.headers['x-amzn-errortype'], res.json().__type);
  }
});

test('TOTP: enrol with the client, then every sign-in asks for a code; a wrong or replayed code is CodeMismatchException', async () => {
  const first = await signIn(EMAIL, PASSWORD);
  assert.ok('session' in first);
  const secret = await new Promise<string>((resolve, reject) => first.user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
  const enrolCode = await totpCode(secret);
  await new Promise((resolve, reject) => first.user.verifySoftwareToken(enrolCode, 'phone', { onSuccess: resolve, onFailure: reject }));

  const challenged = await signIn(EMAIL, PASSWORD);
  assert.ok('totp' in challenged, JSON.stringify(challenged));
  const wrong = await sendCode(challenged.totp, '000000' === (await totpCode(secret)) ? '111111' : '000000');
  assert.equal(codeOf(wrong), 'CodeMismatchException');
  // The code of the next step: not the one enrolment used, so it has not been seen.
  const code = await totpCode(secret, Date.now() + 30_000);
  const done = await sendCode(challenged.totp, code);
  assert.ok('session' in done, JSON.stringify(done));

  const again = await signIn(EMAIL, PASSWORD);
  assert.ok('totp' in again);
  assert.equal(codeOf(await sendCode(again.totp, code)), 'CodeMismatchException', 'a code is used once');
});

test('SetUserMFAPreference, as the client calls it after enrolling: refused before enrolment, SUCCESS after; GetUser lists the factor', async () => {
  const email = 'erin@example.com';
  const created = await call(t.app, t.key, 'POST', '/api/v1/user/', {
    email,
    first_name: 'Erin',
    last_name: 'Ng',
    password: PASSWORD,
    groups: `/api/v1/group/${t.groupId}/`,
  });
  assert.equal(created.statusCode, 201, created.body);
  const signedIn = await signIn(email, PASSWORD);
  assert.ok('session' in signedIn, JSON.stringify(signedIn));
  const { user } = signedIn;
  const prefer = (sms: cognito.IMfaSettings | null, totp: cognito.IMfaSettings | null) =>
    new Promise<string>((resolve) =>
      user.setUserMfaPreference(sms, totp, (error, result) => resolve(error ? ((error as { code?: string }).code ?? error.message) : result!)),
    );
  const PREFERRED = { PreferredMfa: true, Enabled: true };

  assert.equal(await prefer(null, PREFERRED), 'InvalidParameterException', 'no authenticator yet');
  const secret = await new Promise<string>((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
  const enrolCode = await totpCode(secret);
  await new Promise((resolve, reject) => user.verifySoftwareToken(enrolCode, 'phone', { onSuccess: resolve, onFailure: reject }));
  assert.equal(await prefer(null, PREFERRED), 'SUCCESS');
  const data = await new Promise<cognito.UserData>((resolve, reject) =>
    user.getUserData((error, result) => (error ? reject(error) : resolve(result!)), { bypassCache: true }),
  );
  assert.equal(data.PreferredMfaSetting, 'SOFTWARE_TOKEN_MFA');
  assert.deepEqual(data.UserMFASettingList, ['SOFTWARE_TOKEN_MFA']);
  // SMS is not offered; switching the authenticator off would make a password enough again.
  assert.equal(await prefer(PREFERRED, null), 'InvalidParameterException');
  assert.equal(await prefer(null, { PreferredMfa: false, Enabled: false }), 'InvalidParameterException');
  const erin = (await t.app.store.users.findByEmail(email))!;
  assert.ok((await t.app.store.credentials.events(erin.id)).some((e) => e.event === 'mfa_preference_software_token'));
  assert.ok('totp' in (await signIn(email, PASSWORD)), 'sign-in still asks for the code');
});

test('refresh gives new tokens; a global sign-out ends the refresh token and the access token', async () => {
  const made = await call(t.app, t.key, 'POST', '/api/v1/user/', {
    email: 'refresh@example.com',
    first_name: 'Rae',
    last_name: 'Fresh',
    password: PASSWORD,
    groups: `/api/v1/group/${t.groupId}/`,
  });
  assert.equal(made.statusCode, 201, made.body);
  const t0 = await signIn('refresh@example.com', PASSWORD);
  assert.ok('session' in t0, JSON.stringify(t0));
  const refreshed = await new Promise<CognitoUserSession>((resolve, reject) =>
    t0.user.refreshSession(t0.session.getRefreshToken(), (error: Error | null, s: CognitoUserSession) => (error ? reject(error) : resolve(s))),
  );
  assert.notEqual(refreshed.getAccessToken().getJwtToken(), '');
  await new Promise((resolve, reject) => t0.user.globalSignOut({ onSuccess: resolve, onFailure: reject }));
  const after = await new Promise<unknown>((resolve) => t0.user.refreshSession(t0.session.getRefreshToken(), (error: unknown) => resolve(error)));
  assert.equal((after as { code?: string }).code, 'NotAuthorizedException');
  const getUser = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/cognito/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
    payload: JSON.stringify({ AccessToken: refreshed.getAccessToken().getJwtToken() }),
  });
  assert.equal(getUser.json().__type, 'NotAuthorizedException');
});

test('five wrong passwords lock the account with a clear message; the right one then waits too', async () => {
  const made = await call(t.app, t.key, 'POST', '/api/v1/user/', {
    email: 'lock@example.com',
    first_name: 'Lo',
    last_name: 'Ck',
    password: PASSWORD,
    groups: `/api/v1/group/${t.groupId}/`,
  });
  assert.equal(made.statusCode, 201, made.body);
  for (let i = 0; i < 5; i++) assert.equal(codeOf(await signIn('lock@example.com', `wrong ${i}`)), 'NotAuthorizedException');
  const locked = await signIn('lock@example.com', PASSWORD);
  assert.ok('error' in locked);
  assert.match(locked.error.message, /attempts exceeded/);
});

test('the account trail records sign-ins, failures, the second factor and sign-outs with the address', async () => {
  const dana = (await t.app.store.users.findByEmail(EMAIL))!;
  const events = (await t.app.store.credentials.events(dana.id)).map((e) => e.event);
  for (const event of ['signed_in', 'sign_in_failed', 'totp_enabled', 'password_verified', 'code_failed'])
    assert.ok(events.includes(event), `${event} in ${events}`);
  assert.equal((await t.app.store.credentials.events(dana.id))[0].ip, '127.0.0.1');
});

test('sign-in requests per address and minute are limited (ESIGN_SIGN_IN_PER_MINUTE)', async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '3';
  const small = await createTestApp();
  try {
    const statuses: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/v1/auth/cognito/',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        payload: JSON.stringify({ AuthFlow: 'USER_SRP_AUTH', ClientId: config.clientId, AuthParameters: { USERNAME: 'admin@localhost', SRP_A: 'abc' } }),
      });
      statuses.push(res.statusCode === 200 ? 'ok' : res.json().__type);
    }
    assert.deepEqual(statuses, ['ok', 'ok', 'ok', 'TooManyRequestsException']);
  } finally {
    delete process.env.ESIGN_SIGN_IN_PER_MINUTE;
    await small.close();
  }
});
