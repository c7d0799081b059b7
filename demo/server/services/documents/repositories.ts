/** File-store names of a document's PDFs (the rows themselves are `store.documents` and `store.history`). */

export function documentSourceFileName(documentId: string): string {
  return `document-${documentId}-source`;
}

export function documentFinalFileName(documentId: string): string {
  return `document-${documentId}-final`;
}
