/**
 * What the server writes for people in the document's language (the send field `language`, English by
 * default): the emails to recipients and reviewers, and the final PDF's signing-history page. The same
 * translation mechanism as the elements (src/internal/i18n.ts), one file per locale in `locales/`.
 */
import { LOCALES, createTranslations, safeLocale, type MessageParams } from '../../../src/internal/i18n.ts';
import { SERVER_LOCALES } from './locales/index.ts';

export const SERVER_EN = {
  'email.hello': 'Hello {name},',
  'email.helloFormal': 'Hello {title} {lastname},',
  'email.invite.subject.signer': 'Please sign: {document}',
  'email.invite.subject.witness': 'Please witness: {document}',
  'email.invite.subject.approver': 'Please approve: {document}',
  'email.invite.body.signer': 'You are asked to sign the document "{document}".',
  'email.invite.body.witness': 'You are asked to witness the document "{document}".',
  'email.invite.body.approver': 'You are asked to approve the document "{document}".',
  'email.invite.open': 'Open it here:',
  'email.invite.link.signer': 'Open the document to sign it',
  'email.invite.link.witness': 'Open the document to witness it',
  'email.invite.link.approver': 'Open the document to approve it',
  'email.invite.personal': 'The link is personal: do not forward it.',
  'email.completed.subject': 'Completed: {document}',
  'email.completed.body': 'Everyone has signed "{document}". The sender can give you the final PDF with its signing history.',
  'email.completed.signed': 'Everyone has signed "{document}".',
  'email.completed.download': 'Download the signed PDF, with its signing history',
  'email.rejected.subject': 'Rejected: {document}',
  'email.rejected.body': '{who} rejected "{document}"; it no longer needs your attention.',
  'review.footer': 'You are a reviewer of this document: you can read it, you are not asked to sign it.',
  'review.request.subject': 'For review: {document}',
  'review.request.signer': '"{document}" has been sent to {who} to sign, and you are their reviewer.',
  'review.request.witness': '"{document}" has been sent to {who} to witness, and you are their reviewer.',
  'review.request.approver': '"{document}" has been sent to {who} to approve, and you are their reviewer.',
  'review.request.document': '"{document}" has been sent for signature, and you are a reviewer of it.',
  'review.read': 'Read the document',
  'review.done.subject.signer': 'Signed: {document}',
  'review.done.subject.witness': 'Witnessed: {document}',
  'review.done.subject.approver': 'Approved: {document}',
  'review.done.signer': '{who} has signed "{document}".',
  'review.done.witness': '{who} has witnessed "{document}".',
  'review.done.approver': '{who} has approved "{document}".',
  'review.readNow': 'Read the document as it stands',
  'review.completed':
    'Everyone has signed "{document}". The final signed PDF, with its signing history, opens from the link below once it has been made (a few seconds).',
  'review.openFinal': 'Open the final signed PDF',
  'review.rejected': '{who} rejected "{document}"; it will not be completed.',
  'history.title': 'Signing history',
  'history.document': 'Document: {name}',
  'history.documentId': 'Document ID: {id}',
  'history.sha256': 'SHA-256 of the original PDF: {hash}',
  'history.generated': 'Generated: {at}',
  'history.chainHead': 'Audit trail chain head (SHA-256): {hash}',
  'history.sealed':
    'This PDF is sealed with a digital signature by "{name}" (certificate SHA-256 {fingerprint}). Any PDF reader shows whether it changed since.',
  'history.verifyAt': 'You can also check it at {url}.',
  'history.recipients': 'Recipients',
  'history.noRecipients': 'No recipients.',
  'history.roleStatus': 'Role: {role}    Status: {status}',
  'history.events': 'Events',
  'history.noEvents': 'No events recorded.',
  'history.ip': 'IP address: {ip}',
  'history.userAgent': 'User agent: {agent}',
  'history.notRecorded': 'not recorded',
  'history.footer': 'Signing history of document {id} - page {page} of {pages}',
  'history.role.signer': 'Signer {n}',
  'history.role.witness': 'Witness of signer {n}',
  'history.role.approver': 'Approver',
  'history.action.document_sent': 'Sent the document',
  'history.action.recipient_sent': 'Invited',
  'history.action.invitation_queued': 'Invitation email queued',
  'history.action.recipient_visited': 'Viewed the document',
  'history.action.recipient_saved': 'Saved progress',
  'history.action.attachment_uploaded': 'Attached a file',
  'history.action.recipient_signed': 'Signed',
  'history.action.recipient_witnessed': 'Witnessed',
  'history.action.recipient_approved': 'Approved',
  'history.action.recipient_witness_released': 'Signature witnessed',
  'history.action.document_fields_complete': 'All recipients finished',
  'history.invited': 'Invited {who}',
  'history.invitationQueued': 'Invitation email to {who} queued',
  'history.status.4': 'unsent',
  'history.status.5': 'scheduled',
  'history.status.10': 'sent',
  'history.status.15': 'email opened',
  'history.status.20': 'visited',
  'history.status.30': 'fields complete',
  'history.status.35': 'fields complete excluding signature',
  'history.status.39': 'witnessing required',
  'history.status.40': 'completed',
  'history.status.50': 'download final document',
  'history.status.60': 'rejected',
  'history.status.70': 'withdrawn',
} as const;

export type ServerMessageKey = keyof typeof SERVER_EN;
export type ServerTranslation = Partial<Record<ServerMessageKey, string>>;

const serverStrings = createTranslations<ServerMessageKey>(SERVER_EN, SERVER_LOCALES);

/** The server's string for `key` in `lang` (then its base language, then English). */
export function tr(lang: string, key: ServerMessageKey, params?: MessageParams): string {
  return serverStrings.lookup(lang, key, params);
}

/** `key` when the table has it (an audit event, a status), else null. */
export function trMaybe(lang: string, key: string, params?: MessageParams): string | null {
  return Object.hasOwn(SERVER_EN, key) ? tr(lang, key as ServerMessageKey, params) : null;
}

/**
 * The send field `language`: a language tag whose base language ships (`de`, `pt-BR`, `zh-CN` …),
 * answered as its canonical form; null when it does not ship or is not a tag.
 */
export function shippedLanguage(value: string): string | null {
  const canonical = safeLocale(value.trim());
  if (canonical === 'en' && !/^en\b/i.test(value.trim())) return null;
  return (LOCALES as readonly string[]).includes(canonical.split('-')[0].toLowerCase()) ? canonical : null;
}
