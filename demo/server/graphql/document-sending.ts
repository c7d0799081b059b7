/**
 * Document.batchId, batchName, batchOrder and taskId: how a document was sent (a batch row, or a
 * GraphQL `send` whose task has the document's key). The four fields of every document of a list share
 * one batched lookup (request-batch.ts, store.batches.sendingsOf): one store call per list, whatever
 * its length and however many of the four are asked. Null for documents sent over REST.
 */
import type { IResolverObject } from 'mercurius';
import type { DocumentSending } from '../store/batches.ts';
import type { GraphqlContext } from './context.ts';
import { encodeId } from './ids.ts';
import { batched } from './request-batch.ts';
import type { GqlDocument } from './views.ts';

const field =
  <T>(pick: (sending: DocumentSending) => T | null) =>
  async (doc: GqlDocument, _args: unknown, ctx: GraphqlContext): Promise<T | null> => {
    const sending = await batched(ctx, 'Document.sending', doc.restId, (ids) => ctx.app.store.batches.sendingsOf(ids));
    return sending ? pick(sending) : null;
  };

export const documentSendingFields: IResolverObject<GqlDocument, GraphqlContext> = {
  batchId: field((s) => (s.batchId ? encodeId('bat', s.batchId) : null)),
  batchName: field((s) => s.batchName),
  batchOrder: field((s) => s.batchOrder),
  taskId: field((s) => (s.taskId ? encodeId('tsk', s.taskId) : null)),
};
