/**
 * Document.batchId/batchName/batchOrder/taskId and Batch.awaitingActionCount/bouncedCount over HTTP with an
 * API key: a batch's documents know their batch, place and task, a GraphQL send's document its task, a REST
 * document none of them; a list of documents costs one lookup; bounces and cancellations move the counts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../../../test/support/server/app.ts';
import { addTemplate, sendBody } from '../../../test/support/server/documents.ts';
import { documentInput, gql, queueBatch, settledTask, START_BATCH } from '../../../test/support/server/graphql-batches.ts';
import { BOUNCE, reportBounce } from '../email/bounces.ts';
import { decodeId, encodeId } from './ids.ts';

const SENDING = 'batchId batchName batchOrder taskId';

let t: TestApp;
let templateId: string;

before(async () => {
  t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 } });
  templateId = (await addTemplate(t.app, { groupId: t.groupId, userId: t.adminId, title: 'NDA' })).id;
});
after(async () => t.close());

/** Counts the store lookups the Document loaders make while `work` runs. */
async function countLookups(work: () => Promise<void>): Promise<number[]> {
  const batches = t.app.store.batches;
  const original = batches.sendingsOf.bind(batches);
  const sizes: number[] = [];
  batches.sendingsOf = (ids) => {
    sizes.push(ids.length);
    return original(ids);
  };
  try {
    await work();
  } finally {
    batches.sendingsOf = original;
  }
  return sizes;
}

async function sentBatch(count: number): Promise<{ batchId: string; taskId: string; documents: string[] }> {
  const batchId = await queueBatch(t.app, t.key, t.groupId, templateId, count);
  const taskId = (await gql(t.app, t.key, START_BATCH, { input: { batchId } })).data!.startBatch as string;
  const task = await settledTask(t.app, t.key, taskId);
  assert.equal(task.report.documents.length, count);
  return { batchId, taskId, documents: task.report.documents };
}

test("a batch's documents name their batch, sendOrder and task; the list costs one lookup", async () => {
  const { batchId, taskId, documents } = await sentBatch(3);
  // Twice: the second run is graphql-jit's compiled query (jit: 1), which must batch the same way.
  for (let run = 0; run < 2; run++) {
    let answer: Awaited<ReturnType<typeof gql>> | undefined;
    const lookups = await countLookups(async () => {
      answer = await gql(t.app, t.key, `query ($id: ID) { batch(id: $id) { documentConnection(first: 10) { documents { id ${SENDING} } } } }`, { id: batchId });
    });
    assert.equal(answer!.errors, undefined, JSON.stringify(answer));
    const listed = (answer!.data!.batch as { documentConnection: { documents: Record<string, unknown>[] } }).documentConnection.documents;
    assert.deepEqual(
      listed,
      documents.map((id, i) => ({ id, batchId, batchName: 'Renewals', batchOrder: i + 1, taskId })),
    );
    // Four fields of three documents: one store call for all of them.
    assert.deepEqual(lookups, [3]);
  }

  // The same through document(id), with the REST UUID.
  const one = await gql(t.app, t.key, `query ($id: ID) { document(id: $id) { ${SENDING} } }`, { id: decodeId('doc', documents[1]!) });
  assert.deepEqual(one.data!.document, { batchId, batchName: 'Renewals', batchOrder: 2, taskId });
  // The task the field names is the one that answers task(id).
  const task = await gql(t.app, t.key, 'query ($id: ID) { task(id: $id) { report { batchId documents } } }', { id: taskId });
  assert.deepEqual(task.data!.task, { report: { batchId, documents } });
});

test("a GraphQL send's document names its task and no batch; a REST document none of them", async () => {
  const sent = await gql(t.app, t.key, 'mutation ($input: DocumentSendSettingsInput!) { send(input: $input) }', {
    input: documentInput(t.groupId, templateId, 41),
  });
  const taskId = sent.data!.send as string;
  const viaGraphql = encodeId('doc', decodeId('tsk', taskId)!);
  const rest = await call(t.app, t.key, 'POST', '/api/v1/document/', sendBody(t.groupId, templateId));
  assert.equal(rest.statusCode, 201, rest.body);
  const viaRest = encodeId('doc', (rest.json() as { uuid: string }).uuid);

  const answer = await gql(t.app, t.key, `query ($a: ID, $b: ID) { a: document(id: $a) { id ${SENDING} } b: document(id: $b) { id ${SENDING} } }`, {
    a: viaGraphql,
    b: viaRest,
  });
  assert.deepEqual(answer.data, {
    a: { id: viaGraphql, batchId: null, batchName: null, batchOrder: null, taskId },
    b: { id: viaRest, batchId: null, batchName: null, batchOrder: null, taskId: null },
  });
});

test('awaitingActionCount and bouncedCount follow the documents: a bounce counts its recipient once, a cancelled document no longer awaits', async () => {
  const { batchId, documents } = await sentBatch(3);
  const COUNTS = 'query ($id: ID) { batch(id: $id) { inProgressCount awaitingActionCount bouncedCount } }';
  assert.deepEqual((await gql(t.app, t.key, COUNTS, { id: batchId })).data!.batch, { inProgressCount: 3, awaitingActionCount: 3, bouncedCount: 0 });

  // Bounces as the mail transport reports them (email/bounces.ts: history entry + recipient.bounced webhook).
  const invitations = async (n: number) =>
    (await t.app.store.history.emails({ documentId: decodeId('doc', documents[n]!)! })).filter((e) => e.recipientId && e.kind === 'invitation');
  // Recipients are invited in order: each document's first recipient has an invitation.
  const ann = (await invitations(0))[0];
  assert.ok(ann, 'the first document invited its first recipient');
  assert.equal(await reportBounce(t.app.store, ann, BOUNCE.soft, 'soft bounce: mailbox full'), true);
  assert.equal(await reportBounce(t.app.store, ann, BOUNCE.hard, 'hard bounce: no such user'), true);
  assert.equal(await reportBounce(t.app.store, (await invitations(2))[0]!, BOUNCE.hard, 'hard bounce: no such user'), true);
  assert.deepEqual((await gql(t.app, t.key, COUNTS, { id: batchId })).data!.batch, { inProgressCount: 3, awaitingActionCount: 3, bouncedCount: 2 });

  const cancelled = await gql(t.app, t.key, 'mutation ($input: CancelDocumentInput!) { cancelDocument(input: $input) }', {
    input: { documentId: documents[1] },
  });
  assert.equal(cancelled.errors, undefined, JSON.stringify(cancelled));
  assert.deepEqual((await gql(t.app, t.key, COUNTS, { id: batchId })).data!.batch, { inProgressCount: 2, awaitingActionCount: 2, bouncedCount: 2 });
});
