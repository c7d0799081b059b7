/**
 * Removing a document (DELETE): status 40 and archived, recipients who still had work to do are
 * withdrawn, and with `email=1` every recipient who had been invited is told by email (queued in
 * the email outbox in the same transaction).
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord } from '../../store/documents.ts';
import type { AuditActor } from '../../store/documents-history.ts';
import { RECIPIENT_STATUS, canRecipient, documentTransition, recipientTransition } from '../../domain/statuses.ts';
import { conflict } from '../../domain/errors.ts';
import { TransitionError } from '../../domain/statuses.ts';

export interface RemoveResult {
  emailsQueued: number;
  withdrawn: number;
}

/** Turns a TransitionError into the API's 409. */
export function asConflict(error: unknown): never {
  if (error instanceof TransitionError) throw conflict(error.message, 'invalid_transition');
  throw error;
}

export async function removeDocument(store: Store, document: DocumentRecord, actor: AuditActor, notify: boolean): Promise<RemoveResult> {
  const { documents, history } = store;
  return await store.transaction(async () => {
    // Read again inside the transaction: two DELETEs at once must not both succeed.
    const current = (await documents.get(document.id))!;
    let next;
    try {
      next = documentTransition(current.status, 'remove');
    } catch (error) {
      asConflict(error);
    }
    await documents.setStatus(current.id, next, { archived: true });
    let withdrawn = 0;
    let emailsQueued = 0;
    for (const r of await documents.recipients(current.id)) {
      const wasInvited = r.status !== RECIPIENT_STATUS.unsent && r.status !== RECIPIENT_STATUS.scheduled;
      if (canRecipient(r.status, 'withdraw')) {
        await documents.setRecipientStatus(r.id, recipientTransition(r.status, 'withdraw'));
        withdrawn++;
      }
      if (notify && wasInvited) {
        await history.queueEmail({
          documentId: current.id,
          recipientId: r.id,
          kind: 'document_removed',
          to: r.email,
          cc: [],
          subject: `Document removed: ${current.name}`,
          text: `Hello ${r.firstname},\n\nThe document "${current.name}" has been removed by its sender and no longer needs your attention.\n`,
          html: '',
        });
        emailsQueued++;
      }
    }
    await history.record(current.id, 'document_removed', actor, { previous_status: current.status, withdrawn, emails_queued: emailsQueued, email: notify });
    return { emailsQueued, withdrawn };
  });
}

/** Statuses meaning a recipient has signed (or finished their fields): a cancel is refused after any of them. */
const SIGNED: ReadonlySet<number> = new Set([
  RECIPIENT_STATUS.fieldsComplete,
  RECIPIENT_STATUS.fieldsCompleteExcludingSignature,
  RECIPIENT_STATUS.witnessingRequired,
  RECIPIENT_STATUS.completed,
  RECIPIENT_STATUS.downloadedFinal,
]);

/**
 * Cancelling (GraphQL `cancelDocument`): only while nobody has signed; then the same as a removal
 * with notification (status removed, archived, open recipients withdrawn, invited ones told).
 */
export async function cancelDocument(store: Store, document: DocumentRecord, actor: AuditActor): Promise<RemoveResult> {
  const signed = (await store.documents.recipients(document.id)).find((r) => SIGNED.has(r.status));
  if (signed) throw conflict(`The document cannot be cancelled: ${signed.email} has already signed it.`, 'already_signed');
  return await removeDocument(store, document, actor, true);
}
