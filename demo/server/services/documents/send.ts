/**
 * Sending a document: parse the body, load and check the group and template(s), plan the
 * recipients and fields, copy the source PDF, then store everything (document, recipients,
 * fields, template archive, history) in one transaction.
 */
import { applySendVerification } from '../signing/verification.ts';
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';
import type { Group } from '../../store/groups.ts';
import type { Template } from '../../store/templates.ts';
import { DELETED_TITLE } from '../../store/templates.ts';
import type { FieldElement } from 'esign-elements/fields';
import { checkFieldValue, normalizeFieldValue } from 'esign-elements/fields';
import { conflict, DomainError, invalidInput } from '../../domain/errors.ts';
import { deleteTemplateNow, templateFileName } from '../template-deletion.ts';
import { storeTemplate } from '../template-upload.ts';
import type { TextDocument, TextDocumentInput } from './text-document.ts';
import { documentTransition } from '../../domain/statuses.ts';
import type { DocumentRecord, NewRecipient, RecipientRecord } from '../../store/documents.ts';
import type { EmailAttachment } from '../../store/email-attachments.ts';
import type { DocumentDetailParts } from './views.ts';
import type { AuditActor, NewAuditEvent } from '../../store/documents-history.ts';
import { parseSendRequest } from './send-request.ts';
import type { SendRequest } from './send-request.ts';
import { planSend } from './send-plan.ts';
import type { SendPlan, SendTemplate } from './send-plan.ts';
import { buildSourcePdf } from './source-pdf.ts';
import { documentSourceFileName } from './repositories.ts';
import { emitDocumentEvent } from './events.ts';
import { emitEvent, snapshotOfStored } from '../../webhooks/emit.ts';
import type { WorkPool } from '../../work/pool.ts';
import { answering } from '../../work/failures.ts';
import { crashPoint } from '../../domain/crash-points.ts';

export interface SendCaller {
  userId: string;
  groupIds: readonly string[];
  actor: AuditActor;
}

export interface SendOptions {
  /** Renders a text document's HTML as a PDF with fields (services/documents/text-document.ts); without it text sends are refused. */
  renderText?: (groupId: string, input: TextDocumentInput) => Promise<TextDocument>;
  /** Defaults to the field model's value rules (src/fields checkFieldValue). */
  checkValue?: (element: FieldElement, value: string) => string | null;
  log?: (error: unknown) => void;
  /** When given, a send whose templates have code-93 (sender-written regex) fields is planned in the work pool. */
  work?: WorkPool;
  /** Runs in the send's transaction once the document is stored (a batch marks its row there); a throw undoes the send. */
  inTransaction?: (document: DocumentRecord) => void | Promise<void>;
  /** Where the group and templates are read; the store when not given. */
  reads?: SendReads;
}

/** Where a send reads its group (by id or slug) and its templates. */
export interface SendReads {
  group(ref: string): Promise<Group | undefined>;
  template(id: string): Promise<Template | undefined>;
}

/**
 * Reads that a batch shares among the documents of one chunk (services/batches/processor.ts): its group
 * and template are read once a chunk instead of once a document. A chunk lasts milliseconds, and the
 * send rechecks nothing later anyway (persistSend). The records are shared: the send only copies from them.
 */
export function sharedSendReads(store: Store): SendReads {
  const groups = new Map<string, Promise<Group | undefined>>();
  const templates = new Map<string, Promise<Template | undefined>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key);
    if (!hit) cache.set(key, (hit = read()));
    return hit;
  };
  return { group: (ref) => once(groups, ref, () => store.groups.find(ref)), template: (id) => once(templates, id, () => store.templates.get(id)) };
}

const fieldModelCheck = (element: FieldElement, value: string): string | null => checkFieldValue(element, value)?.message ?? null;

export interface SentDocument {
  document: DocumentRecord;
  recipients: RecipientRecord[];
  /** The detail view's parts as the send stored them (field count, invitation files, text source), read from nothing. */
  parts: DocumentDetailParts;
}

const invalid = (problems: { field: string; message: string }[]): DomainError =>
  invalidInput(
    `The document cannot be sent: ${problems.length === 1 ? problems[0].message : `${problems.length} problems, see fields.`}`,
    problems,
    'invalid_send',
  );

export async function sendDocument(store: Store, caller: SendCaller, body: unknown, options: SendOptions = {}): Promise<SentDocument> {
  const parsed = parseSendRequest(body);
  if (!parsed.ok) throw invalid(parsed.problems);
  let request = parsed.request;

  const group = await findVisibleGroup(store, caller, request.groupId, options.reads);
  // A text document: its HTML becomes a template (archived by the send) that is sent like any other.
  const fromText = request.textSource ? await templateFromText(store, caller, group, request, options) : null;
  if (fromText) request = { ...request, templateIds: [fromText.template.id], textSource: { ...request.textSource!, html: fromText.html } };
  try {
    return await sendFromTemplates(store, caller, group, request, options);
  } catch (error) {
    if (fromText) await deleteTemplateNow(store, fromText.template);
    throw error;
  }
}

/**
 * Every check a send makes, without sending: the same parse, group, template and plan as sendDocument
 * (a batch validates each queued document with it when it is added). Throws the send's own error.
 */
export async function checkSend(store: Store, caller: SendCaller, body: unknown, options: SendOptions = {}): Promise<void> {
  const parsed = parseSendRequest(body);
  if (!parsed.ok) throw invalid(parsed.problems);
  const group = await findVisibleGroup(store, caller, parsed.request.groupId, options.reads);
  // A text document is rendered when it is sent; its request and group are checked here.
  if (!parsed.request.textSource) await planFromTemplates(store, caller, group, parsed.request, options);
}

async function planFromTemplates(
  store: Store,
  caller: SendCaller,
  group: Group,
  request: SendRequest,
  options: SendOptions,
): Promise<{ templates: Template[]; plan: SendPlan; attachments: Map<string, EmailAttachment> }> {
  const templates = await Promise.all(
    request.templateIds.map((id, i) =>
      loadTemplate(store, caller, group, id, request.templateIds.length > 1 ? `templatepdf[${i}]` : 'templatepdf', options.reads),
    ),
  );
  const repeated = request.templateIds.find((id, i) => request.templateIds.indexOf(id) !== i);
  if (repeated) throw invalid([{ field: 'templatepdf', message: `templatepdf names template ${repeated} twice; a bundle lists each template once.` }]);

  const sendTemplates: SendTemplate[] = templates.map((t) => ({ id: t.id, title: t.title, fields: t.fields, pageCount: t.pageCount }));
  const defaultCc = group.defaultCc
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const sendGroup = { defaultCc, defaultMessageTemplate: group.defaultMessageTemplate ?? '', messageTemplates: group.messageTemplates };
  const hasPatterns = sendTemplates.some((t) => t.fields.some((f) => f.validation === 93));
  const planned =
    options.work && !options.checkValue && hasPatterns
      ? await answering(() =>
          options.work!.run(group.id, 'planSend', {
            request,
            group: sendGroup,
            templates: sendTemplates,
            ids: sendTemplates.flatMap((t) => t.fields.map(() => crypto.randomUUID())),
          }),
        )
      : planSend(request, sendGroup, sendTemplates, {
          newId: () => crypto.randomUUID(),
          checkValue: options.checkValue ?? fieldModelCheck,
          normalizeValue: (element, value) => normalizeFieldValue(element, value),
        });
  if (!planned.ok) throw invalid(planned.problems);
  const plan = planned.plan;
  const missing = [];
  const attachments = new Map<string, EmailAttachment>();
  for (const s of request.signers) {
    for (const aid of s.attachmentIds) {
      const attachment = attachments.get(aid) ?? (await store.emailAttachments.get(aid));
      if (attachment?.groupId === group.id) {
        attachments.set(aid, attachment);
        continue;
      }
      missing.push({
        field: `signers[${s.index}].attachments`,
        message: `signers[${s.index}].attachments: attachment '${aid}' not found in the send's group (upload it with POST /api/v1/attachment/).`,
      });
    }
  }
  if (missing.length) throw invalid(missing);
  return { templates, plan, attachments };
}

async function sendFromTemplates(store: Store, caller: SendCaller, group: Group, request: SendRequest, options: SendOptions): Promise<SentDocument> {
  const { templates, plan, attachments } = await planFromTemplates(store, caller, group, request, options);
  // One template: the document's name references the template's blob (no copy; the blob is immutable, so a later
  // change or deletion of the template leaves the document's PDF as sent), linked in the send's transaction.
  // Several: their merge is a new blob, written before the transaction (a crash leaves at worst an orphan name,
  // never a row without its PDF) and removed again if the send fails.
  const id = crypto.randomUUID();
  const sourceFile = documentSourceFileName(id);
  const merged = templates.length > 1;
  if (merged) {
    try {
      await store.files.write(sourceFile, await buildSourcePdf(await Promise.all(templates.map((t) => store.files.read(templateFileName(t.id))))));
    } catch (error) {
      throw pdfUnavailable(error);
    }
  }

  let sent: SentDocument;
  try {
    // Read committed, not serializable: concurrent sends all bump the same document_counts row (at COMMIT) and the
    // template blob's reference count, and under serializable they would take turns through retries (pg_send_rps_ratio).
    // Nothing here reads a row to decide a write except archive_upon_send, which archives with a conditional update instead.
    sent = await store.transaction(
      async () => {
        const stored = await persistSend(store, caller, { id, request, group, templates, plan, attachments, sourceFile });
        crashPoint('send:transaction');
        await options.inTransaction?.(stored.document);
        // Last: the blob's counter row stays locked from this update to COMMIT.
        if (!merged) await linkSourcePdf(store, templates[0]!, sourceFile);
        return stored;
      },
      { isolation: 'read committed' },
    );
  } catch (error) {
    if (merged) await store.files.remove(sourceFile);
    throw error;
  }
  await emitDocumentEvent(store, { object: 'document', event: 'created', documentId: id, document: sent.document }, options.log);
  return sent;
}

/** A missing template PDF is the caller's conflict; a store outage (503) or full disk (507) stays what it is. */
const pdfUnavailable = (error: unknown): DomainError =>
  error instanceof DomainError
    ? error
    : conflict(`The template PDF could not be copied to the document (${error instanceof Error ? error.message : String(error)}).`, 'template_pdf_unavailable');

/** Points the document's source PDF at the template's blob; a template whose PDF is gone is a 409, a blob store away a 503. */
async function linkSourcePdf(store: Store, template: Template, sourceFile: string): Promise<void> {
  try {
    await store.files.link(templateFileName(template.id), sourceFile);
  } catch (error) {
    throw pdfUnavailable(error);
  }
}

interface SendToStore {
  id: string;
  request: SendRequest;
  group: Group;
  templates: Template[];
  plan: SendPlan;
  /** The invitation files the send checked, by id. */
  attachments: Map<string, EmailAttachment>;
  sourceFile: string;
}

/** The send's writes, in the caller's transaction: document, recipients, fields, template archive, history, webhook. */
async function persistSend(
  store: Store,
  caller: SendCaller,
  { id, request, group, templates, plan, attachments, sourceFile }: SendToStore,
): Promise<SentDocument> {
  const { documents, history } = store;
  // The templates are not read again here. Under read committed a second look would only narrow the race with an
  // archive or deletion committing meanwhile, not close it; and either order is a correct outcome, since the document
  // holds its own reference to the PDF it was sent with. A template already swept away has no PDF name left:
  // linking the document's source PDF then fails with a 409.
  const recipients: NewRecipient[] = plan.recipients.map((r, position) => ({
    id: crypto.randomUUID(),
    position,
    order: r.order,
    role: r.role,
    signerNumber: r.signerNumber,
    witnessOf: r.witnessOf,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    tel: r.tel,
    honorific: r.honorific,
    message: r.message,
    subject: r.subject,
    redirect: r.redirect,
    reviewers: r.reviewers,
    status: r.status,
    rejectionReason: '',
    hasFields: r.hasFields,
  }));
  const { document, recipients: stored } = await documents.insert(
    {
      id,
      groupId: group.id,
      userId: caller.userId,
      name: request.name,
      status: documentTransition(null, 'send'),
      templateIds: request.templateIds,
      tag: request.tag,
      tag1: request.tag1,
      tag2: request.tag2,
      tag3: request.tag3,
      doEmail: request.doEmail,
      signersInOrder: request.signersInOrder,
      cc: plan.cc,
      message: plan.message,
      messageTemplate: plan.messageTemplate,
      redirect: request.redirect,
      honorifics: request.honorifics,
      language: request.language,
      convertSenderToSigner: request.convertSenderToSigner,
      strictFields: request.strictFields,
      // append_pdf is the hosted service's older "append validation information" flag; our appended page carries that
      // information (document id, SHA-256 of the original) with the history, so either flag appends it.
      appendHistory: request.appendHistory || request.appendPdf,
      appendPdf: request.appendPdf,
      returnSignerLinks: request.returnSignerLinks,
      pdfPassword: request.pdfPassword,
      pdfPasswordType: request.pdfPasswordType,
      pageCount: plan.pageCount,
      pages: templates.flatMap((t) => t.pages),
      reviewers: request.reviewers,
      skipped: plan.skipped.map((s) => ({
        firstname: s.signer.firstname,
        lastname: s.signer.lastname,
        email: s.signer.email,
        role: s.role,
        signerNumber: s.signerNumber,
        reason: s.reason,
      })),
      sourceFile,
    },
    recipients,
    plan.fields,
  );

  // Invitation attachments, by the position the recipients were created in.
  for (const [i, r] of recipients.entries()) await store.emailAttachments.attachToRecipient(r.id, plan.recipients[i]!.attachmentIds);

  const source = request.textSource;
  const text = source && { documentId: id, textTemplateId: source.textTemplateId, html: source.html, header: source.header, footer: source.footer };
  if (text) await store.documentTexts.insert(text);

  const events: NewAuditEvent[] = [
    {
      event: 'document_sent',
      actor: caller.actor,
      details: {
        name: request.name,
        templates: request.templateIds,
        recipients: recipients.map((r) => ({ id: r.id, email: r.email, role: r.role, order: r.order })),
        skipped: document.skipped,
        do_email: request.doEmail,
      },
    },
  ];
  for (const r of recipients) {
    if (r.status !== 4) events.push({ event: 'recipient_sent', actor: caller.actor, details: { email: r.email, status: r.status }, recipientId: r.id });
  }
  for (const t of templates) {
    if (!t.archiveUponSend) continue;
    // A concurrent send of the same archive_upon_send template archived it first: that one wins, this one is refused.
    if (!(await store.templates.archiveIfActive(t.id))) assertSendable({ ...t, archived: true }, 'templatepdf');
    events.push({ event: 'template_archived', actor: caller.actor, details: { templatepdf: t.id, reason: 'archive_upon_send' } });
  }
  await history.startChain(id, events);
  // One-time codes (issue 29): email codes asked by the send or the group, and recipients the sender vouches for.
  const emailVerification = request.emailVerification ?? group.emailVerification;
  await applySendVerification(
    store,
    id,
    recipients.map((r, i) => ({ id: r.id, tel: r.tel, emailVerification, verifiedBySender: plan.recipients[i]!.verifiedBySender })),
    caller.actor,
  );
  // Webhook document.created: written to the outbox in this transaction, so it exists exactly when the document does.
  await emitEvent(store, { object: 'document', event: 'created', documentId: id, snapshot: snapshotOfStored(document, group.slug, stored) });
  const parts: DocumentDetailParts = {
    fieldCount: plan.fields.length,
    // As attachToRecipient stored them: each file once, where it was first given.
    invitationFiles: recipients.map((r, i) => ({
      recipientId: r.id,
      attachments: [...new Set(plan.recipients[i]!.attachmentIds)].flatMap((aid) => attachments.get(aid) ?? []),
    })),
    text,
  };
  return { document, recipients: stored, parts };
}

/**
 * Renders the send's text (its own, or its text template's) and stores it as a template archived by the send;
 * answers that template and the HTML it was made from.
 */
async function templateFromText(
  store: Store,
  caller: SendCaller,
  group: Group,
  request: SendRequest,
  options: SendOptions,
): Promise<{ template: Template; html: string }> {
  const source = request.textSource!;
  let html = source.html;
  if (source.textTemplateId) {
    const textTemplate = await store.textTemplates.get(source.textTemplateId);
    if (!textTemplate || !caller.groupIds.includes(textTemplate.groupId) || textTemplate.groupId !== group.id) {
      throw invalid([
        { field: 'template', message: `template: text template '${source.textTemplateId}' not found in the send's group, or your API key cannot see it.` },
      ]);
    }
    if (textTemplate.archived) throw conflict(`template: text template '${textTemplate.id}' is archived and cannot be sent.`, 'template_archived');
    html ||= textTemplate.latestText;
  }
  if (!options.renderText) throw invalid([{ field: 'text', message: 'text: this interface sends template PDFs only; send text documents through REST.' }]);
  const signeeCount = request.signers.filter((s) => (s.role ?? 'signer') === 'signer').length;
  const doc = await options.renderText(group.id, { title: request.name, html, signeeCount, header: source.header, footer: source.footer });
  const id = await storeTemplate(store, doc, {
    groupId: group.id,
    userId: caller.userId,
    title: request.name,
    processTags: true,
    archiveUponSend: true,
    hideSenderFields: false,
    fields: doc.fields,
  });
  return { template: (await store.templates.get(id))!, html };
}

async function findVisibleGroup(store: Store, caller: SendCaller, groupId: string, reads?: SendReads): Promise<Group> {
  const group = await (reads ? reads.group(groupId) : store.groups.find(groupId));
  if (!group || !caller.groupIds.includes(group.id)) {
    throw invalid([{ field: 'group', message: `group '${groupId}' not found, or your API key cannot see it.` }]);
  }
  return group;
}

async function loadTemplate(store: Store, caller: SendCaller, group: Group, id: string, field: string, reads?: SendReads): Promise<Template> {
  const template = await (reads ? reads.template(id) : store.templates.get(id));
  if (!template || !caller.groupIds.includes(template.groupId)) {
    throw invalid([{ field, message: `${field}: template PDF '${id}' not found, or your API key cannot see it.` }]);
  }
  if (template.groupId !== group.id) {
    throw invalid([{ field, message: `${field}: template PDF '${id}' belongs to another group than the send's group.` }]);
  }
  assertSendable(template, field);
  return template;
}

/** Archived or deleted templates cannot be sent: 409, since the request itself is well formed. */
function assertSendable(template: Template, field: string): void {
  if (template.title === DELETED_TITLE)
    throw conflict(`${field}: template PDF '${template.id}' is marked ${DELETED_TITLE} and will be removed; it cannot be sent.`, 'template_deleted');
  if (template.archived)
    throw conflict(`${field}: template PDF '${template.id}' is archived and cannot be sent; upload it again to send it.`, 'template_archived');
}
