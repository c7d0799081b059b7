import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, createTenant, call, errorOf } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { sendTestDocument, startReceiver } from '../../../test/support/server/webhooks.ts';
import type { Receiver } from '../../../test/support/server/webhooks.ts';
import { emitEvent } from './emit.ts';

const SECRET = 'emit-test-hmac-secret';
const webhooks = { allowPrivateAddresses: true, retrySchedule: [0, 20, 40, 80], pollIntervalMs: 20, timeoutMs: 1000, leaseMs: 2000 };

async function withSetup(run: (t: TestApp, receiver: Receiver) => Promise<void>) {
  const t = await createTestApp({ rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3_600_000 }, webhooks });
  const certificate = (await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/')).body;
  const receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  try {
    await run(t, receiver);
  } finally {
    await receiver.close();
    await t.close();
  }
}

test('sending a document emits document.created once, with the spec payload and tags, signed', async () => {
  await withSetup(async (t, receiver) => {
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, hmac_secret: SECRET })).statusCode, 201);
    const { documentId, recipientId } = await sendTestDocument(t, t.key, t.groupId, 'crm-7');
    await receiver.waitFor((r) => r.length >= 1);
    const [hit] = receiver.received;
    assert.equal(hit.signatureValid, true);
    assert.equal(hit.hmacValid, true);
    assert.deepEqual({ version: hit.json.version, object: hit.json.object, event: hit.json.event }, { version: '1.0.0', object: 'document', event: 'created' });
    const data = hit.json.data as Record<string, unknown> & { recipients: Record<string, unknown>[] };
    assert.equal(data.uuid, documentId);
    assert.deepEqual([data.tag, data.tag1, data.tag2], ['crm-7', 'crm-7-1', 'crm-7-2']);
    assert.equal(data.groupResourceUri, `/api/v1/group/${t.groupId}/`);
    assert.equal(data.status, 10);
    assert.equal(data.statusText, 'available');
    assert.equal(data.recipients[0].uuid, recipientId);
    assert.equal(data.recipients[0].roleText, 'signer');
    assert.equal(data.recipients[0].resourceUri, `/api/v1/signer/${recipientId}/`);
    // "once": emitting document.created again for the same document writes nothing.
    assert.equal(await t.app.store.transaction(() => emitEvent(t.app.store, { object: 'document', event: 'created', documentId })), null);
  });
});

test('group filter with real documents: a registration narrowed to one group sees only that group', async () => {
  await withSetup(async (t, receiver) => {
    const other = await t.app.store.transaction(async () => {
      const group = await t.app.store.groups.create('Second', {}, t.adminId);
      await t.app.store.users.addToGroup(t.adminId, group.id, true);
      return group;
    });
    const narrowed = await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: `${receiver.url}?only=second`, group: other.id });
    assert.equal(narrowed.statusCode, 201, narrowed.body);
    await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: `${receiver.url}?only=all` });
    const outsider = await createTenant(t.app, 'Outsider');
    await call(t.app, outsider.key, 'POST', '/api/v1/subscribe/', { callback_url: `${receiver.url}?only=outsider` });
    const first = await sendTestDocument(t, t.key, t.groupId, 'a');
    const second = await sendTestDocument(t, t.key, other.id, 'b');
    await receiver.waitFor((r) => r.length >= 3);
    // Fan-out happens when the event is written: the outbox holds exactly these three deliveries.
    assert.equal((await t.app.store.webhooks.deliveriesOf({})).length, 3);
    const seen = (only: string) =>
      receiver.received
        .filter((r) => r.url.endsWith(`only=${only}`))
        .map((r) => (r.json.data as { uuid: string }).uuid)
        .sort();
    assert.deepEqual(seen('second'), [second.documentId]);
    assert.deepEqual(seen('all'), [first.documentId, second.documentId].sort());
    assert.deepEqual(seen('outsider'), [], 'a user who is not admin of the groups receives nothing');
  });
});

test('team events need team Admin: a registration gets every group where its owner is admin (now), narrowed by its group filter', async () => {
  await withSetup(async (t, receiver) => {
    const groupB = await t.app.store.transaction(async () => {
      const group = await t.app.store.groups.create('Group B', {}, t.adminId);
      await t.app.store.users.addToGroup(t.adminId, group.id, true);
      return group;
    });
    // Lead: admin of the main group A, plain member of B. Member: plain member of both.
    const setMemberships = async (userId: string, admin: Record<string, boolean>) => {
      for (const groupId of await t.app.store.users.groupIds(userId)) await t.app.store.members.remove((await t.app.store.members.find(userId, groupId))!.id);
      for (const [groupId, isAdmin] of Object.entries(admin)) await t.app.store.users.addToGroup(userId, groupId, isAdmin);
    };
    const lead = await createTenant(t.app, 'Lead');
    await setMemberships(lead.userId, { [t.groupId]: true, [groupB.id]: false });
    const member = await createTenant(t.app, 'Member');
    await setMemberships(member.userId, { [t.groupId]: false, [groupB.id]: false });
    const subscribe = (key: string, tag: string, extra: Record<string, unknown> = {}) =>
      call(t.app, key, 'POST', '/api/v1/subscribe/', { callback_url: `${receiver.url}?who=${tag}`, ...extra });

    assert.equal((await subscribe(t.key, 'owner')).statusCode, 201);
    assert.equal((await subscribe(lead.key, 'lead')).statusCode, 201, 'admin of one group: may register');
    assert.equal((await subscribe(lead.key, 'lead-a', { group: t.groupId })).statusCode, 201);
    const leadB = await subscribe(lead.key, 'lead-b', { group: groupB.id });
    assert.equal(leadB.statusCode, 403, 'a plain member of B cannot narrow to B');
    assert.equal(errorOf(leadB).code, 'group_admin_required');
    for (const group of [undefined, t.groupId, groupB.id]) {
      const refused = await subscribe(member.key, 'member', group ? { group } : {});
      assert.equal(refused.statusCode, 403, `a member who is admin nowhere (group ${group})`);
    }

    const whoGot = (documentId: string) =>
      receiver.received
        .filter((r) => (r.json.data as { uuid: string }).uuid === documentId)
        .map((r) => new URL(r.url, 'http://x').searchParams.get('who'))
        .sort();
    const inA = await sendTestDocument(t, t.key, t.groupId, 'in-a');
    const inB = await sendTestDocument(t, t.key, groupB.id, 'in-b');
    await receiver.waitFor((r) => r.length >= 4);
    assert.deepEqual(whoGot(inA.documentId), ['lead', 'lead-a', 'owner']);
    assert.deepEqual(whoGot(inB.documentId), ['owner'], 'Lead is only a member of B');

    // Admin rights count when the event happens: Lead promoted in B and demoted in A.
    await setMemberships(lead.userId, { [t.groupId]: false, [groupB.id]: true });
    const laterA = await sendTestDocument(t, t.key, t.groupId, 'later-a');
    const laterB = await sendTestDocument(t, t.key, groupB.id, 'later-b');
    await receiver.waitFor((r) => r.length >= 7);
    assert.deepEqual(whoGot(laterA.documentId), ['owner'], 'no longer admin of A: nothing from A');
    assert.deepEqual(whoGot(laterB.documentId), ['lead', 'owner'], 'the unfiltered registration now covers B; lead-a stays narrowed to A');
    assert.equal((await t.app.store.webhooks.deliveriesOf({})).length, 7, 'exactly these deliveries were written');
  });
});

test('dashboard: delivery log with attempts, replay of a logged event, trigger for a real recipient', async () => {
  await withSetup(async (t, receiver) => {
    receiver.respond = (_r, i) => (i === 0 ? 500 : 200);
    const sub = (await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, object: 'recipient' })).json();
    const { documentId, recipientId } = await sendTestDocument(t, t.key, t.groupId, 'x');
    const trigger = await call(t.app, t.key, 'POST', '/api/v1/webhook-events/trigger/', { object: 'recipient', event: 'emailOpened', recipient: recipientId });
    assert.equal(trigger.statusCode, 201, trigger.body);
    await receiver.waitFor((r) => r.length === 2);
    const log = (await call(t.app, t.key, 'GET', `/api/v1/webhook-deliveries/?document=${documentId}`)).json();
    assert.equal(log.meta.total_count, 1, 'document.created is filtered out by object=recipient');
    // The receiver has answered; the worker records the outcome a moment later.
    let detail = (await call(t.app, t.key, 'GET', `/api/v1/webhook-deliveries/${log.objects[0].id}/`)).json();
    for (let i = 0; i < 100 && detail.state !== 'delivered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      detail = (await call(t.app, t.key, 'GET', `/api/v1/webhook-deliveries/${log.objects[0].id}/`)).json();
    }
    assert.equal(detail.state, 'delivered');
    assert.deepEqual(
      detail.attempts_log.map((a: { status: number; outcome: string }) => [a.status, a.outcome]),
      [
        [500, 'retry'],
        [200, 'delivered'],
      ],
    );
    assert.equal(JSON.parse(detail.request_body).id, trigger.json().event_id);
    assert.ok(detail.attempts_log[0].request_headers['X-Signed-SHA256']);
    assert.equal(typeof detail.attempts_log[0].duration_ms, 'number');
    const replay = await call(t.app, t.key, 'POST', `/api/v1/webhook-deliveries/${log.objects[0].id}/replay/`);
    assert.equal(replay.statusCode, 201, replay.body);
    await receiver.waitFor((r) => r.length === 3);
    assert.equal(receiver.received[2].json.id, trigger.json().event_id, 'a replay keeps the event id');
    const outsider = await createTenant(t.app, 'Outsider');
    assert.equal((await call(t.app, outsider.key, 'GET', `/api/v1/webhook-deliveries/${log.objects[0].id}/`)).statusCode, 404);
    const foreign = await call(t.app, outsider.key, 'POST', '/api/v1/webhook-events/trigger/', { object: 'document', event: 'created', document: documentId });
    assert.equal(foreign.statusCode, 404, 'documents of other groups cannot be triggered');
    const filtered = await call(t.app, t.key, 'POST', '/api/v1/webhook-events/trigger/', {
      object: 'document',
      event: 'created',
      document: documentId,
      registration: sub.id,
    });
    assert.equal(filtered.statusCode, 422, 'the registration only takes recipient events');
  });
});
