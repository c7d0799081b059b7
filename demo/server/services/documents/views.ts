/** The JSON the document endpoints answer with, built from stored records. */
import type { DocumentRecord, DocumentStatusRow, RecipientRecord } from '../../store/documents.ts';
import type { AuditEvent } from '../../store/documents-history.ts';
import type { EmailAttachment } from '../../store/email-attachments.ts';
import type { DocumentText } from '../../store/document-texts.ts';
import { documentStatusText, recipientStatusText } from '../../domain/statuses.ts';
import { attachmentUri, groupUri, templateUri, textTemplateUri, userUri } from '../../domain/uris.ts';

export const documentUri = (id: string): string => `/api/v1/document/${id}/`;
export const statusUri = (id: string): string => `/api/v1/status/${id}/`;
export const signerUri = (id: string): string => `/api/v1/signer/${id}/`;
export const pdfUri = (id: string): string => `/api/v1/pdf/${id}/`;

/** The hosted service's legacy signer row: [signer URI, first name, last name, email, tel, has_fields, status, order]. */
export function legacySignerRow(r: RecipientRecord): [string, string, string, string, string, boolean, number, number] {
  return [signerUri(r.id), r.firstname, r.lastname, r.email, r.tel, r.hasFields, r.status, r.order];
}

function reviewerViews(reviewers: DocumentRecord['reviewers']) {
  return reviewers.map((r) => ({ email: r.email, firstname: r.firstname, lastname: r.lastname, include_link: r.includeLink }));
}

export function signerObject(r: RecipientRecord) {
  return {
    uuid: r.id,
    resource_uri: signerUri(r.id),
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    tel: r.tel,
    status: r.status,
    statusText: recipientStatusText(r.status),
    order: r.order,
    role: r.role,
    /** The number the document's fields use for this recipient (n, 100+n witness, 200+n approver). */
    signer_number: r.signerNumber,
    has_fields: r.hasFields,
    rejection_reason: r.rejectionReason,
    honorific: r.honorific,
    reviewers: reviewerViews(r.reviewers),
  };
}

function tags(doc: { tag: string; tag1: string; tag2: string; tag3: string }) {
  return { tag: doc.tag, tag1: doc.tag1, tag2: doc.tag2, tag3: doc.tag3 };
}

/** An entry of `GET /api/v1/document/`; `text` is what a text document was sent from (null for a PDF send). */
export function documentListEntry(doc: DocumentRecord, recipients: RecipientRecord[] | null, text: DocumentText | null) {
  return {
    uuid: doc.id,
    resource_uri: documentUri(doc.id),
    /** Where the document's status lives: the same URI the send answered in its Location header. */
    location: statusUri(doc.id),
    name: doc.name,
    group: groupUri(doc.groupId),
    user: userUri(doc.userId),
    templatepdf: templateUri(doc.templateIds[0]),
    status: doc.status,
    statusText: documentStatusText(doc.status),
    archived: doc.archived,
    created: doc.created,
    modified: doc.modified,
    do_email: doc.doEmail,
    download_final: doc.finalFile !== null,
    cc_emails: doc.cc.join(', '),
    redirect: doc.redirect,
    signers_in_order: doc.signersInOrder,
    return_signer_links: doc.returnSignerLinks,
    // What this server does for every send (an option it does not have; pdftext is not kept).
    auto_archive: false,
    pdftext: null,
    template: text?.textTemplateId ? textTemplateUri(text.textTemplateId) : null,
    text: text?.html ?? '',
    ...tags(doc),
    ...(recipients === null ? {} : { signers: recipients.map(legacySignerRow), signer_objects: recipients.map(signerObject) }),
  };
}

/** The files (`signers[].attachments` on the send) that go with a recipient's invitation email. */
export interface RecipientAttachments {
  recipientId: string;
  attachments: EmailAttachment[];
}

export interface DocumentDetailParts {
  fieldCount: number;
  invitationFiles: RecipientAttachments[];
  text: DocumentText | null;
}

/** `GET /api/v1/document/{id}/`. */
export function documentDetail(doc: DocumentRecord, recipients: RecipientRecord[], { fieldCount, invitationFiles, text }: DocumentDetailParts) {
  return {
    ...documentListEntry(doc, recipients, text),
    templatepdfs: doc.templateIds.map(templateUri),
    pdf: pdfUri(doc.id),
    auditlog: `${documentUri(doc.id)}auditlog/`,
    fields: `${documentUri(doc.id)}fields/`,
    has_fields: fieldCount > 0,
    page_count: doc.pageCount,
    hash_value: doc.finalHash,
    sign_time: doc.completedAt,
    message: doc.message,
    message_template: doc.messageTemplate,
    honorifics: doc.honorifics,
    language: doc.language,
    convert_sender_to_signer: doc.convertSenderToSigner,
    strict_fields: doc.strictFields,
    append_history: doc.appendHistory,
    append_pdf: doc.appendPdf,
    header: text?.header ?? '',
    footer: text?.footer ?? '',
    header_height: null,
    footer_height: null,
    signature_type: doc.pdfPassword ? 4 : 1,
    signature_placement: 2,
    sign_mouse: true,
    sign_type: true,
    sign_upload: true,
    pdf_password: doc.pdfPassword || null,
    pdf_password_type: doc.pdfPasswordType,
    reviewers: reviewerViews(doc.reviewers),
    skipped_signers: doc.skipped.map((s) => ({ firstname: s.firstname, lastname: s.lastname, email: s.email, role: s.role, reason: s.reason })),
    attachments: invitationFiles.flatMap((r) =>
      r.attachments.map((a) => ({ signer: signerUri(r.recipientId), attachment: attachmentUri(a.id), filename: a.filename, description: a.description })),
    ),
  };
}

/** `GET /api/v1/status/{id}/`: the short set, straight from one indexed row. */
export function statusView(row: DocumentStatusRow) {
  return {
    uuid: row.id,
    resource_uri: statusUri(row.id),
    document: documentUri(row.id),
    status: row.status,
    statusText: documentStatusText(row.status),
    archived: row.archived === 1,
    download_final: row.final_file !== null,
    tag: row.tag,
    tag1: row.tag1,
    tag2: row.tag2,
    tag3: row.tag3,
    modified: row.modified,
  };
}

export function auditEntry(e: AuditEvent) {
  return {
    id: e.id,
    time: e.created,
    event: e.event,
    actor: { type: e.actor.type, id: e.actor.id, name: e.actor.label },
    ip: e.actor.ip,
    user_agent: e.actor.userAgent,
    recipient: e.recipientId === null ? null : signerUri(e.recipientId),
    details: e.details,
  };
}
