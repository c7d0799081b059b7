/**
 * Permanent deletion of a document (`DELETE /document/{id}/delete/`), distinct from removal (status 40,
 * archived, kept): rows go from the database and files are shredded. Signer attachments go too.
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import { isAttachmentField } from '../signing/attachments.ts';

export function purgeDocument(store: Store, document: DocumentRecord): void {
  const { documents } = store;
  const files = [document.sourceFile, ...(document.finalFile ? [document.finalFile] : [])];
  for (const f of documents.fields(document.id).filter(isAttachmentField)) {
    files.push(`att-${document.id}-${f.uuid}`, `att-${document.id}-${f.uuid}-i`);
  }
  store.transaction(() => documents.purge(document.id));
  // After the commit: a crash in between leaves unreferenced files, never rows pointing at no file.
  for (const name of files) store.files.shred(name);
}
