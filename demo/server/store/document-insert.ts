/**
 * A sent document's rows: the document, its recipients and its fields, in three multi-row INSERTs
 * (multi-row.ts) that answer what they stored, so the send reads none of them back.
 */
import type { SqlDb } from './sql.ts';
import { nowIso } from './db.ts';
import { insertRows } from './multi-row.ts';
import { toDocument, toRecipient } from './documents.ts';
import type { DocumentRecord, NewDocument, NewRecipient, RecipientRecord, Row } from './documents.ts';
import type { FieldElement } from '../../../src/fields/types.ts';

const DOCUMENT_COLUMNS = [
  'id',
  'group_id',
  'user_id',
  'name',
  'status',
  'template_ids_json',
  'tag',
  'tag1',
  'tag2',
  'tag3',
  'do_email',
  'signers_in_order',
  'cc_json',
  'message',
  'message_template',
  'redirect',
  'honorifics',
  'convert_sender_to_signer',
  'strict_fields',
  'append_history',
  'append_pdf',
  'return_signer_links',
  'pdf_password',
  'pdf_password_type',
  'page_count',
  'pages_json',
  'reviewers_json',
  'skipped_json',
  'source_file',
  'created',
  'modified',
  'language',
];
const RECIPIENT_COLUMNS = [
  'id',
  'document_id',
  'position',
  'order_no',
  'role',
  'signer_number',
  'witness_of',
  'firstname',
  'lastname',
  'email',
  'tel',
  'honorific',
  'message',
  'subject',
  'redirect',
  'reviewers_json',
  'status',
  'rejection_reason',
  'has_fields',
  'created',
  'modified',
];
const FIELD_COLUMNS = ['uuid', 'document_id', 'position', 'signer', 'element_type', 'element_json'];

/** Inserts them; call inside a transaction. */
export async function insertDocument(
  db: SqlDb,
  doc: NewDocument,
  recipients: NewRecipient[],
  fields: FieldElement[],
): Promise<{ document: DocumentRecord; recipients: RecipientRecord[] }> {
  const now = nowIso();
  const [documentRow] = await insertRows(
    db,
    'documents',
    DOCUMENT_COLUMNS,
    [
      [
        doc.id,
        doc.groupId,
        doc.userId,
        doc.name,
        doc.status,
        JSON.stringify(doc.templateIds),
        doc.tag,
        doc.tag1,
        doc.tag2,
        doc.tag3,
        +doc.doEmail,
        +doc.signersInOrder,
        JSON.stringify(doc.cc),
        doc.message,
        doc.messageTemplate,
        doc.redirect,
        +doc.honorifics,
        +doc.convertSenderToSigner,
        +doc.strictFields,
        +doc.appendHistory,
        +doc.appendPdf,
        +doc.returnSignerLinks,
        doc.pdfPassword,
        doc.pdfPasswordType,
        doc.pageCount,
        JSON.stringify(doc.pages),
        JSON.stringify(doc.reviewers),
        JSON.stringify(doc.skipped),
        doc.sourceFile,
        now,
        now,
        doc.language,
      ],
    ],
    '*',
  );
  const recipientRows = await insertRows(
    db,
    'document_recipients',
    RECIPIENT_COLUMNS,
    recipients.map((r) => [
      r.id,
      doc.id,
      r.position,
      r.order,
      r.role,
      r.signerNumber,
      r.witnessOf,
      r.firstname,
      r.lastname,
      r.email,
      r.tel,
      r.honorific,
      r.message,
      r.subject,
      r.redirect,
      JSON.stringify(r.reviewers),
      r.status,
      r.rejectionReason,
      +r.hasFields,
      now,
      now,
    ]),
    '*',
  );
  await insertRows(
    db,
    'document_fields',
    FIELD_COLUMNS,
    fields.map((f, i) => [f.uuid!, doc.id, i, f.signer, f.element_type, JSON.stringify(f)]),
  );
  return {
    document: toDocument(documentRow as Row),
    // RETURNING promises no order: by position, as recipients() reads them.
    recipients: (recipientRows as Row[]).map(toRecipient).sort((a, b) => a.position - b.position),
  };
}
