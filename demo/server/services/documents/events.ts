/**
 * In-process notification of document and recipient events, emitted after the change is
 * committed. Webhooks subscribe here (per Store, so test apps stay apart); a listener's failure
 * never undoes or fails the request that caused the event.
 */
import type { Store } from '../../store/index.ts';

export interface DocumentEventNotice {
  object: 'document' | 'recipient';
  /** Spec event names: created, rejected, finalPdfCreated, completed, emailOpened, visiting, ... */
  event: string;
  documentId: string;
  recipientId?: string;
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

export function emitDocumentEvent(store: Store, notice: DocumentEventNotice, log?: (error: unknown) => void): void {
  for (const listener of listeners.get(store) ?? []) {
    try {
      const result = listener(notice);
      if (result instanceof Promise) result.catch((error: unknown) => log?.(error));
    } catch (error) {
      log?.(error);
    }
  }
}
