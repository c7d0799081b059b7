/**
 * In-process notification of document and recipient events, emitted after the change is
 * committed. Webhooks subscribe here (per Store, so test apps stay apart); a listener's failure
 * never undoes or fails the request that caused the event.
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';

export interface DocumentEventNotice {
  object: 'document' | 'recipient';
  /** Spec event names: created, rejected, finalPdfCreated, completed, emailOpened, visiting, ... */
  event: string;
  documentId: string;
  recipientId?: string;
  /** The document as the change committed it, when the emitter holds it (a send): listeners need not read it again. */
  document?: DocumentRecord;
}

export type DocumentEventListener = (notice: DocumentEventNotice) => void | Promise<void>;

const listeners = new WeakMap<Store, DocumentEventListener[]>();

export function onDocumentEvent(store: Store, listener: DocumentEventListener): () => void {
  const list = listeners.get(store) ?? [];
  list.push(listener);
  listeners.set(store, list);
  return () => {
    const at = list.indexOf(listener);
    if (at >= 0) list.splice(at, 1);
  };
}

/**
 * Resolves when every listener has finished (a send answers once its invitations are queued, as it
 * did when the store was synchronous); a listener's failure is logged, never thrown.
 */
export async function emitDocumentEvent(store: Store, notice: DocumentEventNotice, log?: (error: unknown) => void): Promise<void> {
  const results = await Promise.allSettled((listeners.get(store) ?? []).map(async (listener) => listener(notice)));
  for (const result of results) if (result.status === 'rejected') log?.(result.reason);
}
