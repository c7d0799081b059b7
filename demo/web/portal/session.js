// The signed-in person: Cognito's USER_SRP_AUTH against this server (docs/sign-in.md) with the unmodified
// amazon-cognito-identity-js. The library keeps the tokens in localStorage and refreshes them with the
// refresh token when getSession() finds them expired; sign-out is GlobalSignOut (every token stops).
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';

let pool = null;

/** The pool as GET /api/v1/auth/config/ describes it; always talked to on this page's own origin. */
export async function loadPool() {
  if (pool) return pool;
  const response = await fetch('/api/v1/auth/config/');
  if (!response.ok) throw new Error(`GET /api/v1/auth/config/: HTTP ${response.status}`);
  const config = await response.json();
  const endpoint = new URL(new URL(config.endpoint).pathname, location.origin).href;
  pool = new CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.clientId, endpoint });
  return pool;
}

/**
 * Signs in with email and password. Resolves `{ user, done: true }`, or `{ user, done: false }` when the
 * second factor's code is asked next (sendCode).
 */
export async function signIn(email, password) {
  const user = new CognitoUser({ Username: email, Pool: await loadPool() });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: () => resolve({ user, done: true }),
      totpRequired: () => resolve({ user, done: false }),
      onFailure: reject,
    }),
  );
}

/** Answers the SOFTWARE_TOKEN_MFA challenge with a code from the app (or a recovery code). */
export function sendCode(user, code) {
  return new Promise((resolve, reject) => user.sendMFACode(code, { onSuccess: () => resolve(user), onFailure: reject }, 'SOFTWARE_TOKEN_MFA'));
}

/** The user of the tokens stored by an earlier visit, or null. */
export async function storedUser() {
  return (await loadPool()).getCurrentUser();
}

/** A current access token (refreshed when the stored one expired), or null when the session is gone. */
export function accessToken(user) {
  return new Promise((resolve) => user.getSession((error, session) => resolve(error || !session?.isValid() ? null : session.getAccessToken().getJwtToken())));
}

/** Starts enrolment: the new TOTP secret (base32). */
export function associateTotp(user) {
  return new Promise((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
}

/** Confirms enrolment with the app's first code; resolves the recovery codes (shown once). */
export function verifyTotp(user, code) {
  return new Promise((resolve, reject) =>
    user.verifySoftwareToken(code, 'authenticator', { onSuccess: (answer) => resolve(answer?.RecoveryCodes ?? []), onFailure: reject }),
  );
}

/** Signs out everywhere (GlobalSignOut); the local tokens go either way. */
export function signOut(user) {
  return new Promise((resolve) =>
    user.globalSignOut({
      onSuccess: resolve,
      onFailure: () => {
        user.signOut();
        resolve();
      },
    }),
  );
}
