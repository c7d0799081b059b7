/**
 * The documents area's repositories for one Store, created once and shared (the routes here, the
 * signing flow and webhooks all reach documents through `documentsOf(store)`).
 */
import type { Store } from '../../store/index.ts';
import { SqliteDocumentRepository } from '../../store/documents.ts';
import { SqliteDocumentHistory } from '../../store/documents-history.ts';

export interface DocumentRepositories {
  documents: SqliteDocumentRepository;
  history: SqliteDocumentHistory;
}

const cache = new WeakMap<Store, DocumentRepositories>();

export function documentsOf(store: Store): DocumentRepositories {
  let repos = cache.get(store);
  if (!repos) {
    repos = { documents: new SqliteDocumentRepository(store.db), history: new SqliteDocumentHistory(store.db) };
    cache.set(store, repos);
  }
  return repos;
}

/** File-store names of a document's PDFs. */
export function documentSourceFileName(documentId: string): string {
  return `document-${documentId}-source`;
}

export function documentFinalFileName(documentId: string): string {
  return `document-${documentId}-final`;
}
