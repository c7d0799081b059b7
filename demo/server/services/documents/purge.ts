/**
 * Permanent deletion of a document (`DELETE /document/{id}/delete/`), distinct from removal (status 40,
 * archived, kept): rows go from the database and files are shredded. Signer attachments go too, and so does
 * the template PDF a text document was made into.
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import { isAttachmentField } from '../signing/attachments.ts';
import { templateFileName } from '../template-deletion.ts';

export async function purgeDocument(store: Store, document: DocumentRecord): Promise<void> {
  const { documents } = store;
  const files = [document.sourceFile, ...(document.finalFile ? [document.finalFile] : [])];
  for (const f of (await documents.fields(document.id)).filter(isAttachmentField)) {
    files.push(`att-${document.id}-${f.uuid}`, `att-${document.id}-${f.uuid}-i`);
  }
  // A text document's PDF was made for it alone (an archived template): it holds the same content, so it goes too.
  const madeForIt = (await store.documentTexts.get(document.id)) ? document.templateIds[0] : undefined;
  if (madeForIt) files.push(templateFileName(madeForIt));
  await store.transaction(async () => {
    await documents.purge(document.id);
    if (madeForIt) await store.templates.remove(madeForIt);
  });
  // After the commit: a crash in between leaves unreferenced files, never rows pointing at no file.
  for (const name of files) await store.files.shred(name);
}
