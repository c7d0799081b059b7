/**
 * The user pool as clients see it: `GET /api/v1/auth/config/` publishes it, and
 * `new CognitoUserPool({ UserPoolId, ClientId, endpoint })` takes it as is. The part of the pool id after
 * `_` is the SRP "pool name" baked into every stored verifier: changing ESIGN_USER_POOL_ID makes every
 * user set a new password.
 */
export interface UserPool {
  userPoolId: string;
  /** The part after `_`, used in the SRP math. */
  poolName: string;
  clientId: string;
}

const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

export function userPool(env: NodeJS.ProcessEnv = process.env): UserPool {
  const userPoolId = env.ESIGN_USER_POOL_ID || 'local_esign';
  if (!POOL_ID.test(userPoolId) || userPoolId.length > 55) {
    throw new Error(`ESIGN_USER_POOL_ID must look like region_Name (letters and digits after one underscore, at most 55 characters); got "${userPoolId}".`);
  }
  return { userPoolId, poolName: userPoolId.split('_')[1], clientId: env.ESIGN_USER_POOL_CLIENT_ID || 'esign-portal' };
}

/** The issuer of sign-in tokens on this server. */
export const tokenIssuer = (baseUrl: string, pool: UserPool): string => `${baseUrl.replace(/\/+$/, '')}/${pool.userPoolId}`;
