// The full GraphQL schema with the signed-in person's access token (demo/server/graphql/portal.graphql).
import { accessToken } from './session.js';

export class SessionEndedError extends Error {}

/** Runs a query; resolves its data or throws an Error with the first GraphQL error's message. */
export async function gql(user, query, variables = {}) {
  const token = await accessToken(user);
  if (!token) throw new SessionEndedError('session ended');
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  if (response.status === 401) throw new SessionEndedError('session ended');
  const body = await response.json();
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}
