/**
 * What a send body (`POST /api/v1/document/`) is: its schema, with the text of the OpenAPI
 * document. The names here are the only ones send-request.ts may read (its field types are keyed
 * by this schema), and send-request.test.ts checks that it reads every one of them.
 *
 * The schema is not the validator of the send: it stays loose (everything optional, unknown fields
 * kept) and `parseSendRequest` checks every value, so one 400 names every problem with the
 * specification's messages (docs/decisions/server.md, "The send body").
 */
import { Type } from 'typebox';
import { Booleanish, booleanish } from '../../schemas/common.ts';

const Str = (description?: string) => Type.String(description ? { description } : {});

export const ReviewerSchema = Type.Object(
  {
    email: Type.Optional(Str('Required.')),
    firstname: Type.Optional(Str()),
    lastname: Type.Optional(Str()),
    include_link: Type.Optional(
      booleanish(
        "Put a read-only review link in this reviewer's emails (a page showing the document; the final signed PDF once complete). Default false: notices without a link.",
      ),
    ),
  },
  {
    description:
      'Someone who reads the document and follows its progress, never signs. Emailed (with do_email) when the recipient they review is invited ("For review"), when that recipient has signed, and when the document is complete or rejected.',
  },
);

export const SendSignerSchema = Type.Object(
  {
    firstname: Type.Optional(Str('Required.')),
    lastname: Type.Optional(Str('Required.')),
    email: Type.Optional(Str('Required.')),
    order: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String()], {
        description: 'Position from 0; recipients are invited in this order. Defaults to the list position.',
      }),
    ),
    role: Type.Optional(
      Type.Union([Type.Literal('signer'), Type.Literal('approver'), Type.Literal('witness'), Type.Null()], {
        description: "Optional when sending a template: taken from the template's parties in order (signer n, its witness 100+n, approver 200+n).",
      }),
    ),
    skip: Type.Optional(
      Type.Union([Booleanish, Type.Null()], { description: 'Leave this recipient out; witnesses following a skipped signer are skipped too.' }),
    ),
    tel: Type.Optional(Str()),
    verified_by_sender: Type.Optional(
      booleanish(
        'Our extension (issue 29): you have verified this recipient yourself (e.g. signed in to your own site that embeds the signer with a component token), so no one-time code is asked of them. Recorded in the history as verification method `sender`. Default false.',
      ),
    ),
    attachments: Type.Optional(
      Type.Array(Str(), { description: "Files from /api/v1/attachment/ (URIs or ids) attached to this recipient's invitation email; at most 10." }),
    ),
    honorific: Type.Optional(
      Str(
        "A title from the code-92 honorifics list (Mr, Mrs, Miss, Ms, Mx, Master, Dr, Prof, Rev, Sir, Dame, Lord, Lady, Hon, Capt), any case, final dot optional; answered in the list's spelling. Anything else is a 400 at signers[i].honorific. Shown only when the document sets `honorifics`.",
      ),
    ),
    message: Type.Optional(Str()),
    subject: Type.Optional(Str()),
    redirect: Type.Optional(Str("http(s) URL the signer is sent to after signing (overrides the document's redirect).")),
    reviewers: Type.Optional(Type.Array(ReviewerSchema)),
  },
  { additionalProperties: true },
);

export const SendBody = Type.Object(
  {
    // Required fields are checked by the send parser, which names every missing one in a single answer.
    group: Type.Optional(Str('Required. Group resource URI (/api/v1/group/{id}/) or id/slug.')),
    name: Type.Optional(Str('Required. Document name (up to 250 characters).')),
    templatepdf: Type.Optional(
      Type.Union([Str(), Type.Array(Str())], {
        description: "Template PDF URI, UUID or web-app id; a list sends a bundle (the templates' pages concatenated into one document).",
      }),
    ),
    bundle: Type.Optional(Type.Array(Str(), { description: 'Alternative to a templatepdf list: the templates of a bundle, in order.' })),
    template: Type.Optional(Str('Instead of templatepdf: a text template (/api/v1/template/{id}/) whose HTML becomes the document.')),
    text: Type.Optional(
      Str('Instead of templatepdf: the document as HTML; text tags place fields, each signer without a signature tag gets a signature line.'),
    ),
    header: Type.Optional(Str('Text documents only: HTML above the text.')),
    footer: Type.Optional(Str('Text documents only: HTML below the text.')),
    signers: Type.Optional(Type.Array(SendSignerSchema, { description: 'Required: at least one recipient.' })),
    do_email: Type.Optional(Booleanish),
    signers_in_order: Type.Optional(Booleanish),
    tag: Type.Optional(Str()),
    tag1: Type.Optional(Str()),
    tag2: Type.Optional(Str()),
    tag3: Type.Optional(Str()),
    cc: Type.Optional(
      Type.Union([Str(), Type.Array(Str())], { description: "`default` for the group's default CC list, or emails (comma-separated or a list)." }),
    ),
    cc_emails: Type.Optional(Type.Union([Str(), Type.Array(Str())])),
    message: Type.Optional(Str('The message in the invitations. Without it: the named message_template, else the group default.')),
    message_template: Type.Optional(Str("Name of one of the group's `message_templates` (ignoring case); used when no `message` is given.")),
    pdftext: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Sender (admin) field values by label or UUID.' })),
    signertext: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Pre-filled signer text field values by label or UUID.' })),
    reviewers: Type.Optional(
      Type.Array(ReviewerSchema, {
        description:
          'Reviewers of the whole document: emailed (with do_email) when the first invitations go out, and when the document is complete or rejected.',
      }),
    ),
    honorifics: Type.Optional(
      booleanish(
        'Show each recipient\'s `honorific` wherever their name is shown: email greetings ("Hello Dr Smith,"), the names in every email and on the final PDF\'s history page ("Dr Ann Smith"). Default false: titles are kept but not shown.',
      ),
    ),
    language: Type.Optional(
      Str(
        "Our extension: the language of the emails and of the final PDF's history page, one of en, de, fr, es, it, pt, nl, pl, ja, zh, ar, he (a region may follow, like pt-BR). Default en. Anything else is a 400 at language.",
      ),
    ),
    convert_sender_to_signer: Type.Optional(Booleanish),
    strict_fields: Type.Optional(Booleanish),
    email_verification: Type.Optional(
      booleanish(
        "Our extension (issue 29): every recipient without an `sms` number enters a one-time code sent to their email address before signing. Default: the group's `email_verification` setting (off unless set).",
      ),
    ),
    append_history: Type.Optional(booleanish("Append the signing-history page (with the original's SHA-256) to the final PDF.")),
    append_pdf: Type.Optional(booleanish('Append the validation information to the final PDF: the same page as append_history.')),
    return_signer_links: Type.Optional(Booleanish),
    redirect: Type.Optional(Str('http(s) URL signers are sent to after signing.')),
    pdf_password: Type.Optional(Str()),
    pdf_password_type: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  },
  { additionalProperties: true },
);

/** The properties of a send body and of one of its signers and reviewers, each any JSON value until parsed. */
export type SendBodyFields = { [K in keyof typeof SendBody.properties]?: unknown };
export type SendSignerFields = { [K in keyof typeof SendSignerSchema.properties]?: unknown };
export type ReviewerFields = { [K in keyof typeof ReviewerSchema.properties]?: unknown };
