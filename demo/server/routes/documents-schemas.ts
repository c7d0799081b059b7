/**
 * TypeBox schemas of the document endpoints: validation, serialisation and the OpenAPI text.
 * The send body's schema lives beside its parser (services/documents/send-body.ts).
 */
import { Type } from 'typebox';
import { PaginationQuery } from '../schemas/common.ts';

const Str = (description?: string) => Type.String(description ? { description } : {});
const NullableStr = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

export const DocumentIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'Document UUID.' }) });

const LegacySignerRow = Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
  description: "The hosted service's legacy row: [signer URI, first name, last name, email, tel, has_fields, status, order].",
});

const ReviewerView = Type.Object({ email: Str(), firstname: Str(), lastname: Str(), include_link: Type.Boolean() });

export const SignerObject = Type.Object({
  uuid: Str(),
  resource_uri: Str(),
  firstname: Str(),
  lastname: Str(),
  email: Str(),
  tel: Str(),
  status: Type.Integer(),
  statusText: Str(),
  order: Type.Integer(),
  role: Type.Union([Type.Literal('signer'), Type.Literal('approver'), Type.Literal('witness')]),
  signer_number: Type.Integer({ description: "The number the document's fields use for this recipient." }),
  has_fields: Type.Boolean(),
  rejection_reason: Str(),
  honorific: Str('As sent, in the honorifics list\'s spelling ("" when none); shown in names and greetings only when the document sets `honorifics`.'),
  reviewers: Type.Array(ReviewerView, { description: "This recipient's reviewers, as sent." }),
});

const listEntryProps = {
  uuid: Str(),
  resource_uri: Str(),
  location: Str("The status URI, as the send's Location header."),
  name: Str(),
  group: Str(),
  user: Str(),
  templatepdf: Str(),
  status: Type.Integer(),
  statusText: Str(),
  archived: Type.Boolean(),
  created: Str(),
  modified: Str(),
  do_email: Type.Boolean(),
  download_final: Type.Boolean(),
  cc_emails: Str(),
  redirect: Str(),
  signers_in_order: Type.Boolean(),
  return_signer_links: Type.Boolean(),
  auto_archive: Type.Boolean({ description: 'Always false: documents here are archived when removed, never automatically.' }),
  pdftext: NullableStr('Always null: sender-field values (pdftext) are applied to the fields at send and read there.'),
  template: NullableStr('The text template (/api/v1/template/) a text document was sent from; null otherwise.'),
  text: Str('The HTML a text document was made from (its text template’s when sent with `template`); empty for PDF sends.'),
  tag: Str(),
  tag1: Str(),
  tag2: Str(),
  tag3: Str(),
  signers: Type.Optional(Type.Array(LegacySignerRow)),
  signer_objects: Type.Optional(Type.Array(SignerObject)),
};

export const DocumentListEntry = Type.Object(listEntryProps);

export const DocumentDetail = Type.Object({
  ...listEntryProps,
  templatepdfs: Type.Array(Str()),
  pdf: Str(),
  auditlog: Str(),
  fields: Str(),
  has_fields: Type.Boolean(),
  page_count: Type.Integer(),
  hash_value: NullableStr('SHA-256 of the final PDF once it exists.'),
  sign_time: NullableStr('When the document completed.'),
  message: Str(),
  message_template: Str(),
  honorifics: Type.Boolean(),
  language: Str('The language of the emails and the history page (our extension).'),
  convert_sender_to_signer: Type.Boolean(),
  strict_fields: Type.Boolean(),
  append_history: Type.Boolean(),
  append_pdf: Type.Boolean(),
  header: Str("Header of a text document's PDF; empty for PDF sends."),
  footer: Str("Footer of a text document's PDF; empty for PDF sends."),
  header_height: Type.Union([Type.Integer(), Type.Null()]),
  footer_height: Type.Union([Type.Integer(), Type.Null()]),
  signature_type: Type.Integer({ description: "4 when the final PDF is password-protected (`pdf_password`), else 1: the description's numbers." }),
  signature_placement: Type.Integer({ description: '2: signatures go where the fields are.' }),
  sign_mouse: Type.Boolean({ description: 'Deprecated; true: signers may draw.' }),
  sign_type: Type.Boolean({ description: 'Deprecated; true: signers may type.' }),
  sign_upload: Type.Boolean({ description: 'Deprecated; true: signers may upload a picture.' }),
  pdf_password: NullableStr(),
  pdf_password_type: Type.Union([Type.Integer(), Type.Null()]),
  reviewers: Type.Array(ReviewerView),
  skipped_signers: Type.Array(Type.Object({ firstname: Str(), lastname: Str(), email: Str(), role: Str(), reason: Str() })),
  attachments: Type.Array(
    Type.Object({
      signer: Str('The recipient whose invitation email carries the file.'),
      attachment: Str('The file, under /api/v1/attachment/ (a file deleted since is no longer listed).'),
      filename: Str(),
      description: Str(),
    }),
    { description: 'Files sent with invitation emails (`signers[].attachments` on the send); our extension.' },
  ),
});

export const DocumentListQuery = Type.Object({
  ...PaginationQuery,
  created_gt: Type.Optional(Str('ISO 8601 date or date-time; documents created after it (UTC when no offset is given).')),
  modified_gt: Type.Optional(Str('ISO 8601 date or date-time; documents modified after it.')),
  sentUserId: Type.Optional(Str('User UUID or user resource URI: documents sent by that user.')),
  status: Type.Optional(Type.Integer({ description: 'Document status: 10, 20, 30, 40 or 50.' })),
  group: Type.Optional(Str('Group URI, id or slug: documents of that group only.')),
  archived: Type.Optional(Type.Boolean()),
  email: Type.Optional(Str('Documents with a recipient of this email.')),
  nosigners: Type.Optional(Type.Boolean({ description: '1 leaves out the signer arrays for a faster answer.' })),
  cursor: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Opaque keyset position from `meta.next`/`meta.previous`; when present it replaces `offset` and the page costs the same however deep it is.',
    }),
  ),
});

export const StatusResponse = Type.Object({
  uuid: Str(),
  resource_uri: Str(),
  document: Str(),
  status: Type.Integer(),
  statusText: Str(),
  archived: Type.Boolean(),
  download_final: Type.Boolean(),
  tag: Str(),
  tag1: Str(),
  tag2: Str(),
  tag3: Str(),
  modified: Str(),
});

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  time: Str(),
  event: Str(),
  actor: Type.Object({ type: Str(), id: Str(), name: Str() }),
  ip: Str(),
  user_agent: Str(),
  recipient: NullableStr(),
  details: Type.Record(Type.String(), Type.Unknown()),
});
