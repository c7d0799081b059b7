/**
 * Webhook payloads, exactly as the specification's "Events" section lists them.
 * Pure functions of a snapshot: the caller reads the document/recipient state inside the
 * transaction that changes it, so the payload describes the state the event is about.
 */
import { randomUUID } from 'node:crypto';

export const WEBHOOK_PAYLOAD_VERSION = '1.0.0';

export const WEBHOOK_OBJECTS = ['document', 'recipient'] as const;
export type WebhookObject = (typeof WEBHOOK_OBJECTS)[number];

/** Every object/event pair of the specification's table. */
export const WEBHOOK_EVENTS = {
  document: ['created', 'rejected', 'finalPdfCreated'],
  recipient: ['completed', 'rejected', 'emailOpened', 'visiting', 'bounced', 'autoReminderEmail', 'emailNotification'],
} as const satisfies Record<WebhookObject, readonly string[]>;

export type DocumentEvent = (typeof WEBHOOK_EVENTS.document)[number];
export type RecipientEvent = (typeof WEBHOOK_EVENTS.recipient)[number];
export type WebhookEventName = DocumentEvent | RecipientEvent;

/** Pairs the specification marks "once": emitted at most once per document or recipient. */
const ONCE = new Set([
  'document.created',
  'document.rejected',
  'document.finalPdfCreated',
  'recipient.completed',
  'recipient.rejected',
  'recipient.emailOpened',
]);

export function isKnownEvent(object: string, event: string): boolean {
  const events = (WEBHOOK_EVENTS as Record<string, readonly string[]>)[object];
  return events !== undefined && events.includes(event);
}

export function isOnceEvent(object: string, event: string): boolean {
  return ONCE.has(`${object}.${event}`);
}

export type RecipientRoleText = 'signer' | 'approver' | 'witness';

/** What the builders need to know about one recipient. */
export interface RecipientSnapshot {
  uuid: string;
  email: string;
  order: number;
  status: number;
  statusText: string;
  firstname: string;
  lastname: string;
  role: RecipientRoleText;
  rejectReason?: string | null;
  /** 0 none, 1 hard bounce, 2 soft bounce, 3 delayed message (our numbering; spec: "integer"). */
  emailBounce?: number | null;
  emailBounceMessage?: string | null;
}

/** What the builders need to know about one document. */
export interface DocumentSnapshot {
  uuid: string;
  name: string;
  /** The group's UUID (its resource URI is `/api/v1/group/:groupId/`). */
  groupId: string;
  /** The group's slug: the document payload's `group` is a string, the recipient payload's a UUID. */
  groupSlug: string;
  status: number;
  statusText: string;
  tag?: string | null;
  tag1?: string | null;
  tag2?: string | null;
  tag3?: string | null;
  recipients: RecipientSnapshot[];
}

export interface DocumentEventData {
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
  uuid: string;
  name: string;
  group: string;
  groupResourceUri: string;
  resourceUri: string;
  status: number;
  statusText: string;
  recipients: DocumentRecipientEntry[];
}

export interface DocumentRecipientEntry {
  uuid: string;
  email: string;
  order: number;
  status: number;
  statusText: string;
  firstname: string;
  lastname: string;
  roleText: RecipientRoleText;
  resourceUri: string;
  rejectReason: string;
}

export interface RecipientEventData {
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
  uuid: string;
  email: string;
  group: string;
  order: number;
  status: number;
  document: string;
  documentName: string;
  lastname: string;
  firstname: string;
  roleText: RecipientRoleText;
  statusText: string;
  emailBounce: number;
  emailBounceMessage: string;
  rejectReason: string;
  resourceUri: string;
  groupResourceUri: string;
  documentResourceUri: string;
}

export interface WebhookPayload<D = DocumentEventData | RecipientEventData> {
  version: string;
  object: WebhookObject;
  created: number;
  id: string;
  event: WebhookEventName;
  data: D;
}

export const groupResourceUri = (groupId: string): string => `/api/v1/group/${groupId}/`;
export const documentResourceUri = (uuid: string): string => `/api/v1/document/${uuid}/`;
export const recipientResourceUri = (uuid: string): string => `/api/v1/signer/${uuid}/`;

const str = (value: string | null | undefined): string => value ?? '';

export function buildDocumentData(doc: DocumentSnapshot): DocumentEventData {
  return {
    tag: str(doc.tag),
    tag1: str(doc.tag1),
    tag2: str(doc.tag2),
    // Not in the specification's list; payloads only grow, and the send request accepts tag3.
    tag3: str(doc.tag3),
    uuid: doc.uuid,
    name: doc.name,
    group: doc.groupSlug,
    groupResourceUri: groupResourceUri(doc.groupId),
    resourceUri: documentResourceUri(doc.uuid),
    status: doc.status,
    statusText: doc.statusText,
    recipients: [...doc.recipients]
      .sort((a, b) => a.order - b.order)
      .map((r) => ({
        uuid: r.uuid,
        email: r.email,
        order: r.order,
        status: r.status,
        statusText: r.statusText,
        firstname: r.firstname,
        lastname: r.lastname,
        roleText: r.role,
        resourceUri: recipientResourceUri(r.uuid),
        rejectReason: str(r.rejectReason),
      })),
  };
}

export function buildRecipientData(doc: DocumentSnapshot, recipientUuid: string): RecipientEventData {
  const r = doc.recipients.find((candidate) => candidate.uuid === recipientUuid);
  if (!r) throw new Error(`recipient ${recipientUuid} is not a recipient of document ${doc.uuid}`);
  return {
    tag: str(doc.tag),
    tag1: str(doc.tag1),
    tag2: str(doc.tag2),
    tag3: str(doc.tag3),
    uuid: r.uuid,
    email: r.email,
    group: doc.groupId,
    order: r.order,
    status: r.status,
    document: doc.uuid,
    documentName: doc.name,
    lastname: r.lastname,
    firstname: r.firstname,
    roleText: r.role,
    statusText: r.statusText,
    emailBounce: r.emailBounce ?? 0,
    emailBounceMessage: str(r.emailBounceMessage),
    rejectReason: str(r.rejectReason),
    resourceUri: recipientResourceUri(r.uuid),
    groupResourceUri: groupResourceUri(doc.groupId),
    documentResourceUri: documentResourceUri(doc.uuid),
  };
}

export interface EnvelopeInput {
  object: WebhookObject;
  event: WebhookEventName;
  data: DocumentEventData | RecipientEventData;
  /** Event id; a new UUID unless given (a replay keeps the original). */
  id?: string;
  /** Milliseconds since the epoch; defaults to now. */
  now?: number;
}

export function buildPayload(input: EnvelopeInput): WebhookPayload {
  if (!isKnownEvent(input.object, input.event)) {
    throw new Error(`unknown webhook event ${input.object}.${input.event}`);
  }
  return {
    version: WEBHOOK_PAYLOAD_VERSION,
    object: input.object,
    created: Math.floor((input.now ?? Date.now()) / 1000),
    id: input.id ?? randomUUID(),
    event: input.event,
    data: input.data,
  };
}

/** Builds the payload of `object.event` about a document (and one of its recipients). */
export function buildEventPayload(
  object: WebhookObject,
  event: WebhookEventName,
  doc: DocumentSnapshot,
  recipientUuid?: string,
  options: { id?: string; now?: number } = {},
): WebhookPayload {
  let data: DocumentEventData | RecipientEventData;
  if (object === 'document') data = buildDocumentData(doc);
  else {
    if (!recipientUuid) throw new Error(`a recipient event (${event}) needs a recipient`);
    data = buildRecipientData(doc, recipientUuid);
  }
  return buildPayload({ object, event, data, ...options });
}
