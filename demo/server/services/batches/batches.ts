/**
 * Batches: many documents sent as one operation (GraphQL sendBatch → sendBatchDocument… → startBatch).
 * Each queued document is validated when it is added by the send's own checks (checkSend), and sent
 * later by the same sendDocument as REST (services/batches/processor.ts), so events, webhooks and
 * emails are a REST send's.
 */
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { BatchRecord } from '../../store/batches.ts';
import type { TaskRecord } from '../../store/tasks.ts';
import { conflict, invalidInput, notFound } from '../../domain/errors.ts';
import { checkSend } from '../documents/send.ts';
import type { SendCaller, SendOptions } from '../documents/send.ts';

/** A batch holds at most this many documents (a send's own limits apply to each). */
export const MAX_BATCH_DOCUMENTS = 10_000;

const problem = (field: string, message: string) => invalidInput(`${field}: ${message}`, [{ field, message }]);

export async function createBatch(store: Store, caller: SendCaller, input: { groupId: string; name: unknown }): Promise<BatchRecord> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const problems = [];
  if (!name) problems.push({ field: 'batchName', message: 'batchName: give the batch a name.' });
  else if (name.length > 1028) problems.push({ field: 'batchName', message: 'batchName: at most 1028 characters.' });
  const group = await store.groups.find(input.groupId);
  if (!group || !caller.groupIds.includes(group.id))
    problems.push({ field: 'groupId', message: `groupId: group '${input.groupId}' not found, or your API key cannot see it.` });
  if (problems.length) throw invalidInput(`The batch cannot be created: ${problems.map((p) => p.message).join(' ')}`, problems);
  return await store.batches.create({ id: crypto.randomUUID(), groupId: group!.id, userId: caller.userId, name, actor: caller.actor });
}

/** The batch when the caller may see it (its group is one of theirs). */
export async function visibleBatch(store: Store, caller: { groupIds: readonly string[] }, batchId: string): Promise<BatchRecord> {
  const batch = await store.batches.get(batchId);
  if (!batch || !caller.groupIds.includes(batch.groupId)) throw notFound('batch', batchId);
  return batch;
}

/**
 * Queues one document: checked now exactly as a send would be (every problem reported), so startBatch
 * only meets problems that arise later (a template deleted meanwhile). Answers the queued row's id.
 */
export async function addBatchDocument(
  store: Store,
  caller: SendCaller,
  input: { batchId: string; sendOrder: unknown; body: Record<string, unknown> },
  options: SendOptions = {},
): Promise<string> {
  const batch = await visibleBatch(store, caller, input.batchId);
  if (batch.status !== 'CREATING') throw conflict(`Batch '${batch.id}' has been started; documents are added before startBatch.`, 'batch_started');
  const order = input.sendOrder;
  if (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > 1_000_000) throw problem('sendOrder', 'a whole number from 0 to 1000000');
  if (input.body.group !== batch.groupId) throw problem('document.groupId', "the document's group must be the batch's group");
  await checkSend(store, caller, input.body, options);
  if ((await store.batches.rowCounts(batch.id)).total >= MAX_BATCH_DOCUMENTS)
    throw problem('batchId', `a batch holds at most ${MAX_BATCH_DOCUMENTS} documents`);
  const id = crypto.randomUUID();
  if (!(await store.batches.addDocument({ id, batchId: batch.id, sendOrder: order, body: input.body })))
    throw problem('sendOrder', `sendOrder ${order} is already used in this batch`);
  return id;
}

/** CREATING → EMAILING with a new task; the processor sends the documents in the background. */
export async function startBatch(store: Store, caller: SendCaller, batchId: string): Promise<TaskRecord> {
  const batch = await visibleBatch(store, caller, batchId);
  return await store.transaction(async () => {
    const total = (await store.batches.rowCounts(batch.id)).total;
    if (batch.status !== 'CREATING') throw conflict(`Batch '${batch.id}' has already been started (task ${batch.taskId}).`, 'batch_started');
    if (total === 0) throw problem('batchId', 'the batch has no documents; add them with sendBatchDocument first');
    const task = await store.tasks.create({
      id: crypto.randomUUID(),
      kind: 'batch',
      groupId: batch.groupId,
      userId: caller.userId,
      title: batch.name,
      batchId: batch.id,
      status: 'TODO',
      total,
    });
    if (!(await store.batches.start(batch.id, task.id))) throw conflict(`Batch '${batch.id}' has already been started.`, 'batch_started');
    return task;
  });
}

/** The task a single send answers with: done when it answers, keyed like its document (clients that decoded it keep working). */
export async function recordSendTask(store: Store, caller: SendCaller, document: { id: string; groupId: string; name: string }): Promise<TaskRecord> {
  return await store.tasks.create({
    id: document.id,
    kind: 'send',
    groupId: document.groupId,
    userId: caller.userId,
    title: document.name,
    status: 'COMPLETED',
    total: 1,
    documents: [document.id],
  });
}
