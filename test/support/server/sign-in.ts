/** Signing in as the hosted service's clients do: amazon-cognito-identity-js (SRP) against a listening test server. */
import cognito from 'amazon-cognito-identity-js';
import { call, type TestApp } from './app.ts';
import { totpCode } from '../../../demo/server/auth/totp.ts';

const { AuthenticationDetails, CognitoUser, CognitoUserPool } = cognito;

/** The access token (the full GraphQL schema's Bearer) of `email`, signed in with SRP through `address`. */
export async function srpAccessToken(t: TestApp, address: string, email: string, password: string): Promise<string> {
  return (await srpSignIn(t, address, email, password)).token;
}

/** The signed-in client (for TOTP enrolment) and its access token. */
export async function srpSignIn(t: TestApp, address: string, email: string, password: string): Promise<{ user: cognito.CognitoUser; token: string }> {
  const published = (await call(t.app, undefined, 'GET', '/api/v1/auth/config/')).json() as { userPoolId: string; clientId: string };
  const pool = new CognitoUserPool({ UserPoolId: published.userPoolId, ClientId: published.clientId, endpoint: `${address}/api/v1/auth/cognito/` });
  const user = new CognitoUser({ Username: email, Pool: pool });
  const token = await new Promise<string>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve(session.getAccessToken().getJwtToken()),
      onFailure: reject,
    }),
  );
  return { user, token };
}

/** Enrols the signed-in user's authenticator (TOTP), as the portal does. */
export async function enrolTotp(user: cognito.CognitoUser): Promise<void> {
  const secret = await new Promise<string>((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
  const code = await totpCode(secret);
  await new Promise((resolve, reject) => user.verifySoftwareToken(code, 'tests', { onSuccess: resolve, onFailure: reject }));
}

/** A member of the test group with a sign-in password, made through REST `POST /api/v1/user/` as an integrator would. */
export async function createSignInUser(t: TestApp, email: string, password: string): Promise<void> {
  const created = await call(t.app, t.key, 'POST', '/api/v1/user/', {
    email,
    first_name: 'Test',
    last_name: 'User',
    password,
    groups: `/api/v1/group/${t.groupId}/`,
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/v1/user/ answered ${created.statusCode}: ${created.body}`);
}
