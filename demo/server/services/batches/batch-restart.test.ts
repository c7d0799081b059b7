/**
 * The real server process: a batch is under way when the server is killed with SIGKILL; restarted on the
 * same data directory it resumes the batch, and every queued document is sent exactly once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from '../../../../test/support/generate-pdf.ts';
import { api, createProductionKey, startServer, uploadTemplate } from '../../../../test/support/server/server-process.ts';
import type { ServerProcess } from '../../../../test/support/server/server-process.ts';
import { documentInput, SEND_BATCH, SEND_BATCH_DOCUMENT, START_BATCH, TASK } from '../../../../test/support/server/graphql-batches.ts';
import type { TaskAnswer } from '../../../../test/support/server/graphql-batches.ts';
import { encodeId } from '../../graphql/ids.ts';

const COUNT = 150;

async function gql(server: ServerProcess, key: string, query: string, variables: Record<string, unknown>) {
  const answer = await api(server.baseUrl, key, 'POST', '/graphql', { query, variables });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  assert.equal(answer.json.errors, undefined, JSON.stringify(answer.json.errors));
  return answer.json.data as Record<string, unknown>;
}

test('a batch killed mid-way resumes after a restart without sending any document twice', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'esign-batch-restart-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dir);
    const key = createProductionKey(dir);
    const groupId = server.groupId!;
    const templateId = await uploadTemplate(server.baseUrl, key, groupId, await generatePdf({ pages: 1 }));
    const batchId = (await gql(server, key, SEND_BATCH, { input: { groupId: encodeId('grp', groupId), batchName: 'Restart' } })).sendBatch as string;
    for (let n = 1; n <= COUNT; n++) {
      await gql(server, key, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: n, document: documentInput(groupId, templateId, n) } });
    }
    const taskId = (await gql(server, key, START_BATCH, { input: { batchId } })).startBatch as string;

    // Kill once some, not all, documents are sent.
    const submitted = async (s: ServerProcess) =>
      ((await gql(s, key, 'query ($id: ID) { batch(id: $id) { submittedCount } }', { id: batchId })).batch as { submittedCount: number }).submittedCount;
    let before = 0;
    while (before === 0) before = await submitted(server);
    await server.kill('SIGKILL');
    assert.ok(before < COUNT, `the kill came mid-batch (${before} of ${COUNT} sent)`);

    server = await startServer(dir);
    let task: TaskAnswer;
    for (;;) {
      task = (await gql(server, key, TASK, { id: taskId })).task as TaskAnswer;
      if (task.report.status === 'COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(task.report.errors, []);
    assert.equal(task.report.documents.length, COUNT);
    assert.equal(new Set(task.report.documents).size, COUNT);
    // Exactly COUNT documents exist in the group: no row was sent twice across the kill.
    const list = await api(server.baseUrl, key, 'GET', '/api/v1/document/?limit=1');
    assert.equal(list.json.meta.total_count, COUNT);
  } finally {
    await server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});
