/** GraphQL batches: the webhooks of a batch document are a REST send's; a 1,000-document batch does not block other requests. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { startReceiver } from '../../../test/support/server/webhooks.ts';
import type { ReceivedRequest } from '../../../test/support/server/webhooks.ts';
import { gql, queueBatch, settledTask, START_BATCH } from '../../../test/support/server/graphql-batches.ts';
import { decodeId } from './ids.ts';

const SECRET = 'graphql-batch-webhooks-secret';
const LIMITS = { sandbox: 1_000_000, production: 1_000_000, windowMs: 3_600_000 };

const about = (r: ReceivedRequest, documentId: string) => {
  const data = r.json.data as { document?: string; uuid?: string };
  return (data.document ?? data.uuid) === documentId;
};
const shape = (requests: ReceivedRequest[]) => requests.map((r) => `${r.json.object}.${r.json.event}:${Object.keys(r.json.data).sort().join(',')}`).sort();

test('a batch document fires the same webhooks as the equivalent REST send', async () => {
  const t = await createTestApp({ rateLimits: LIMITS, webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 20, 40], pollIntervalMs: 20 } });
  const certificate = (await call(t.app, undefined, 'GET', '/api/v1/webhook-certificate/')).body;
  const receiver = await startReceiver({ certificatePem: () => certificate, hmacSecret: SECRET });
  try {
    assert.equal((await call(t.app, t.key, 'POST', '/api/v1/subscribe/', { callback_url: receiver.url, hmac_secret: SECRET })).statusCode, 201);
    const templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId })).id;
    const signers = [
      { firstname: 'Ann', lastname: 'Tester1', email: 'ann1@example.com', order: 0 },
      { firstname: 'Bob', lastname: 'Tester1', email: 'bob1@example.com', order: 1 },
    ];
    const rest = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, templateId, { do_email: true, signers }));
    assert.equal(rest.statusCode, 201, rest.body);
    const restId = (rest.json() as { uuid: string }).uuid;

    const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 1);
    const task = await settledTask(t.app, t.key, (await gql(t.app, t.key, START_BATCH, { input: { batchId } })).data!.startBatch as string);
    const batchDocumentId = decodeId('doc', task.report.documents[0])!;

    await receiver.waitFor((all) => all.some((r) => about(r, restId)) && all.some((r) => about(r, batchDocumentId)));
    // Let any further events of either send arrive before comparing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fromRest = receiver.received.filter((r) => about(r, restId));
    const fromBatch = receiver.received.filter((r) => about(r, batchDocumentId));
    assert.ok(fromRest.length > 0);
    assert.deepEqual(shape(fromBatch), shape(fromRest));
    // The same history as a REST send, by the batch's creator.
    const history = (await t.app.store.history.events(batchDocumentId)).map((e) => e.event);
    assert.deepEqual(
      history,
      (await t.app.store.history.events(restId)).map((e) => e.event),
    );
  } finally {
    await receiver.close();
    await t.close();
  }
});

test('a 1,000-document batch: every document sent once, and status requests are answered while it runs', async () => {
  const t = await createTestApp({ rateLimits: LIMITS });
  try {
    const templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId })).id;
    const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 1000);
    const taskId = (await gql(t.app, t.key, START_BATCH, { input: { batchId } })).data!.startBatch as string;
    const restBatchId = decodeId('bat', batchId)!;

    // Requests over real HTTP while the batch runs: each answer notes how far the batch was when it came.
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const seenWhileRunning: number[] = [];
    const until = Date.now() + 120_000;
    for (;;) {
      assert.ok(Date.now() < until, 'the batch did not finish within 2 minutes');
      const status = await fetch(`${origin}/api/v1/status/`, { headers: { authorization: `Bearer ${t.key}` } });
      assert.equal(status.status, 200, await status.text());
      const submitted = (await t.app.store.batches.counts(restBatchId)).submittedCount;
      if (submitted >= 1000) break;
      if (submitted > 0) seenWhileRunning.push(submitted);
    }
    assert.ok(seenWhileRunning.length >= 2, `status answered ${seenWhileRunning.length} times while the batch was under way`);
    const task = await settledTask(t.app, t.key, taskId);
    assert.equal(task.report.status, 'COMPLETED');
    assert.equal(task.report.documents.length, 1000);
    assert.equal(new Set(task.report.documents).size, 1000);
    assert.equal((await t.app.store.documents.list({ groupIds: [t.groupId], limit: 1, offset: 0 })).total, 1000);
  } finally {
    await t.close();
  }
});
