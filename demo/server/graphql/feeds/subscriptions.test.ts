/**
 * The user and group feeds over a real WebSocket with the `graphql-ws` client (graphql-transport-ws):
 * REST and GraphQL sends reach the group feed, uploads reach their user's feed, API keys and other
 * groups are refused, and the protocol's close codes hold.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { call, createTestApp, type TestApp } from '../../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../../test/support/server/documents.ts';
import { gqlFetch } from '../../../../test/support/server/graphql.ts';
import { createSignInUser, srpAccessToken } from '../../../../test/support/server/sign-in.ts';
import { encodeId } from '../ids.ts';

const EMAIL = 'feeds@example.com';
const PASSWORD = 'a long passphrase for feeds';
const PNG = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../test/fixtures/convert/ft-fixture.png'));

let t: TestApp;
let address: string;
let wsUrl: string;
let token: string;
let userKey: string;
let userId: string;
let templateId: string;

interface Envelope {
  version: string;
  eventId: string;
  level: string;
  event: string;
  category: string;
  groupId: string | null;
  userId: string | null;
  error: string | null;
  data: Record<string, unknown>;
}

before(async () => {
  process.env.ESIGN_SIGN_IN_PER_MINUTE = '1000';
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/graphql`;
  await createSignInUser(t, EMAIL, PASSWORD);
  const user = (await t.app.store.users.findByEmail(EMAIL))!;
  userId = user.id;
  await t.app.store.users.addToGroup(user.id, t.groupId, false);
  userKey = (await t.app.store.apiKeys.create(user.id, 'sandbox', false)).key;
  token = await srpAccessToken(t, address, EMAIL, PASSWORD);
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'Feed NDA' })).id;
});
/** Clients a failed test may leave open. */
const openClients: Array<() => unknown> = [];
after(async () => {
  for (const dispose of openClients) await dispose();
  await t.close();
});

function client(authorization: string | undefined): Client {
  return createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: authorization === undefined ? {} : { Authorization: authorization },
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and collects `data` envelopes until `until` holds; resolves with them (or the error). */
function collect(c: Client, query: string, variables: Record<string, unknown>, until: (events: Envelope[]) => boolean) {
  const events: Envelope[] = [];
  const raw: unknown[] = [];
  let unsubscribe = () => {};
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = new Promise<{ events: Envelope[]; raw: unknown[]; error?: unknown }>((resolve) => {
    unsubscribe = c.subscribe(
      { query, variables },
      {
        next: (value) => {
          raw.push(value);
          const field = value.data ? (Object.values(value.data)[0] as { data: string } | null) : null;
          if (field?.data) events.push(JSON.parse(field.data) as Envelope);
          if (value.errors || until(events)) resolve({ events, raw, error: value.errors });
        },
        error: (error) => resolve({ events, raw, error }),
        complete: () => resolve({ events, raw }),
      },
    );
  });
  // The server subscribes once it has the subscribe message; one round trip later it is listening.
  c.on('connected', () => setTimeout(ready, 150));
  return { done, subscribed, stop: () => unsubscribe() };
}

const GROUP_FEED = 'subscription ($groupId: String!) { subscribeGroupFeed(groupId: $groupId) { groupId data } }';
const USER_FEED = 'subscription { subscribeUserFeed { userId data } }';

test('a REST send and a GraphQL send both reach the group feed with the hosted envelope', async () => {
  const c = client(`Bearer ${token}`);
  const feed = collect(c, GROUP_FEED, { groupId: encodeId('grp', t.groupId) }, (events) => events.filter((e) => e.event === 'documentCreated').length >= 2);
  openClients.push(() => c.dispose());
  await feed.subscribed;
  const rest = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, templateId, { name: 'Feed via REST' }));
  assert.equal(rest.statusCode, 201, rest.body);
  const sent = await gqlFetch(address, `Bearer ${t.key}`, 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', {
    input: {
      groupId: encodeId('grp', t.groupId),
      templateId: encodeId('tpl', templateId),
      title: 'Feed via GraphQL',
      recipients: [
        { firstName: 'Ann', lastName: 'Feed', email: 'ann.feed@example.com', order: 0 },
        { firstName: 'Bob', lastName: 'Feed', email: 'bob.feed@example.com', order: 1 },
      ],
    },
  });
  assert.equal(sent.errors, undefined, JSON.stringify(sent));
  const { events, raw, error } = await feed.done;
  feed.stop();
  await c.dispose();
  assert.equal(error, undefined, JSON.stringify(error));
  const created = events.filter((e) => e.event === 'documentCreated');
  assert.deepEqual(created.map((e) => e.data.documentName).sort(), ['Feed via GraphQL', 'Feed via REST']);
  for (const e of created) {
    assert.equal(e.version, '1.0');
    assert.equal(e.category, 'documentLifecycle');
    assert.equal(e.level, 'INFO');
    assert.equal(e.groupId, `grp${t.groupId}`);
    assert.match(e.eventId, /^evt[0-9a-f-]{36}$/);
    assert.match(String(e.data.id), /^doc[0-9a-f-]{36}$/);
  }
  assert.equal((raw[0] as { data: { subscribeGroupFeed: { groupId: string } } }).data.subscribeGroupFeed.groupId, encodeId('grp', t.groupId));
});

test("an upload's progress arrives on its user's feed: received, converted, completed with the template; a refused file: failed with the reason", async () => {
  const c = client(`Bearer ${token}`);
  const feed = collect(c, USER_FEED, {}, (events) => events.some((e) => e.event === 'uploadFailed'));
  await feed.subscribed;
  for (const body of [PNG, Buffer.from('\u0000\u0001 not a document at all \u0002')]) {
    const minted = await call(t.app, userKey, 'POST', '/api/v1/uploads/', { group: `/api/v1/group/${t.groupId}/`, title: 'Fed' });
    assert.equal(minted.statusCode, 201, minted.body);
    const url = new URL((minted.json() as { upload_url: string }).upload_url);
    await t.app.inject({ method: 'PUT', url: url.pathname, payload: body, headers: { 'content-type': 'application/octet-stream' } });
  }
  const { events, raw, error } = await feed.done;
  feed.stop();
  await c.dispose();
  assert.equal(error, undefined, JSON.stringify(error));
  assert.deepEqual(
    events.map((e) => e.event),
    ['uploadReceived', 'uploadConverted', 'uploadCompleted', 'uploadReceived', 'uploadFailed'],
  );
  const completed = events[2]!;
  assert.equal(completed.category, 'upload');
  assert.equal(completed.userId, `usr${userId}`);
  assert.equal(completed.data.code, 'UPLOADOK');
  assert.match(String(completed.data.templateId), /^tpl[0-9a-f-]{36}$/);
  const failed = events[4]!;
  assert.equal(failed.level, 'ERROR');
  assert.match(failed.error!, /\S/);
  assert.match(String(failed.data.code), /convert_/);
  assert.equal((raw[0] as { data: { subscribeUserFeed: { userId: string } } }).data.subscribeUserFeed.userId, encodeId('usr', userId));
});

test("another group's feed and an API key are refused with an error naming the field; bad credentials close with 4403", async () => {
  const other = await t.app.store.groups.create('Elsewhere', {}, null);
  const member = client(`Bearer ${token}`);
  const foreign = await collect(member, GROUP_FEED, { groupId: other.id }, () => true).done;
  await member.dispose();
  assert.match(JSON.stringify(foreign.error), /Not Authorized to subscribe to the feed of group/);

  const keyed = client(`Bearer ${userKey}`);
  const refused = await collect(keyed, USER_FEED, {}, () => true).done;
  await keyed.dispose();
  assert.match(JSON.stringify(refused.error), /Not Authorized to access subscribeUserFeed on type Subscription/);

  for (const authorization of [undefined, 'Bearer not-a-token', 'Bearer ak_sandbox_nope.nope']) {
    const c = client(authorization);
    const closed = await collect(c, USER_FEED, {}, () => true).done;
    await c.dispose();
    assert.equal((closed.error as { code?: number }).code, 4403, `${authorization}: ${JSON.stringify(closed.error)}`);
  }
});

/** A raw protocol connection: the messages we send and the close code we get. */
function raw(messages: unknown[], waitMs = 500): Promise<{ code: number; received: unknown[] }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
    const received: unknown[] = [];
    socket.on('open', async () => {
      for (const m of messages) {
        socket.send(typeof m === 'string' ? m : JSON.stringify(m));
        await new Promise((r) => setTimeout(r, 50));
      }
      setTimeout(() => socket.close(1000), waitMs);
    });
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    socket.on('close', (code) => resolve({ code, received }));
  });
}

test('the protocol close codes: 4401 subscribe before ack, 4409 duplicate id, 4429 repeated init, 4400 a bad message, 4408 no init', async () => {
  const init = { type: 'connection_init', payload: { Authorization: `Bearer ${token}` } };
  const subscribe = { id: '1', type: 'subscribe', payload: { query: USER_FEED } };
  assert.equal((await raw([subscribe])).code, 4401);
  assert.equal((await raw([init, subscribe, subscribe])).code, 4409);
  assert.equal((await raw([init, init])).code, 4429);
  assert.equal((await raw(['{not json'])).code, 4400);
  assert.equal((await raw([], 3_500)).code, 4408);
  const ok = await raw([init], 200);
  assert.equal(ok.code, 1000);
  assert.deepEqual(ok.received, [{ type: 'connection_ack' }]);
});

test('a query too deep is refused at subscribe time, and the server keeps serving', async () => {
  const c = client(`Bearer ${token}`);
  const deep = `subscription { subscribeUserFeed { userId data ${'__typename '.repeat(2)} } } query Q { recipient(id: "x") { ${'document { recipients { '.repeat(5)}id${' } }'.repeat(5)} } }`;
  const answer = await collect(c, deep, {}, () => true).done;
  await c.dispose();
  assert.ok(answer.error, 'refused');
  assert.equal((await call(t.app, t.key, 'GET', `/api/v1/group/${t.groupId}/`)).statusCode, 200);
});

test("a batch's documents and its task's end reach the group feed, with the batch named", async () => {
  const { queueBatch, START_BATCH, gql } = await import('../../../../test/support/server/graphql-batches.ts');
  const c = client(`Bearer ${token}`);
  openClients.push(() => c.dispose());
  const feed = collect(c, GROUP_FEED, { groupId: t.groupId }, (events) => events.some((e) => e.event === 'taskCompleted'));
  await feed.subscribed;
  const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 2);
  const started = await gql(t.app, t.key, START_BATCH, { input: { batchId } });
  assert.equal(started.errors, undefined, JSON.stringify(started));
  const { events, error } = await feed.done;
  feed.stop();
  assert.equal(error, undefined, JSON.stringify(error));
  const created = events.filter((e) => e.event === 'documentCreated').map((e) => e.data.documentName);
  assert.deepEqual(created.sort(), ['Agreement 1', 'Agreement 2']);
  const done = events.find((e) => e.event === 'taskCompleted')!;
  assert.equal(done.category, 'task');
  assert.equal((done as unknown as { batchId: string }).batchId, done.data.batchId);
  assert.equal(done.data.submitted, 2);
  assert.equal(done.data.failed, 0);
});
