/**
 * A sent document's rows: the document, its recipients and its fields, in three multi-row INSERTs
 * (multi-row.ts) that answer what they stored, so the send reads none of them back; on PostgreSQL
 * the three are one statement.
 */
import type { SqlDb, SqlRow, SqlValue } from './sql.ts';
import { nowIso } from './db.ts';
import { fitsOneStatement, insertRows, insertStatement } from './multi-row.ts';
import { toDocument, toRecipient } from './document-rows.ts';
import type { DocumentRecord, NewDocument, NewRecipient, RecipientRecord, Row } from './document-rows.ts';
import type { FieldElement } from 'esign-elements/fields';

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
  const documentValues: SqlValue[] = [
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
  ];
  const recipientValues = recipients.map((r): SqlValue[] => [
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
  ]);
  const values: DocumentRowValues = {
    document: documentValues,
    recipients: recipientValues,
    fields: fields.map((f, i): SqlValue[] => [f.uuid!, doc.id, i, f.signer, f.element_type, JSON.stringify(f)]),
  };
  const placeholders = DOCUMENT_COLUMNS.length + recipients.length * RECIPIENT_COLUMNS.length + fields.length * FIELD_COLUMNS.length;
  const stored =
    db.dialect === 'postgres' && fitsOneStatement(placeholders) ? await insertInOneStatement(db, values) : await insertInThreeStatements(db, values);
  return {
    document: toDocument(stored.documentRow as Row),
    // RETURNING promises no order: by position, as recipients() reads them.
    recipients: (stored.recipientRows as Row[]).map(toRecipient).sort((a, b) => a.position - b.position),
  };
}

/** One value per column, in the column lists' order. */
interface DocumentRowValues {
  document: SqlValue[];
  recipients: SqlValue[][];
  fields: SqlValue[][];
}

/** The rows as the database stored them. */
interface StoredRows {
  documentRow: SqlRow;
  recipientRows: SqlRow[];
}

async function insertInThreeStatements(db: SqlDb, values: DocumentRowValues): Promise<StoredRows> {
  const [documentRow] = await insertRows(db, 'documents', DOCUMENT_COLUMNS, [values.document], '*');
  const recipientRows = await insertRows(db, 'document_recipients', RECIPIENT_COLUMNS, values.recipients, '*');
  await insertRows(db, 'document_fields', FIELD_COLUMNS, values.fields);
  return { documentRow: documentRow!, recipientRows };
}

/**
 * PostgreSQL: the three INSERTs as one statement, one round trip. The recipients and fields are
 * INSERTs in its WITH clause (foreign keys are checked when the whole statement ends), and the
 * recipients it stored come back as JSON beside the document's row: text and integers, as read.
 */
async function insertInOneStatement(
  db: SqlDb,
  { document: documentValues, recipients: recipientValues, fields: fieldValues }: DocumentRowValues,
): Promise<StoredRows> {
  const ctes: string[] = [];
  const params: SqlValue[] = [];
  if (recipientValues.length) {
    const insert = insertStatement('document_recipients', RECIPIENT_COLUMNS, recipientValues);
    ctes.push(`recipients AS (${insert.sql} RETURNING *)`);
    params.push(...insert.params);
  }
  if (fieldValues.length) {
    const insert = insertStatement('document_fields', FIELD_COLUMNS, fieldValues);
    ctes.push(`fields AS (${insert.sql})`);
    params.push(...insert.params);
  }
  const document = insertStatement('documents', DOCUMENT_COLUMNS, [documentValues]);
  const withClause = ctes.length ? `WITH ${ctes.join(', ')} ` : '';
  const recipientsJson = recipientValues.length ? '(SELECT json_agg(recipients) FROM recipients)' : "'[]'::json";
  const row = (await db.get(`${withClause}${document.sql} RETURNING *, ${recipientsJson} AS stored_recipients`, [...params, ...document.params]))!;
  const { stored_recipients: recipientRows, ...documentRow } = row;
  return { documentRow: documentRow as SqlRow, recipientRows: recipientRows as SqlRow[] };
}
