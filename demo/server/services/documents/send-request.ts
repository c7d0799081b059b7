/**
 * Parses and normalises the body of `POST /api/v1/document/` ("Document (send request)" and
 * "Signer" in the specification). Pure: no store access. The result is resolved against the group
 * and the template(s) by `planSend` (send-plan.ts). What a send body holds is send-body.ts: every
 * property read here is named there (the field types below are keyed by that schema); this file
 * says what each value must be, with the messages of one 400 that names every problem.
 *
 * Decisions where the specification is silent are in docs/decisions/documents.md.
 */
import { Problems, isPlainObject, readBoolean, readEmail, readNonNegativeInt, readString, readUrl, isEmail } from './input.ts';
import type { InputProblem } from './input.ts';
import { readResourceRef } from './resource-ref.ts';
import type { ReviewerFields, SendBodyFields, SendSignerFields } from './send-body.ts';
import { HONORIFICS } from 'esign-elements/fields';
import { LOCALES } from 'esign-elements/i18n';
import { shippedLanguage } from '../../i18n/messages.ts';

export type SendRole = 'signer' | 'approver' | 'witness';

export interface Reviewer {
  email: string;
  firstname: string;
  lastname: string;
  includeLink: boolean;
}

export interface SendSigner {
  /** Position in the request's `signers` array (for error paths). */
  index: number;
  firstname: string;
  lastname: string;
  email: string;
  /** `order` as given, or the list position; recipients are sorted by it. */
  order: number;
  /** null: derive from the template's fields. */
  role: SendRole | null;
  skip: boolean;
  tel: string;
  /** The sender vouches for this recipient: no one-time code (issue 29). */
  verifiedBySender: boolean;
  honorific: string;
  message: string;
  subject: string;
  redirect: string;
  reviewers: Reviewer[];
  /** Email attachments (/api/v1/attachment/) that go with this recipient's invitation. */
  attachmentIds: string[];
}

export interface SendRequest {
  groupId: string;
  name: string;
  /** One template id, or several concatenated into one document (a bundle); empty for a text document. */
  templateIds: string[];
  /** A text document (`template` or `text` instead of templatepdf): its HTML becomes the document's PDF. */
  textSource: TextSource | null;
  /** Sorted by `order`. */
  signers: SendSigner[];
  doEmail: boolean;
  signersInOrder: boolean;
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
  /** `default` takes the group's default CC list at send. */
  cc: 'default' | string[];
  message: string;
  messageTemplate: string;
  pdftext: Record<string, string>;
  signertext: Record<string, string>;
  reviewers: Reviewer[];
  honorifics: boolean;
  /** The language of the emails and the history page (our extension; docs/decisions/documents.md). */
  language: string;
  convertSenderToSigner: boolean;
  strictFields: boolean;
  appendHistory: boolean;
  /** One-time codes by email for recipients without a number; null: the group's default (issue 29). */
  emailVerification: boolean | null;
  appendPdf: boolean;
  redirect: string;
  returnSignerLinks: boolean;
  pdfPassword: string;
  pdfPasswordType: 1 | 2 | null;
}

export interface TextSource {
  /** The text template it came from, if any. */
  textTemplateId: string | null;
  /** The HTML itself (`text`), or empty to take the text template's. */
  html: string;
  header: string;
  footer: string;
}

export type SendParseResult = { ok: true; request: SendRequest } | { ok: false; problems: InputProblem[] };

const ROLES = new Set<SendRole>(['signer', 'approver', 'witness']);
const NAME = { max: 60, pattern: /^[\p{L}\p{M}\p{N}_'’ .,-]+$/u, patternHint: "may hold only letters, digits, spaces and _ - ' . ," };
const TAG = { max: 250 };
// Unknown body fields are ignored, as everywhere in this API (forward compatibility, like the hosted
// service); that covers the deprecated sign_mouse, sign_type and sign_upload.
/** At most this many recipients on one document. */
export const MAX_SIGNERS = 99;

export function parseSendRequest(input: unknown): SendParseResult {
  const p = new Problems();
  if (!isPlainObject(input)) return { ok: false, problems: [{ field: '(body)', message: 'The body must be a JSON object with the document send fields.' }] };
  const body: SendBodyFields = input;

  const group = readResourceRef(body.group, 'group');
  if (body.group === undefined) p.add('group', 'group is required: the group resource URI, like /api/v1/group/{id}/.');
  else if (!group.ok) p.add('group', `group ${group.message}.`);

  const name = readString(body.name, 'name', p, { required: true, max: 250 });
  const textSource = readTextSource(body, p);
  const templateIds = textSource ? [] : readTemplates(body, p);
  const signers = readSigners(body.signers, p);

  const cc = readCc(body, p);
  const pdftext = readTextMap(body.pdftext, 'pdftext', p);
  const signertext = readTextMap(body.signertext, 'signertext', p);
  const reviewers = readReviewers(body.reviewers, 'reviewers', p);

  const pdfPassword = readString(body.pdf_password, 'pdf_password', p, {
    max: 150,
    pattern: /^[-\w ]*$/,
    patternHint: 'may hold only letters, digits, spaces, - and _',
  });
  let pdfPasswordType: 1 | 2 | null = null;
  if (body.pdf_password_type !== undefined && body.pdf_password_type !== null) {
    const t = Number(body.pdf_password_type);
    if (t === 1 || t === 2) pdfPasswordType = t;
    else p.add('pdf_password_type', 'pdf_password_type must be 1 (keep the password) or 2 (forget it once the document is signed).');
  }
  if (pdfPassword && pdfPasswordType === null && !p.list.some((x) => x.field === 'pdf_password_type'))
    p.add('pdf_password_type', 'pdf_password_type is required with pdf_password: 1 (keep) or 2 (forget once signed).');
  if (!pdfPassword && pdfPasswordType !== null) p.add('pdf_password', 'pdf_password_type was given without a pdf_password.');

  const request: SendRequest = {
    groupId: group.ok ? group.id : '',
    name,
    templateIds,
    textSource,
    signers,
    doEmail: readBoolean(body.do_email, 'do_email', p, false),
    signersInOrder: readBoolean(body.signers_in_order, 'signers_in_order', p, true),
    tag: readString(body.tag, 'tag', p, TAG),
    tag1: readString(body.tag1, 'tag1', p, TAG),
    tag2: readString(body.tag2, 'tag2', p, TAG),
    tag3: readString(body.tag3, 'tag3', p, TAG),
    cc,
    message: readString(body.message, 'message', p, { max: 10000 }),
    messageTemplate: readString(body.message_template, 'message_template', p, { max: 120 }),
    pdftext,
    signertext,
    reviewers,
    honorifics: readBoolean(body.honorifics, 'honorifics', p, false),
    language: readLanguage(body.language, p),
    convertSenderToSigner: readBoolean(body.convert_sender_to_signer, 'convert_sender_to_signer', p, false),
    strictFields: readBoolean(body.strict_fields, 'strict_fields', p, false),
    appendHistory: readBoolean(body.append_history, 'append_history', p, false),
    emailVerification:
      body.email_verification === undefined || body.email_verification === null ? null : readBoolean(body.email_verification, 'email_verification', p, false),
    appendPdf: readBoolean(body.append_pdf, 'append_pdf', p, false),
    redirect: readUrl(body.redirect, 'redirect', p, 250),
    returnSignerLinks: readBoolean(body.return_signer_links, 'return_signer_links', p, false),
    pdfPassword,
    pdfPasswordType,
  };
  return p.empty ? { ok: true, request } : { ok: false, problems: p.list };
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** `template` (a text template) or `text` (HTML), instead of templatepdf/bundle; null for a PDF send. */
function readTextSource(body: SendBodyFields, p: Problems): TextSource | null {
  const header = readString(body.header ?? '', 'header', p, { max: 100_000 });
  const footer = readString(body.footer ?? '', 'footer', p, { max: 100_000 });
  // An empty text is a text document with nothing in it (answered as such), unless another source is given.
  const emptyTextOnly = typeof body.text === 'string' && !given(body.templatepdf) && !given(body.bundle) && !given(body.template);
  if (!given(body.template) && !given(body.text) && !emptyTextOnly) return null;
  const key = given(body.template) ? 'template' : 'text';
  if (given(body.templatepdf) || given(body.bundle)) {
    p.add(key, `${key}: give one source: templatepdf (or bundle) for a PDF, or template or text for a text document.`);
    return null;
  }
  let textTemplateId: string | null = null;
  if (given(body.template)) {
    const ref = readResourceRef(body.template, 'template', { uuidOnly: true });
    if (ref.ok) textTemplateId = ref.id;
    else p.add('template', `template ${ref.message}.`);
  }
  const html = given(body.text) ? readString(body.text, 'text', p, { max: 1_000_000 }) : '';
  if (emptyTextOnly && html.trim() === '') p.add('text', "text is empty: give the document's HTML (or a text template in template, or a templatepdf).");
  return { textTemplateId, html, header, footer };
}

function readTemplates(body: SendBodyFields, p: Problems): string[] {
  if (body.templatepdf !== undefined && body.bundle !== undefined) {
    p.add('bundle', 'Give either templatepdf or bundle, not both.');
    return [];
  }
  const field = body.bundle !== undefined ? 'bundle' : 'templatepdf';
  const value = body[field];
  if (value === undefined || value === null) {
    p.add('templatepdf', 'templatepdf is required: the template PDF resource URI, like /api/v1/templatepdf/{id}/.');
    return [];
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) p.add(field, `${field} must name at least one template PDF.`);
  if (list.length > 20) p.add(field, `${field} may bundle at most 20 template PDFs (got ${list.length}).`);
  const ids: string[] = [];
  list.slice(0, 20).forEach((item, i) => {
    const path = Array.isArray(value) ? `${field}[${i}]` : field;
    const ref = readResourceRef(item, 'templatepdf', { webAppPrefix: 'tpl', uuidOnly: true });
    if (ref.ok) ids.push(ref.id);
    else p.add(path, `${path} ${ref.message}.`);
  });
  return ids;
}

/** At most this many files go with one invitation. */
const MAX_INVITATION_ATTACHMENTS = 10;

function readAttachmentRefs(value: unknown, at: string, p: Problems): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    p.add(at, `${at} must be a list of attachment resource URIs, like /api/v1/attachment/{id}/.`);
    return [];
  }
  if (value.length > MAX_INVITATION_ATTACHMENTS) p.add(at, `${at} may hold at most ${MAX_INVITATION_ATTACHMENTS} attachments (got ${value.length}).`);
  const ids: string[] = [];
  value.slice(0, MAX_INVITATION_ATTACHMENTS).forEach((item, i) => {
    const ref = readResourceRef(item, 'attachment', { webAppPrefix: 'att', uuidOnly: true });
    if (!ref.ok) p.add(`${at}[${i}]`, `${at}[${i}] ${ref.message}.`);
    else if (!ids.includes(ref.id)) ids.push(ref.id);
  });
  return ids;
}

function readSigners(value: unknown, p: Problems): SendSigner[] {
  if (!Array.isArray(value) || value.length === 0) {
    p.add('signers', 'signers must be a non-empty list of signer objects (firstname, lastname, email).');
    return [];
  }
  if (value.length > MAX_SIGNERS) {
    p.add('signers', `signers may hold at most ${MAX_SIGNERS} recipients (got ${value.length}).`);
    return [];
  }
  const signers: SendSigner[] = [];
  value.forEach((item, index) => {
    const at = `signers[${index}]`;
    if (!isPlainObject(item)) {
      p.add(at, `${at} must be an object with firstname, lastname and email.`);
      return;
    }
    // `sms`: an old name of `tel`, still read (not in the schema).
    const raw: SendSignerFields & { sms?: unknown } = item;
    let role: SendRole | null = null;
    if (raw.role !== undefined && raw.role !== null && raw.role !== '') {
      if (typeof raw.role === 'string' && ROLES.has(raw.role as SendRole)) role = raw.role as SendRole;
      else p.add(`${at}.role`, `${at}.role must be signer, approver or witness (or left out to take it from the template).`);
    }
    signers.push({
      index,
      firstname: readString(raw.firstname, `${at}.firstname`, p, { required: true, ...NAME }),
      lastname: readString(raw.lastname, `${at}.lastname`, p, { required: true, ...NAME }),
      email: readEmail(raw.email, `${at}.email`, p, true),
      order: readNonNegativeInt(raw.order, `${at}.order`, p) ?? index,
      role,
      skip: readBoolean(raw.skip, `${at}.skip`, p, false),
      tel: readString(raw.tel ?? raw.sms, `${at}.tel`, p, {
        max: 30,
        pattern: /^\+?[\d ()-]+$/,
        patternHint: 'must be a phone number in international format',
      }),
      verifiedBySender: readBoolean(raw.verified_by_sender, `${at}.verified_by_sender`, p, false),
      honorific: readHonorific(raw.honorific, `${at}.honorific`, p),
      message: readString(raw.message, `${at}.message`, p, { max: 10000 }),
      subject: readString(raw.subject, `${at}.subject`, p, { max: 150 }),
      redirect: readUrl(raw.redirect, `${at}.redirect`, p, 250),
      reviewers: readReviewers(raw.reviewers, `${at}.reviewers`, p),
      attachmentIds: readAttachmentRefs(raw.attachments, `${at}.attachments`, p),
    });
  });
  const byOrder = new Map<number, number>();
  for (const s of signers) {
    const other = byOrder.get(s.order);
    if (other !== undefined)
      p.add(`signers[${s.index}].order`, `signers[${s.index}].order ${s.order} is also the order of signers[${other}]; each signer needs its own position.`);
    else byOrder.set(s.order, s.index);
  }
  return signers.sort((a, b) => a.order - b.order);
}

/**
 * A title from the honorifics list of validation code 92 (src/fields/lists.ts), in any case and with
 * or without a final dot ("dr." is "Dr"); answered in the list's spelling. Anything else is a 400.
 */
function readHonorific(value: unknown, field: string, p: Problems): string {
  const text = readString(value, field, p, { max: 30 });
  if (text === '') return '';
  const wanted = text.trim().replace(/\.$/, '').toLowerCase();
  const found = HONORIFICS.find((h) => h.toLowerCase() === wanted);
  if (!found) p.add(field, `${field} must be one of ${HONORIFICS.join(', ')} (got ${JSON.stringify(text)}).`);
  return found ?? '';
}

function readCc(body: SendBodyFields, p: Problems): 'default' | string[] {
  if (body.cc !== undefined && body.cc_emails !== undefined) {
    p.add('cc', 'Give either cc or cc_emails, not both.');
    return [];
  }
  const field = body.cc !== undefined ? 'cc' : 'cc_emails';
  const value = body[field];
  if (value === undefined || value === null || value === '') return [];
  if (value === 'default') return 'default';
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : null;
  if (!items) {
    p.add(field, `${field} must be 'default', a comma-separated string of emails or a list of emails.`);
    return [];
  }
  const emails: string[] = [];
  items.forEach((item, i) => {
    const text = typeof item === 'string' ? item.trim() : '';
    if (text === '' && typeof value === 'string') return;
    if (!isEmail(text)) p.add(`${field}[${i}]`, `${field}[${i}] is not a valid email address: ${JSON.stringify(item)}.`);
    else emails.push(text);
  });
  if (emails.length > 50) p.add(field, `${field} may hold at most 50 addresses.`);
  return emails;
}

function readTextMap(value: unknown, field: string, p: Problems): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    p.add(field, `${field} must be an object mapping a field label or UUID to its text.`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
    else if (typeof v === 'string') out[key] = v;
    else p.add(`${field}.${key}`, `${field}.${key} must be a string.`);
    if (typeof out[key] === 'string' && out[key].length > 10000) p.add(`${field}.${key}`, `${field}.${key} is longer than 10000 characters.`);
  }
  return out;
}

function readReviewers(value: unknown, field: string, p: Problems): Reviewer[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    p.add(field, `${field} must be a list of reviewer objects (email, firstname, lastname, include_link).`);
    return [];
  }
  return value.flatMap((item, i) => {
    const at = `${field}[${i}]`;
    if (!isPlainObject(item)) {
      p.add(at, `${at} must be an object with at least an email.`);
      return [];
    }
    const raw: ReviewerFields = item;
    return [
      {
        email: readEmail(raw.email, `${at}.email`, p, true),
        firstname: readString(raw.firstname, `${at}.firstname`, p, { max: 60 }),
        lastname: readString(raw.lastname, `${at}.lastname`, p, { max: 60 }),
        includeLink: readBoolean(raw.include_link, `${at}.include_link`, p, false),
      },
    ];
  });
}

/** `language`: a tag whose base language ships (default English); anything else is a 400 naming the choices. */
function readLanguage(value: unknown, p: Problems): string {
  const text = readString(value, 'language', p, { max: 35 });
  if (text === '') return 'en';
  const language = shippedLanguage(text);
  if (language) return language;
  p.add('language', `language must be one of ${LOCALES.join(', ')} (a region may follow, like pt-BR); got "${text}".`);
  return 'en';
}
