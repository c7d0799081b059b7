/**
 * A recipient's download of the final PDF: status 50 ("download final document") and the history
 * entry `recipient_downloaded_final`. Only a person's download counts: the route calls this for a
 * request that asks for the file as an attachment (`force_download`), never for the signing page or a
 * viewer reading the PDF to show it or to prepare a link (docs/decisions/documents.md).
 */
import type { Store } from '../../store/index.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import { canRecipient, recipientTransition } from '../../domain/statuses.ts';

/** Records the download when the recipient has finished (40 or 50); returns whether anything was recorded. */
export async function recordFinalDownload(store: Store, recipientId: string, actor: AuditActor): Promise<boolean> {
  const { documents, history } = store;
  return await store.transaction(async () => {
    const recipient = await documents.recipient(recipientId);
    const document = recipient ? await documents.get(recipient.documentId) : undefined;
    if (!recipient || !document?.finalFile || !canRecipient(recipient.status, 'download_final')) return false;
    const to = recipientTransition(recipient.status, 'download_final');
    if (to !== recipient.status) await documents.setRecipientStatus(recipient.id, to);
    await history.record(document.id, 'recipient_downloaded_final', actor, { status: to }, recipient.id);
    return true;
  });
}
