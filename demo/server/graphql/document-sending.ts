/**
 * Document.batchId, batchName, batchOrder and taskId: how a document was sent (a batch row, or a
 * GraphQL `send` whose task has the document's key). Four loaders over one per-request lookup, so a
 * list of documents asking for any of them costs one store call (store.batches.sendingsOf), not one per
 * document or per field. Null for documents sent over REST.
 */
import type { MercuriusLoaders } from 'mercurius';
import type { DocumentSending } from '../store/batches.ts';
import type { GraphqlContext } from './context.ts';
import { encodeId } from './ids.ts';
import type { GqlDocument } from './views.ts';

/** Per request: what is known of each document asked about so far (null: not sent by a batch or task). */
const known = new WeakMap<GraphqlContext, Map<string, DocumentSending | null>>();

function sendingsOf(ctx: GraphqlContext, documentIds: readonly string[]): (DocumentSending | null)[] {
  let cache = known.get(ctx);
  if (!cache) {
    cache = new Map();
    known.set(ctx, cache);
  }
  // The four loaders of one list run one after another: the first asks the store, the others find the answers here.
  const missing = [...new Set(documentIds.filter((id) => !cache.has(id)))];
  if (missing.length > 0) {
    const found = ctx.app.store.batches.sendingsOf(missing);
    for (const id of missing) cache.set(id, found.get(id) ?? null);
  }
  return documentIds.map((id) => cache.get(id) ?? null);
}

type Queries = { obj: GqlDocument }[];

const field =
  <T>(pick: (sending: DocumentSending) => T | null) =>
  async (queries: Queries, ctx: GraphqlContext): Promise<(T | null)[]> =>
    sendingsOf(
      ctx,
      queries.map((q) => q.obj.restId),
    ).map((sending) => (sending ? pick(sending) : null));

export const documentSendingLoaders: MercuriusLoaders = {
  Document: {
    batchId: field((s) => (s.batchId ? encodeId('bat', s.batchId) : null)),
    batchName: field((s) => s.batchName),
    batchOrder: field((s) => s.batchOrder),
    taskId: field((s) => (s.taskId ? encodeId('tsk', s.taskId) : null)),
  },
};
