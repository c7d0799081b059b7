/**
 * Query.document's read: every document(id) of a request in one batch (request-batch.ts), and when the
 * query selects `recipients` their recipients in the same batch, kept on the view, so Document.recipients
 * answers from rows already loaded instead of waiting for a second batch. Two statements for any number
 * of documents, as REST's document detail reads the document and then its recipients.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import type { Store } from '../store/index.ts';
import type { GraphqlContext } from './context.ts';
import { batched } from './request-batch.ts';
import { selectsField } from './selection.ts';

export interface LoadedDocument {
  document: DocumentRecord;
  /** Set when the query selected Document.recipients. */
  recipients?: RecipientRecord[];
}

async function documentsWithRecipients(store: Store, ids: string[]): Promise<Map<string, LoadedDocument>> {
  const documents = await store.documents.getMany(ids);
  const recipients = await store.documents.recipientsOf([...documents.keys()]);
  const loaded = new Map<string, LoadedDocument>();
  for (const [id, document] of documents) loaded.set(id, { document, recipients: recipients.get(id) ?? [] });
  return loaded;
}

async function documentsAlone(store: Store, ids: string[]): Promise<Map<string, LoadedDocument>> {
  const loaded = new Map<string, LoadedDocument>();
  for (const [id, document] of await store.documents.getMany(ids)) loaded.set(id, { document });
  return loaded;
}

/** The document `id` (and its recipients when asked), read with every other document(id) of the request. */
export function readDocument(ctx: GraphqlContext, id: string, withRecipients: boolean): Promise<LoadedDocument | undefined> {
  const store = ctx.app.store;
  return withRecipients
    ? batched(ctx, 'Document+recipients', id, (ids) => documentsWithRecipients(store, ids))
    : batched(ctx, 'Document', id, (ids) => documentsAlone(store, ids));
}

/** Whether Query.document should read the recipients with the document. */
export function wantsRecipients(info: GraphQLResolveInfo): boolean {
  return selectsField(info, 'recipients');
}
