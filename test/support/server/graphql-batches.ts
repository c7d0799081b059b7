/** GraphQL batch calls for tests: each answers the parsed AppSync body (data, errors). */
import type { FastifyInstance } from 'fastify';
import { encodeId } from '../../../demo/server/graphql/ids.ts';

export interface GqlAnswer {
  data: Record<string, unknown> | null;
  errors?: { message: string; errorType: string; errorInfo: Record<string, unknown> | null }[];
}

export async function gql(app: FastifyInstance, key: string, query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  });
  if (response.statusCode !== 200) throw new Error(`GraphQL answered ${response.statusCode}: ${response.body}`);
  return response.json() as GqlAnswer;
}

/** A document input for sendBatchDocument / send. */
export function documentInput(groupId: string, templateId: string, n: number) {
  return {
    groupId: encodeId('grp', groupId),
    templateId: encodeId('tpl', templateId),
    title: `Agreement ${n}`,
    recipients: [
      { firstName: 'Ann', lastName: `Tester${n}`, email: `ann${n}@example.com`, order: 0 },
      { firstName: 'Bob', lastName: `Tester${n}`, email: `bob${n}@example.com`, order: 1 },
    ],
  };
}

export const SEND_BATCH = 'mutation ($input: SendBatchInput!) { sendBatch(input: $input) }';
export const SEND_BATCH_DOCUMENT = 'mutation ($input: SendBatchDocumentInput!) { sendBatchDocument(input: $input) }';
export const START_BATCH = 'mutation ($input: StartBatchInput!) { startBatch(input: $input) }';
export const TASK = 'query ($id: ID) { task(id: $id) { data report { status batchId documents errors } id status } }';

export interface TaskAnswer {
  data: string;
  report: { status: string; batchId: string | null; documents: string[]; errors: string[] };
  id: string;
  status: string;
}

/** Creates a batch and queues `count` documents (sendOrder 1..count); answers the batch ID. */
export async function queueBatch(app: FastifyInstance, key: string, groupId: string, templateId: string, count: number): Promise<string> {
  const created = await gql(app, key, SEND_BATCH, { input: { groupId: encodeId('grp', groupId), batchName: 'Renewals' } });
  const batchId = created.data?.sendBatch as string;
  if (!batchId) throw new Error(JSON.stringify(created));
  for (let n = 1; n <= count; n++) {
    const queued = await gql(app, key, SEND_BATCH_DOCUMENT, { input: { batchId, sendOrder: n, document: documentInput(groupId, templateId, n) } });
    if (queued.errors) throw new Error(JSON.stringify(queued.errors));
  }
  return batchId;
}

/** Polls task(id) until it is COMPLETED or FAILED. */
/** Polls task(id) every `pollMs` until the task is COMPLETED or FAILED. */
export async function settledTask(app: FastifyInstance, key: string, taskId: string, timeoutMs = 60_000, pollMs = 20): Promise<TaskAnswer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await gql(app, key, TASK, { id: taskId });
    const task = answer.data?.task as TaskAnswer | null;
    if (!task) throw new Error(JSON.stringify(answer));
    if (task.report.status === 'COMPLETED' || task.report.status === 'FAILED') return task;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${task.report.status}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
