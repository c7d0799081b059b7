/** TypeBox schemas of the document endpoints: validation, serialisation and the OpenAPI text. */
import { Type } from 'typebox';
import { Booleanish, booleanish, PaginationQuery } from '../schemas/common.ts';

const Str = (description?: string) => Type.String(description ? { description } : {});
const NullableStr = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

export const DocumentIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'Document UUID.' }) });

const Reviewer = Type.Object({
  email: Type.Optional(Str('Required.')), firstname: Type.Optional(Str()), lastname: Type.Optional(Str()),
  include_link: Type.Optional(booleanish('Put a read-only review link in this reviewer\'s emails (a page showing the document; the final signed PDF once complete). Default false: notices without a link.')),
}, { description: 'Someone who reads the document and follows its progress, never signs. Emailed (with do_email) when the recipient they review is invited ("For review"), when that recipient has signed, and when the document is complete or rejected.' });

const SendSigner = Type.Object({
  firstname: Type.Optional(Str('Required.')), lastname: Type.Optional(Str('Required.')), email: Type.Optional(Str('Required.')),
  order: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String()], { description: 'Position from 0; recipients are invited in this order. Defaults to the list position.' })),
  role: Type.Optional(Type.Union([Type.Literal('signer'), Type.Literal('approver'), Type.Literal('witness'), Type.Null()], {
    description: 'Optional when sending a template: taken from the template\'s parties in order (signer n, its witness 100+n, approver 200+n).',
  })),
  skip: Type.Optional(Type.Union([Booleanish, Type.Null()], { description: 'Leave this recipient out; witnesses following a skipped signer are skipped too.' })),
  tel: Type.Optional(Str()), honorific: Type.Optional(Str('A title from the code-92 honorifics list (Mr, Mrs, Miss, Ms, Mx, Master, Dr, Prof, Rev, Sir, Dame, Lord, Lady, Hon, Capt), any case, final dot optional; answered in the list\'s spelling. Anything else is a 400 at signers[i].honorific. Shown only when the document sets `honorifics`.')),
  message: Type.Optional(Str()), subject: Type.Optional(Str()),
  redirect: Type.Optional(Str('http(s) URL the signer is sent to after signing (overrides the document\'s redirect).')),
  reviewers: Type.Optional(Type.Array(Reviewer)),
}, { additionalProperties: true });

export const SendBody = Type.Object({
  // Required fields are checked by the send parser, which names every missing one in a single answer.
  group: Type.Optional(Str('Required. Group resource URI (/api/v1/group/{id}/) or id/slug.')),
  name: Type.Optional(Str('Required. Document name (up to 250 characters).')),
  templatepdf: Type.Optional(Type.Union([Str(), Type.Array(Str())], { description: 'Template PDF URI, UUID or web-app id; a list sends a bundle (the templates\' pages concatenated into one document).' })),
  bundle: Type.Optional(Type.Array(Str(), { description: 'Alternative to a templatepdf list: the templates of a bundle, in order.' })),
  signers: Type.Optional(Type.Array(SendSigner, { description: 'Required: at least one recipient.' })),
  do_email: Type.Optional(Booleanish), signers_in_order: Type.Optional(Booleanish),
  tag: Type.Optional(Str()), tag1: Type.Optional(Str()), tag2: Type.Optional(Str()), tag3: Type.Optional(Str()),
  cc: Type.Optional(Type.Union([Str(), Type.Array(Str())], { description: '`default` for the group\'s default CC list, or emails (comma-separated or a list).' })),
  cc_emails: Type.Optional(Type.Union([Str(), Type.Array(Str())])),
  message: Type.Optional(Str('The message in the invitations. Without it: the named message_template, else the group default.')),
  message_template: Type.Optional(Str('Name of one of the group\'s `message_templates` (ignoring case); used when no `message` is given.')),
  pdftext: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Sender (admin) field values by label or UUID.' })),
  signertext: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Pre-filled signer text field values by label or UUID.' })),
  reviewers: Type.Optional(Type.Array(Reviewer, { description: 'Reviewers of the whole document: emailed (with do_email) when the first invitations go out, and when the document is complete or rejected.' })),
  honorifics: Type.Optional(booleanish('Show each recipient\'s `honorific` wherever their name is shown: email greetings ("Hello Dr Smith,"), the names in every email and on the final PDF\'s history page ("Dr Ann Smith"). Default false: titles are kept but not shown.')),
  language: Type.Optional(Str('Our extension: the language of the emails and of the final PDF\'s history page, one of en, de, fr, es, it, pt, nl, pl, ja, zh, ar, he (a region may follow, like pt-BR). Default en. Anything else is a 400 at language.')),
  convert_sender_to_signer: Type.Optional(Booleanish), strict_fields: Type.Optional(Booleanish),
  append_history: Type.Optional(booleanish('Append the signing-history page (with the original\'s SHA-256) to the final PDF.')),
  append_pdf: Type.Optional(booleanish('Append the validation information to the final PDF: the same page as append_history.')),
  return_signer_links: Type.Optional(Booleanish),
  redirect: Type.Optional(Str('http(s) URL signers are sent to after signing.')),
  pdf_password: Type.Optional(Str()), pdf_password_type: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
}, { additionalProperties: true });

const LegacySignerRow = Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
  description: 'The hosted service\'s legacy row: [signer URI, first name, last name, email, tel, has_fields, status, order].',
});

const ReviewerView = Type.Object({ email: Str(), firstname: Str(), lastname: Str(), include_link: Type.Boolean() });

export const SignerObject = Type.Object({
  uuid: Str(), resource_uri: Str(), firstname: Str(), lastname: Str(), email: Str(), tel: Str(),
  status: Type.Integer(), statusText: Str(), order: Type.Integer(),
  role: Type.Union([Type.Literal('signer'), Type.Literal('approver'), Type.Literal('witness')]),
  signer_number: Type.Integer({ description: 'The number the document\'s fields use for this recipient.' }),
  has_fields: Type.Boolean(), rejection_reason: Str(),
  honorific: Str('As sent, in the honorifics list\'s spelling ("" when none); shown in names and greetings only when the document sets `honorifics`.'),
  reviewers: Type.Array(ReviewerView, { description: 'This recipient\'s reviewers, as sent.' }),
});

const listEntryProps = {
  uuid: Str(), resource_uri: Str(), location: Str('The status URI, as the send\'s Location header.'), name: Str(), group: Str(), user: Str(),
  templatepdf: Str(), status: Type.Integer(), statusText: Str(), archived: Type.Boolean(), created: Str(), modified: Str(),
  do_email: Type.Boolean(), download_final: Type.Boolean(), cc_emails: Str(), redirect: Str(), signers_in_order: Type.Boolean(),
  return_signer_links: Type.Boolean(),
  auto_archive: Type.Boolean({ description: 'Always false: documents here are archived when removed, never automatically.' }),
  pdftext: NullableStr('Always null: sender-field values (pdftext) are applied to the fields at send and read there.'),
  template: NullableStr('Text template the document was sent from; null (sends are from template PDFs).'),
  text: Str('HTML/text of a text document; empty (sends are from template PDFs).'),
  tag: Str(), tag1: Str(), tag2: Str(), tag3: Str(),
  signers: Type.Optional(Type.Array(LegacySignerRow)),
  signer_objects: Type.Optional(Type.Array(SignerObject)),
};

export const DocumentListEntry = Type.Object(listEntryProps);

export const DocumentDetail = Type.Object({
  ...listEntryProps,
  templatepdfs: Type.Array(Str()), pdf: Str(), auditlog: Str(), fields: Str(), has_fields: Type.Boolean(), page_count: Type.Integer(),
  hash_value: NullableStr('SHA-256 of the final PDF once it exists.'), sign_time: NullableStr('When the document completed.'),
  message: Str(), message_template: Str(), honorifics: Type.Boolean(), language: Str('The language of the emails and the history page (our extension).'), convert_sender_to_signer: Type.Boolean(),
  strict_fields: Type.Boolean(), append_history: Type.Boolean(), append_pdf: Type.Boolean(),
  header: Str('Header of a text document\'s PDF; empty for PDF sends.'), footer: Str('Footer of a text document\'s PDF; empty for PDF sends.'),
  header_height: Type.Union([Type.Integer(), Type.Null()]), footer_height: Type.Union([Type.Integer(), Type.Null()]),
  signature_type: Type.Integer({ description: '4 when the final PDF is password-protected (`pdf_password`), else 1: the description\'s numbers.' }),
  signature_placement: Type.Integer({ description: '2: signatures go where the fields are.' }),
  sign_mouse: Type.Boolean({ description: 'Deprecated; true: signers may draw.' }),
  sign_type: Type.Boolean({ description: 'Deprecated; true: signers may type.' }),
  sign_upload: Type.Boolean({ description: 'Deprecated; true: signers may upload a picture.' }),
  pdf_password: NullableStr(), pdf_password_type: Type.Union([Type.Integer(), Type.Null()]),
  reviewers: Type.Array(ReviewerView),
  skipped_signers: Type.Array(Type.Object({ firstname: Str(), lastname: Str(), email: Str(), role: Str(), reason: Str() })),
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
});

export const StatusResponse = Type.Object({
  uuid: Str(), resource_uri: Str(), document: Str(), status: Type.Integer(), statusText: Str(), archived: Type.Boolean(),
  download_final: Type.Boolean(), tag: Str(), tag1: Str(), tag2: Str(), tag3: Str(), modified: Str(),
});

export const AuditEntry = Type.Object({
  id: Type.Integer(), time: Str(), event: Str(),
  actor: Type.Object({ type: Str(), id: Str(), name: Str() }),
  ip: Str(), user_agent: Str(), recipient: NullableStr(),
  details: Type.Record(Type.String(), Type.Unknown()),
});
