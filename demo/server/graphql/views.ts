/**
 * Store records as the GraphQL types of schema.graphql (typed by hand against it). Nested fields
 * (Document.recipients, Recipient.document, …) are resolved in resolvers.ts from the ids kept here.
 */
import { webhookEventOf } from './webhook-resolvers.ts';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import type { Template } from '../store/templates.ts';
import type { Group } from '../store/groups.ts';
import type { User } from '../store/users.ts';
import type { EmailAttachment } from '../store/email-attachments.ts';
import type { RegistrationRow } from '../store/webhook-rows.ts';
import { encodeId } from './ids.ts';

/** GraphQL speaks `inprogress`/`completed`/`rejected` (GRAPHQL.md §3); REST numbers map onto them. */
const DOCUMENT_STATUS: Record<number, string> = { 10: 'inprogress', 20: 'inprogress', 30: 'completed', 40: 'removed', 50: 'rejected' };

export interface GqlDocument {
  id: string;
  name: string;
  status: string;
  tags: string[];
  created: string;
  modified: string;
  sourceTemplateId: string | null;
  /** REST ids, for the nested resolvers. */
  restId: string;
  groupId: string;
  templateId: string | null;
  /** The recipients, when they were read with the document (document-reads.ts). */
  loadedRecipients?: RecipientRecord[];
}

export function documentView(d: DocumentRecord, loadedRecipients?: RecipientRecord[]): GqlDocument {
  const templateId = d.templateIds[0] ?? null;
  return {
    id: encodeId('doc', d.id),
    name: d.name,
    status: DOCUMENT_STATUS[d.status] ?? String(d.status),
    tags: [d.tag, d.tag1, d.tag2, d.tag3].filter(Boolean),
    created: d.created,
    modified: d.modified,
    sourceTemplateId: templateId && encodeId('tpl', templateId),
    restId: d.id,
    groupId: d.groupId,
    templateId,
    loadedRecipients,
  };
}

export interface GqlRecipient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  roleType: 'SIGNER' | 'APPROVER' | 'WITNESS';
  status: string;
  recipientOrder: number;
  documentId: string;
}

const RECIPIENT_STATUS: Record<number, string> = { 40: 'completed', 50: 'completed', 60: 'rejected', 70: 'withdrawn' };

export function recipientView(r: RecipientRecord): GqlRecipient {
  return {
    id: encodeId('rec', r.id),
    firstName: r.firstname,
    lastName: r.lastname,
    email: r.email,
    phoneNumber: r.tel,
    roleType: r.role === 'approver' ? 'APPROVER' : r.role === 'witness' ? 'WITNESS' : 'SIGNER',
    status: RECIPIENT_STATUS[r.status] ?? 'inprogress',
    recipientOrder: r.order,
    documentId: r.documentId,
  };
}

export type GqlTemplate = ReturnType<typeof templateView>;

export function templateView(t: Template) {
  return {
    restId: t.id,
    id: encodeId('tpl', t.id),
    title: t.title,
    pageCount: t.pageCount,
    pageDimensions: JSON.stringify(t.pages),
    archived: t.archived,
    groupId: encodeId('grp', t.groupId),
    createdBy: encodeId('usr', t.userId),
    created: t.created,
    modified: t.modified,
    elementConnection: {
      totalCount: t.fields.length,
      templateElements: t.fields.map((f) => ({
        id: f.uuid ? encodeId('ele', f.uuid) : '',
        elementType: f.element_type,
        page: f.page,
        ax: f.ax,
        ay: f.ay,
        bx: f.bx,
        by: f.by,
        signer: f.signer,
        label: f.label,
        optional: f.optional,
        value: f.value,
      })),
    },
  };
}

export function groupView(g: Group) {
  return { id: encodeId('grp', g.id), name: g.name, publicName: g.profile.publicName || g.name, created: g.created };
}

export interface GqlUser {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  timeZone: string;
  restId: string;
}

export function userView(u: User): GqlUser {
  return {
    id: encodeId('usr', u.id),
    name: `${u.firstName} ${u.lastName}`.trim() || u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    timeZone: u.timezone,
    restId: u.id,
  };
}

export function attachmentView(a: EmailAttachment) {
  const dot = a.filename.lastIndexOf('.');
  return {
    id: encodeId('att', a.id),
    filename: a.filename,
    extension: dot > 0 ? a.filename.slice(dot + 1) : null,
    description: a.description,
    created: a.created,
    createdBy: encodeId('usr', a.userId),
  };
}

export function webhookView(w: RegistrationRow) {
  return {
    id: encodeId('whk', w.id),
    url: w.callback_url,
    event: webhookEventOf(w.object_filter, w.event_filter),
    enabled: true,
    created: new Date(w.created_ms).toISOString(),
    groupId: w.group_id && encodeId('grp', w.group_id),
  };
}
