/**
 * Batches and tasks (GRAPHQL.md §4–5): sendBatch, sendBatchDocument, startBatch, batch(id), task(id).
 * The work is services/batches/ (validated as send validates, sent by the same sendDocument as REST);
 * this file turns GraphQL IDs and inputs into those calls and records into the published shapes.
 */
import type { IResolverObject, IResolvers } from 'mercurius';
import type { Store } from '../store/index.ts';
import type { BatchRecord } from '../store/batches.ts';
import { actorOf, loadVisibleDocument } from '../services/documents/access.ts';
import type { SendCaller } from '../services/documents/send.ts';
import { addBatchDocument, createBatch, startBatch, visibleBatch } from '../services/batches/batches.ts';
import { batchProcessorOf } from '../services/batches/processor.ts';
import type { GraphqlContext } from './context.ts';
import { GqlError, notFoundError } from './errors.ts';
import { decodeId, encodeId } from './ids.ts';
import type { IdPrefix } from './ids.ts';
import { sendBodyOf } from './send-input.ts';
import { rolesLookupOf } from './roles-lookup.ts';
import { documentView, groupView } from './views.ts';
import { taskView } from './task-view.ts';

interface GqlBatch {
  id: string;
  restId: string;
  groupId: string;
}

const MAX_PAGE = 1000;

function restId(prefix: IdPrefix, type: string, id: unknown): string {
  const decoded = decodeId(prefix, id);
  if (!decoded) throw notFoundError(type, id);
  return decoded;
}

async function senderOf(ctx: GraphqlContext): Promise<SendCaller> {
  const auth = ctx.caller.auth;
  return { userId: auth.user.id, groupIds: auth.groupIds, actor: await actorOf(ctx.app.store, ctx.caller) };
}

/** A batch of the caller's groups, NotFound otherwise (as an unknown ID). */
async function loadBatch(ctx: GraphqlContext, id: unknown): Promise<BatchRecord> {
  try {
    return await visibleBatch(ctx.app.store, ctx.caller.auth, restId('bat', 'Batch', id));
  } catch {
    throw notFoundError('Batch', id);
  }
}

async function batchView(store: Store, batch: BatchRecord) {
  const counts = await store.batches.counts(batch.id);
  const handled = counts.submittedCount + counts.failedCount;
  const creator = await store.users.get(batch.userId);
  return {
    id: encodeId('bat', batch.id),
    name: batch.name,
    enforceOrder: true,
    type: 'BATCH',
    creatorName: creator ? `${creator.firstName} ${creator.lastName}`.trim() || creator.email : null,
    status: batch.status,
    progress: batch.status === 'CREATING' || counts.documentCount === 0 ? 0 : Math.floor((handled * 100) / counts.documentCount),
    ...counts,
    created: new Date(batch.createdMs).toISOString(),
    modified: new Date(batch.updatedMs).toISOString(),
    restId: batch.id,
    groupId: batch.groupId,
  };
}

export const batchQueries: IResolverObject<unknown, GraphqlContext> = {
  async batch(_root, { id }: { id?: string | null }, ctx: GraphqlContext) {
    return await batchView(ctx.app.store, await loadBatch(ctx, id));
  },
  async task(_root, { id }: { id?: string | null }, ctx: GraphqlContext) {
    const { store } = ctx.app;
    const taskId = restId('tsk', 'Task', id);
    const task = await store.tasks.get(taskId);
    if (task) {
      if (!ctx.caller.auth.groupIds.includes(task.groupId)) throw notFoundError('Task', id);
      return await taskView(store, task);
    }
    // Sends made before tasks were stored answered their document's key as the task: that task is the document.
    const { document } = await loadVisibleDocument(store, ctx.caller, taskId);
    const created = Date.parse(document.created);
    const legacy = {
      id: document.id,
      kind: 'send',
      groupId: document.groupId,
      userId: document.userId,
      title: document.name,
      batchId: null,
      status: 'COMPLETED',
    } as const;
    return await taskView(store, {
      ...legacy,
      total: 1,
      done: 1,
      failed: 0,
      documents: [document.id],
      createdMs: created,
      expiresMs: created + 90 * 86_400_000,
    });
  },
};

export const batchMutations: IResolverObject<unknown, GraphqlContext> = {
  async sendBatch(_root, { input }: { input: { groupId: string; batchName: string } }, ctx: GraphqlContext) {
    const groupId = decodeId('grp', input.groupId) ?? input.groupId;
    return encodeId('bat', (await createBatch(ctx.app.store, await senderOf(ctx), { groupId, name: input.batchName })).id);
  },
  async sendBatchDocument(_root, { input }: { input: { batchId: string; sendOrder: number; document: Record<string, unknown> } }, ctx: GraphqlContext) {
    const batch = await loadBatch(ctx, input.batchId);
    const body = sendBodyOf(input.document, await rolesLookupOf(ctx, input.document.templateId));
    await addBatchDocument(ctx.app.store, await senderOf(ctx), { batchId: batch.id, sendOrder: input.sendOrder, body }, { work: ctx.app.work });
    // The document does not exist until the batch runs: the answer is the batch's ID (its documents come in batch and task).
    return encodeId('bat', batch.id);
  },
  async startBatch(_root, { input }: { input: { batchId: string } }, ctx: GraphqlContext) {
    const batch = await loadBatch(ctx, input.batchId);
    const task = await startBatch(ctx.app.store, await senderOf(ctx), batch.id);
    // Sent in the background; without a processor here (never in a server), the poller of the server sharing the store takes it.
    void batchProcessorOf(ctx.app.store)?.run(task.id);
    return encodeId('tsk', task.id);
  },
};

export const batchFields: IResolvers = {
  Batch: {
    async group(batch: GqlBatch, _args, ctx: GraphqlContext) {
      const group = await ctx.app.store.groups.get(batch.groupId);
      return group ? groupView(group) : null;
    },
    async documentConnection(batch: GqlBatch, { first, after }: { first?: number | null; after?: string | null }, ctx: GraphqlContext) {
      const { store } = ctx.app;
      const limit = Math.min(Math.max(first ?? 100, 1), MAX_PAGE);
      const afterOrder = after == null ? -1 : Number.parseInt(Buffer.from(after, 'base64').toString('utf8'), 10);
      if (!Number.isInteger(afterOrder)) throw new GqlError('ValidationError', 'after: give the nextCursor of the previous page.');
      const rows = await store.batches.sent(batch.restId, limit + 1, afterOrder);
      const page = rows.slice(0, limit);
      const found = await Promise.all(page.map((r) => store.documents.get(r.documentId!)));
      const documents = found.filter((document) => document !== undefined).map((document) => documentView(document));
      const last = page.at(-1);
      return {
        documents,
        totalCount: (await store.batches.counts(batch.restId)).submittedCount,
        nextCursor: rows.length > limit && last ? Buffer.from(String(last.sendOrder), 'utf8').toString('base64') : null,
      };
    },
  },
};
