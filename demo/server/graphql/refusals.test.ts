/**
 * Every way a GraphQL request can be refused, over HTTP and over WebSocket (graphql-transport-ws), answers
 * in the AppSync shape: each error has `message`, `errorType` and `errorInfo` (an object or null), and
 * nothing is a 5xx (nor a 4500 close). Missing or bad credentials, a legacy key where one is refused, the
 * rate limit, a query too deep, too costly or too large, an ID that names nothing, another group's.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { field } from '../../../test/support/server/documents.ts';
import { sendDocument } from '../../../test/support/server/signing.ts';
import { createSignInUser, srpAccessToken } from '../../../test/support/server/sign-in.ts';
import { encodeId } from './ids.ts';
import { MAX_QUERY_BYTES } from './feeds/sockets.ts';

const SANDBOX = 6;
const EMAIL = 'refusals@example.com';
const PASSWORD = 'a long passphrase for refusals';

let t: TestApp;
let address: string;
let token: string;
let recipientId: string;
let otherGroupId: string;

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  // A small upload limit makes a small body limit (bodyLimitFor); every sandbox key may make SANDBOX calls.
  t = await createTestApp({ maxUploadBytes: 30_000, rateLimits: { sandbox: SANDBOX, production: 10_000, windowMs: 3_600_000 } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await createSignInUser(t, EMAIL, PASSWORD);
  token = await srpAccessToken(t, address, EMAIL, PASSWORD);
  recipientId = (await sendDocument(t, [field({ signer: 1 })])).recipients[0]!.id;
  otherGroupId = (await createTenant(t.app, 'Elsewhere')).groupId;
});
after(() => t.close());

/** A new sandbox key of the admin, with a whole window of its own. */
const freshKey = async (legacy = false) => (await t.app.store.apiKeys.create(t.adminId, 'sandbox', legacy)).key;

const DEEP = `{ recipient(id: "x") { ${'document { recipients { '.repeat(5)}id${' } }'.repeat(5)} } }`;
const COSTLY = `{ ${Array.from({ length: 301 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
const SIGNER_TOKEN = 'mutation ($input: GenerateComponentTokenInput!) { generateComponentToken(input: $input) { token } }';

interface Refusal {
  message: string;
  errorType: string;
  errorInfo: Record<string, unknown> | null;
}

/** Every error has the AppSync fields; answers the first. */
function shaped(errors: unknown, where: string): Refusal {
  assert.ok(Array.isArray(errors) && errors.length > 0, `${where}: no errors in ${JSON.stringify(errors)}`);
  for (const e of errors as Record<string, unknown>[]) {
    assert.equal(typeof e.message, 'string', where);
    assert.equal(typeof e.errorType, 'string', `${where}: ${JSON.stringify(e)}`);
    assert.ok('errorInfo' in e && (e.errorInfo === null || typeof e.errorInfo === 'object'), `${where}: ${JSON.stringify(e)}`);
  }
  return (errors as Refusal[])[0]!;
}

async function http(authorization: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { errors?: unknown } };
}

test('over HTTP, every refusal is AppSync-shaped and none is a 5xx', async () => {
  const cases: { name: string; status: number; errorType: string; code?: string; run: () => ReturnType<typeof http> }[] = [
    { name: 'no key', status: 401, errorType: 'UnauthorizedException', code: 'missing_authorization', run: () => http(undefined, '{ user { id } }') },
    {
      name: 'bad key',
      status: 401,
      errorType: 'UnauthorizedException',
      code: 'invalid_credentials',
      run: () => http('Bearer ak_sandbox_nope.nope', '{ user { id } }'),
    },
    {
      name: 'legacy key for a signer token',
      status: 200,
      errorType: 'Unauthorized',
      code: 'legacy_key',
      run: async () =>
        http(`Bearer ${await freshKey(true)}`, SIGNER_TOKEN, { input: { component: 'LS_SIGNER', signer: { recipientId: encodeId('rec', recipientId) } } }),
    },
    {
      name: 'rate limit',
      status: 429,
      errorType: 'Throttled',
      code: 'rate_limited',
      run: async () => {
        const key = `Bearer ${await freshKey()}`;
        for (let i = 0; i < SANDBOX; i++) assert.equal((await http(key, '{ user { id } }')).status, 200);
        return http(key, '{ user { id } }');
      },
    },
    { name: 'depth', status: 400, errorType: 'ValidationError', run: async () => http(`Bearer ${await freshKey()}`, DEEP) },
    { name: 'cost', status: 400, errorType: 'ValidationError', run: async () => http(`Bearer ${await freshKey()}`, COSTLY) },
    {
      name: 'size',
      status: 413,
      errorType: 'ValidationError',
      code: 'too_large',
      run: async () => http(`Bearer ${await freshKey()}`, `{ user { id } } # ${'x'.repeat(400_000)}`),
    },
    {
      name: 'not found',
      status: 200,
      errorType: 'NotFound',
      run: async () => http(`Bearer ${await freshKey()}`, 'query ($id: ID) { document(id: $id) { id } }', { id: crypto.randomUUID() }),
    },
    {
      name: 'other group',
      status: 200,
      errorType: 'NotFound',
      run: async () => http(`Bearer ${await freshKey()}`, 'query ($id: ID) { group(id: $id) { id } }', { id: encodeId('grp', otherGroupId) }),
    },
    {
      name: 'API key on a full-schema field',
      status: 200,
      errorType: 'Unauthorized',
      run: async () => http(`Bearer ${await freshKey()}`, '{ apiKeys { id } }'),
    },
  ];
  for (const c of cases) {
    const answer = await c.run();
    assert.ok(answer.status < 500, `${c.name}: ${answer.status}`);
    assert.equal(answer.status, c.status, `${c.name}: ${JSON.stringify(answer.body)}`);
    const error = shaped(answer.body.errors, c.name);
    assert.equal(error.errorType, c.errorType, `${c.name}: ${JSON.stringify(error)}`);
    if (c.code) assert.equal(error.errorInfo?.code, c.code, `${c.name}: ${JSON.stringify(error)}`);
    if (c.status === 429) {
      assert.ok(Number(answer.retryAfter) > 0, 'Retry-After');
      assert.equal(error.errorInfo?.retryAfterSeconds, Number(answer.retryAfter));
    }
  }
});

interface SocketRun {
  code: number;
  reason: string;
  /** Each subscription's errors, from its `error` frame or its `next` frame. */
  errors: Map<string, unknown>;
}

/** Connects with `authorization`, sends each query as a subscribe (ids 1, 2, …) and collects how each ended. */
function socket(authorization: string | undefined, queries: { query: string; variables?: Record<string, unknown> }[]): Promise<SocketRun> {
  return new Promise((resolve) => {
    const ws = new WebSocket(address.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
    const errors = new Map<string, unknown>();
    const done = new Set<string>();
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: authorization ? { Authorization: authorization } : {} })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: unknown };
      if (message.type === 'connection_ack') queries.forEach((payload, i) => ws.send(JSON.stringify({ id: String(i + 1), type: 'subscribe', payload })));
      if (message.type === 'error') errors.set(message.id!, message.payload);
      if (message.type === 'next' && (message.payload as { errors?: unknown }).errors) errors.set(message.id!, (message.payload as { errors: unknown }).errors);
      if (message.type === 'error' || message.type === 'complete') done.add(message.id!);
      if (done.size === queries.length) ws.close(1000);
    });
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason), errors }));
  });
}

test('over WebSocket, every refusal carries errorType and errorInfo as over HTTP; none closes the socket as a server fault', async () => {
  for (const [authorization, code] of [
    [undefined, 'missing_authorization'],
    ['Bearer ak_sandbox_nope.nope', 'invalid_credentials'],
  ] as const) {
    const refused = await socket(authorization, [{ query: 'subscription { subscribeUserFeed { userId } }' }]);
    assert.equal(refused.code, 4403);
    assert.deepEqual(JSON.parse(refused.reason), { errorType: 'UnauthorizedException', errorInfo: { code } });
  }

  const USER_FEED = { query: 'subscription { subscribeUserFeed { userId } }' };
  const legacy = await socket(`Bearer ${await freshKey(true)}`, [USER_FEED]);
  assert.equal(shaped(legacy.errors.get('1'), 'legacy key').errorType, 'Unauthorized');

  // Each subscribe is a call: one past the key's window is Throttled, with when to retry.
  const limited = await socket(
    `Bearer ${await freshKey()}`,
    Array.from({ length: SANDBOX + 1 }, () => USER_FEED),
  );
  const throttled = [...limited.errors.values()].map((e, i) => shaped(e, `subscribe ${i}`)).filter((e) => e.errorType === 'Throttled');
  assert.equal(throttled.length, 1, JSON.stringify([...limited.errors.values()]));
  assert.equal(throttled[0]!.errorInfo?.code, 'rate_limited');
  assert.ok(Number(throttled[0]!.errorInfo?.retryAfterSeconds) > 0);
  assert.match(throttled[0]!.message, /ESIGN_SANDBOX_RATE_LIMIT/);

  const cases: { name: string; query: string; variables?: Record<string, unknown>; errorType: string; code?: string }[] = [
    { name: 'depth', query: DEEP, errorType: 'ValidationError' },
    { name: 'cost', query: COSTLY, errorType: 'ValidationError' },
    { name: 'size', query: `subscription { subscribeUserFeed { userId } } # ${'x'.repeat(MAX_QUERY_BYTES)}`, errorType: 'ValidationError', code: 'too_large' },
    { name: 'syntax', query: 'subscription { subscribeUserFeed { ', errorType: 'ValidationError' },
    {
      name: 'not found',
      query: 'subscription ($g: String!) { subscribeGroupFeed(groupId: $g) { data } }',
      variables: { g: 'nothing' },
      errorType: 'Unauthorized',
      code: 'not_a_member',
    },
    {
      name: 'other group',
      query: 'subscription ($g: String!) { subscribeGroupFeed(groupId: $g) { data } }',
      variables: { g: encodeId('grp', otherGroupId) },
      errorType: 'Unauthorized',
      code: 'not_a_member',
    },
  ];
  const run = await socket(`Bearer ${token}`, cases);
  assert.equal(run.code, 1000, `closed ${run.code} ${run.reason}`);
  cases.forEach((c, i) => {
    const error = shaped(run.errors.get(String(i + 1)), c.name);
    assert.equal(error.errorType, c.errorType, `${c.name}: ${JSON.stringify(error)}`);
    if (c.code) assert.equal(error.errorInfo?.code, c.code, c.name);
  });
});
