/** GraphQL calls for server tests: in process (inject) with a key, or over HTTP to a listening server with any credential. */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

export interface GqlAnswer {
  // Answers are read by path in the assertions, which check their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any> | null;
  errors?: { message: string; errorType: string; errorInfo?: { problems?: { field: string; message: string }[] } | null }[];
}

/** POST /graphql in process with `Bearer <key>`; resolver and validation errors answer 200 (asserted). */
export async function gqlInject(app: FastifyInstance, key: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as GqlAnswer;
}

/** POST /graphql over HTTP (`address` from `app.listen`), as a client with `authorization` would. */
export async function gqlFetch(address: string, authorization: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer> {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GqlAnswer;
}
