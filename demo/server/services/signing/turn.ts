/**
 * Whether a recipient may act on its document now: the document is open for recipients and it is
 * this recipient's turn (invited, not yet finished). Shared by every signer operation that writes.
 */
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import { RECIPIENT_STATUS, assertDocumentOpenForRecipients, canRecipient, recipientTransition } from '../../domain/statuses.ts';
import { conflict } from '../../domain/errors.ts';
import { asConflict } from '../documents/remove.ts';

/** 409 when the document is closed (removed, rejected, complete) or the recipient has not been invited yet. */
export function assertCanAct(doc: DocumentRecord, me: RecipientRecord, event: 'complete' | 'reject'): void {
  try {
    assertDocumentOpenForRecipients(doc.status, event);
  } catch (error) {
    asConflict(error);
  }
  if (me.status === RECIPIENT_STATUS.unsent || me.status === RECIPIENT_STATUS.scheduled) {
    const why = me.role === 'witness' ? 'a witness signs after the signer it witnesses' : 'the recipients before you have not finished';
    throw conflict(`It is not your turn yet: ${why}.`, 'not_your_turn');
  }
}

/** As assertCanAct, and the recipient has not finished yet (saving progress and uploads). */
export function assertCanSave(doc: DocumentRecord, me: RecipientRecord): void {
  assertCanAct(doc, me, 'complete');
  if (!canRecipient(me.status, 'complete')) {
    try {
      recipientTransition(me.status, 'complete'); // the table's own refusal, with its message
    } catch (error) {
      asConflict(error);
    }
  }
}
