/**
 * What the signing component reads: the document, this recipient and its state, and the fields —
 * its own editable, others' read-only with values only once their recipient has finished (saved
 * progress of someone still signing is theirs alone). Secret codes (73) never leave the server.
 */
import type { FieldElement } from 'esign-elements/fields';
import { codeKind, isCodeGuardedSignature } from 'esign-elements/fields';
import { RECIPIENT_STATUS, canRecipient, documentStatusText, recipientStatusText, DOCUMENT_STATUS } from '../../domain/statuses.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import { signerUri, pdfUri } from '../documents/views.ts';

const FINISHED: readonly number[] = [RECIPIENT_STATUS.completed, RECIPIENT_STATUS.downloadedFinal, RECIPIENT_STATUS.witnessingRequired];

export type SignerField = FieldElement & { editable: boolean };

/** Why this recipient cannot act now, or '' when it can. */
export function blockedReason(doc: DocumentRecord, r: RecipientRecord): string {
  if (doc.status === DOCUMENT_STATUS.removed) return 'removed';
  if (doc.status === DOCUMENT_STATUS.rejected) return 'rejected';
  if (r.status === RECIPIENT_STATUS.rejected) return 'rejected';
  if (r.status === RECIPIENT_STATUS.withdrawn) return 'withdrawn';
  if (FINISHED.includes(r.status)) return 'finished';
  if (doc.status !== DOCUMENT_STATUS.available) return 'finished';
  if (!canRecipient(r.status, 'complete')) return 'waiting';
  return '';
}

export function signerFields(fields: readonly FieldElement[], r: RecipientRecord, recipients: readonly RecipientRecord[]): SignerField[] {
  const finished = new Set(recipients.filter((x) => FINISHED.includes(x.status)).map((x) => x.signerNumber));
  return fields.map((f) => {
    const own = f.signer === r.signerNumber;
    const secret = codeKind(f.validation) === 'secret';
    // A typed secret code is hidden from everyone else; a code-guarded signature's value is a signature like any other.
    const hiddenValue = secret && !isCodeGuardedSignature(f) && !own;
    const visibleValue = own || f.signer === 0 || f.signer === null || finished.has(f.signer);
    return { ...f, options: secret ? '' : f.options, value: visibleValue && !hiddenValue ? f.value : '', editable: own };
  });
}

export function signerView(doc: DocumentRecord, r: RecipientRecord, recipients: readonly RecipientRecord[], fields: readonly FieldElement[]) {
  const blocked = blockedReason(doc, r);
  return {
    signer: {
      uuid: r.id,
      resource_uri: signerUri(r.id),
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      role: r.role,
      order: r.order,
      signer_number: r.signerNumber,
      status: r.status,
      statusText: recipientStatusText(r.status),
      rejection_reason: r.rejectionReason,
    },
    document: {
      uuid: doc.id,
      name: doc.name,
      status: doc.status,
      statusText: documentStatusText(doc.status),
      pdf: pdfUri(doc.id),
      page_count: doc.pageCount,
      redirect: r.redirect || doc.redirect,
    },
    can_sign: blocked === '',
    blocked_reason: blocked,
    fields: signerFields(fields, r, recipients),
  };
}
