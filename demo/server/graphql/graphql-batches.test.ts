/** GraphQL batches over HTTP with an API key: sendBatch → sendBatchDocument → startBatch, task and batch progress. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTenant, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate } from '../../../test/support/server/documents.ts';
import { documentInput, gql, queueBatch, settledTask, SEND_BATCH, SEND_BATCH_DOCUMENT, START_BATCH } from '../../../test/support/server/graphql-batches.ts';
import { decodeId, encodeId } from './ids.ts';

let t: TestApp;
let templateId: string;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'NDA' })).id;
});
after(async () => t.close());

test('a batch sends every document in sendOrder; the task reports their IDs; batch(id) shows the progress', async () => {
  const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 3);
  const queued = await gql(t.app, t.key, 'query ($id: ID) { batch(id: $id) { id name status documentCount submittedCount progress } }', { id: batchId });
  assert.deepEqual(queued.data!.batch, { id: batchId, name: 'Renewals', status: 'CREATING', documentCount: 3, submittedCount: 0, progress: 0 });

  const started = await gql(t.app, t.key, START_BATCH, { input: { batchId } });
  const taskId = started.data!.startBatch as string;
  assert.ok(decodeId('tsk', taskId), JSON.stringify(started));
  const task = await settledTask(t.app, t.key, taskId);
  assert.equal(task.report.status, 'COMPLETED');
  assert.equal(task.status, 'COMPLETE');
  assert.equal(task.report.batchId, batchId);
  assert.deepEqual(task.report.errors, []);
  assert.equal(task.report.documents.length, 3);
  const data = JSON.parse(task.data) as { id: string; status: string; expires: string; created: string };
  assert.equal(data.id, taskId);
  assert.equal(data.status, 'COMPLETED');
  assert.equal(Date.parse(data.expires) - Date.parse(data.created), 90 * 86_400_000);

  // Each document exists over REST, in sendOrder, with the recipients its input named.
  const names = [];
  for (const id of task.report.documents) {
    const rest = await call(t.app, t.key, 'GET', `/api/v1/document/${decodeId('doc', id)}/`);
    assert.equal(rest.statusCode, 200, rest.body);
    names.push((rest.json() as { name: string }).name);
  }
  assert.deepEqual(names, ['Agreement 1', 'Agreement 2', 'Agreement 3']);

  const batch = await gql(
    t.app,
    t.key,
    'query ($id: ID) { batch(id: $id) { status progress documentCount submittedCount inProgressCount completedCount documentConnection(first: 2) { totalCount nextCursor documents { id name } } } }',
    { id: batchId },
  );
  const view = batch.data!.batch as Record<string, unknown> & { documentConnection: { totalCount: number; nextCursor: string; documents: { id: string }[] } };
  assert.equal(view.status, 'COMPLETE');
  assert.equal(view.progress, 100);
  assert.equal(view.submittedCount, 3);
  assert.equal(view.inProgressCount, 3);
  assert.equal(view.documentConnection.totalCount, 3);
  assert.deepEqual(
    view.documentConnection.documents.map((d) => d.id),
    task.report.documents.slice(0, 2),
  );
  const next = await gql(
    t.app,
    t.key,
    'query ($id: ID, $after: String) { batch(id: $id) { documentConnection(first: 2, after: $after) { nextCursor documents { id } } } }',
    {
      id: batchId,
      after: view.documentConnection.nextCursor,
    },
  );
  assert.deepEqual(next.data!.batch, { documentConnection: { nextCursor: null, documents: [{ id: task.report.documents[2] }] } });
});

test('sendBatchDocument validates the document as send does: every problem, nothing queued', async () => {
  const batchId = (await gql(t.app, t.key, SEND_BATCH, { input: { groupId: encodeId('grp', t.groupId), batchName: 'Bad' } })).data!.sendBatch as string;
  const input = { ...documentInput(t.groupId, templateId, 1), title: '', recipients: [{ firstName: 'Ann', lastName: 'T', email: 'not an email', order: 0 }] };
  const answer = await gql(t.app, t.key, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: 1, document: input } });
  assert.deepEqual(answer.data, { sendBatchDocument: null });
  const error = answer.errors![0]!;
  assert.equal(error.errorType, 'ValidationError');
  // The same problems a send reports for the same input.
  const sent = await gql(t.app, t.key, 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', { input });
  assert.deepEqual(error.errorInfo!.problems, sent.errors![0]!.errorInfo!.problems);
  assert.ok((error.errorInfo!.problems as unknown[]).length >= 2);
  const batch = await gql(t.app, t.key, 'query ($id: ID) { batch(id: $id) { documentCount } }', { id: batchId });
  assert.deepEqual(batch.data!.batch, { documentCount: 0 });
  // A sendOrder used twice, and a batch with no documents cannot start.
  const empty = await gql(t.app, t.key, START_BATCH, { input: { batchId } });
  assert.equal(empty.errors![0]!.errorType, 'ValidationError');
});

test("another group's batch is NotFound; a batch in another group's name is refused", async () => {
  const other = await createTenant(t.app, 'Mallory');
  const otherTemplate = (await addTemplate(t.app, { groupId: other.groupId, userId: other.userId })).id;
  const theirs = await queueBatch(t.app, other.key, other.groupId, otherTemplate, 1);
  for (const [query, variables] of [
    ['query ($id: ID) { batch(id: $id) { id } }', { id: theirs }],
    [START_BATCH, { input: { batchId: theirs } }],
    [SEND_BATCH_DOCUMENT, { input: { batchId: theirs, sendOrder: 2, document: documentInput(t.groupId, templateId, 2) } }],
  ] as const) {
    const answer = await gql(t.app, t.key, query, variables);
    assert.equal(answer.errors?.[0]?.errorType, 'NotFound', JSON.stringify(answer));
  }
  const foreign = await gql(t.app, t.key, SEND_BATCH, { input: { groupId: encodeId('grp', other.groupId), batchName: 'Theirs' } });
  assert.equal(foreign.errors?.[0]?.errorType, 'ValidationError');
  // A document of another group than the batch's is refused when queued.
  const mine = (await gql(t.app, t.key, SEND_BATCH, { input: { groupId: encodeId('grp', t.groupId), batchName: 'Mine' } })).data!.sendBatch as string;
  const mixed = await gql(t.app, other.key, SEND_BATCH_DOCUMENT, {
    input: { batchId: mine, sendOrder: 1, document: documentInput(other.groupId, otherTemplate, 1) },
  });
  assert.equal(mixed.errors?.[0]?.errorType, 'NotFound');
});

test('startBatch twice: the second is a Conflict and nothing is sent twice', async () => {
  const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 2);
  const first = await gql(t.app, t.key, START_BATCH, { input: { batchId } });
  const second = await gql(t.app, t.key, START_BATCH, { input: { batchId } });
  assert.equal(second.errors?.[0]?.errorType, 'Conflict', JSON.stringify(second));
  const task = await settledTask(t.app, t.key, first.data!.startBatch as string);
  assert.equal(task.report.documents.length, 2);
  const late = await gql(t.app, t.key, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: 9, document: documentInput(t.groupId, templateId, 9) } });
  assert.equal(late.errors?.[0]?.errorType, 'Conflict');
});

test('a document whose template is archived meanwhile fails alone: the batch completes with one error', async () => {
  const doomed = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'Doomed' })).id;
  const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, 2);
  const failing = await gql(t.app, t.key, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: 3, document: documentInput(t.groupId, doomed, 3) } });
  assert.equal(failing.errors, undefined);
  await t.app.store.templates.update(doomed, { archived: true });
  const task = await settledTask(t.app, t.key, (await gql(t.app, t.key, START_BATCH, { input: { batchId } })).data!.startBatch as string);
  assert.equal(task.report.status, 'COMPLETED');
  assert.equal(task.report.documents.length, 2);
  assert.equal(task.report.errors.length, 1);
  const error = JSON.parse(task.report.errors[0]!) as { sendOrder: number; message: string };
  assert.equal(error.sendOrder, 3);
  assert.match(error.message, /archived/);
  const batch = await gql(t.app, t.key, 'query ($id: ID) { batch(id: $id) { status submittedCount failedCount progress } }', { id: batchId });
  assert.deepEqual(batch.data!.batch, { status: 'COMPLETE', submittedCount: 2, failedCount: 1, progress: 100 });
  // The processor's progress (rowCounts, its rows alone) agrees with the full counts.
  const restBatchId = decodeId('bat', batchId)!;
  const counts = await t.app.store.batches.counts(restBatchId);
  assert.deepEqual(await t.app.store.batches.rowCounts(restBatchId), { total: 3, submitted: counts.submittedCount, failed: counts.failedCount });
  const stored = (await t.app.store.tasks.get(decodeId('tsk', task.id)!))!;
  assert.deepEqual([stored.done, stored.failed], [2, 1]);
});

test('send answers a stored task in both shapes', async () => {
  const sent = await gql(t.app, t.key, 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', {
    input: documentInput(t.groupId, templateId, 7),
  });
  const taskId = sent.data!.send as string;
  assert.ok(await t.app.store.tasks.get(decodeId('tsk', taskId)!), 'the task is a stored record');
  const task = await settledTask(t.app, t.key, taskId, 1000);
  assert.equal(task.status, 'COMPLETE');
  assert.equal(task.report.batchId, null);
  assert.equal(task.report.documents.length, 1);
});

test('a batch task is claimed for the configured lease (ESIGN_BATCH_LEASE_MS in serve)', async () => {
  const own = await createTestApp({ batches: { leaseMs: 2345 }, rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  try {
    const template = (await addTemplate(own.app, { groupId: own.groupId, userId: own.adminId, title: 'Lease' })).id;
    const { tasks } = own.app.store;
    const claim = tasks.claim.bind(tasks);
    const leases: number[] = [];
    tasks.claim = async (id, owner, leaseMs, ...rest) => {
      leases.push(leaseMs);
      return await claim(id, owner, leaseMs, ...rest);
    };
    const batchId = await queueBatch(own.app, own.key, own.groupId, template, 1);
    const taskId = (await gql(own.app, own.key, START_BATCH, { input: { batchId } })).data!.startBatch as string;
    assert.equal((await settledTask(own.app, own.key, taskId)).report.status, 'COMPLETED');
    tasks.claim = claim;
    assert.ok(leases.length > 0, 'the batch was claimed');
    assert.deepEqual([...new Set(leases)], [2345]);
  } finally {
    await own.close();
  }
});

test('a batch the poller claims while startBatch is claiming it is sent at once, not after its lease lapses', async () => {
  const own = await createTestApp({ batches: { pollIntervalMs: 10 }, rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  try {
    const template = (await addTemplate(own.app, { groupId: own.groupId, userId: own.adminId, title: 'Race' })).id;
    // startBatch's own claim comes late: the poller takes the task first (it used to leave it to the run
    // that had asked, whose claim then failed; nobody sent the batch for the lease's 60 s).
    const { tasks } = own.app.store;
    const claim = tasks.claim.bind(tasks);
    tasks.claim = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return await claim(...args);
    };
    const batchId = await queueBatch(own.app, own.key, own.groupId, template, 2);
    const taskId = (await gql(own.app, own.key, START_BATCH, { input: { batchId } })).data!.startBatch as string;
    const task = await settledTask(own.app, own.key, taskId, 10_000);
    tasks.claim = claim;
    assert.equal(task.report.status, 'COMPLETED');
    assert.equal(task.report.documents.length, 2);
  } finally {
    await own.close();
  }
});
