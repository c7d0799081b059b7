/**
 * `emitEvent`: the one call the operations make. It reads the document and its recipients as
 * they are now (inside the caller's transaction, so after the state change) and writes the event
 * to the outbox. Call it inside the same `store.transaction(...)` as the change:
 *
 *   store.transaction(() => {
 *     ...update the recipient to completed...
 *     emitEvent(store, { object: 'recipient', event: 'completed', documentId, recipientId });
 *   });
 */
import type { Store } from '../store/index.ts';
import { documentStatusText, recipientStatusText } from '../domain/statuses.ts';
import { enqueueEvent } from './outbox.ts';
import type { EnqueueResult } from './outbox.ts';
import type { DocumentSnapshot, RecipientRoleText, RecipientSnapshot, WebhookEventName, WebhookObject } from './payload.ts';
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import type { EventDocumentRow, EventRecipientRow } from '../store/webhook-rows.ts';

export interface EmitInput {
  object: WebhookObject;
  event: WebhookEventName;
  documentId: string;
  /** Required for recipient events. */
  recipientId?: string;
  /** For `bounced`: 1 hard, 2 soft, 3 delayed, and the transport's words. */
  emailBounce?: number;
  emailBounceMessage?: string;
  /** The document as the caller's transaction holds it (snapshotOfStored), when it has just written it: saves reading it back. */
  snapshot?: DocumentSnapshot;
}

/** The document and its recipients as the payload builders need them; undefined if unknown. */
export async function loadDocumentSnapshot(store: Store, documentId: string): Promise<DocumentSnapshot | undefined> {
  const doc = await store.webhooks.eventDocument(documentId);
  if (!doc) return undefined;
  return snapshotOf(doc, await store.webhooks.eventRecipients(documentId));
}

/**
 * The snapshot of a document its caller has just written and holds (a send: the rows its INSERTs
 * answered), without reading them back; the same as loadDocumentSnapshot would read in its transaction.
 */
export function snapshotOfStored(document: DocumentRecord, groupSlug: string, recipients: readonly RecipientRecord[]): DocumentSnapshot {
  return snapshotOf(
    {
      id: document.id,
      name: document.name,
      group_id: document.groupId,
      slug: groupSlug,
      status: document.status,
      tag: document.tag,
      tag1: document.tag1,
      tag2: document.tag2,
      tag3: document.tag3,
    },
    recipients.map((r) => ({
      id: r.id,
      email: r.email,
      order_no: r.order,
      status: r.status,
      firstname: r.firstname,
      lastname: r.lastname,
      role: r.role,
      rejection_reason: r.rejectionReason,
    })),
  );
}

function snapshotOf(doc: EventDocumentRow, rows: readonly EventRecipientRow[]): DocumentSnapshot {
  const recipients: RecipientSnapshot[] = rows.map((r) => ({
    uuid: r.id,
    email: r.email,
    order: r.order_no,
    status: r.status,
    statusText: recipientStatusText(r.status),
    firstname: r.firstname,
    lastname: r.lastname,
    role: r.role as RecipientRoleText,
    rejectReason: r.rejection_reason,
  }));
  return {
    uuid: doc.id,
    name: doc.name,
    groupId: doc.group_id,
    groupSlug: doc.slug,
    status: doc.status,
    statusText: documentStatusText(doc.status),
    tag: doc.tag,
    tag1: doc.tag1,
    tag2: doc.tag2,
    tag3: doc.tag3,
    recipients,
  };
}

/** The document a recipient belongs to, or undefined. */
export async function documentIdOfRecipient(store: Store, recipientId: string): Promise<string | undefined> {
  return await store.webhooks.documentIdOfRecipient(recipientId);
}

async function snapshotFor(store: Store, input: EmitInput): Promise<DocumentSnapshot> {
  const snapshot = input.snapshot ?? (await loadDocumentSnapshot(store, input.documentId));
  if (!snapshot) throw new Error(`webhook ${input.object}.${input.event}: document ${input.documentId} does not exist`);
  if (input.object === 'recipient') {
    const recipient = snapshot.recipients.find((r) => r.uuid === input.recipientId);
    if (!recipient) throw new Error(`webhook recipient.${input.event}: ${input.recipientId} is not a recipient of ${input.documentId}`);
    if (input.emailBounce !== undefined) recipient.emailBounce = input.emailBounce;
    if (input.emailBounceMessage !== undefined) recipient.emailBounceMessage = input.emailBounceMessage;
  }
  return snapshot;
}

/**
 * Writes `object.event` about a document (or one of its recipients) to the outbox. Returns null
 * when a "once" event was already emitted for that document/recipient. Throws on an unknown
 * document or recipient, which rolls the caller's transaction back: an operation on a missing
 * document is a bug, not something to hide.
 */
export async function emitEvent(store: Store, input: EmitInput): Promise<EnqueueResult | null> {
  return await enqueueEvent(store, {
    object: input.object,
    event: input.event,
    snapshot: await snapshotFor(store, input),
    recipientId: input.recipientId,
  });
}

/** A dashboard test event about a real document/recipient, sent only to `registrationIds`. */
export async function triggerEvent(store: Store, input: EmitInput, registrationIds: string[]): Promise<EnqueueResult | null> {
  return await enqueueEvent(store, {
    object: input.object,
    event: input.event,
    snapshot: await snapshotFor(store, input),
    recipientId: input.recipientId,
    origin: 'trigger',
    onlyRegistrations: registrationIds,
  });
}

/** Kinds of queued email that are automatic reminders (the rest are notifications). */
const REMINDER_KINDS = new Set(['reminder', 'auto_reminder']);

/**
 * For the mail transport, when it has handed an email to a recipient over (call in the same
 * transaction that marks the email sent): `recipient.autoReminderEmail` for reminders,
 * `recipient.emailNotification` for every other email. Emails not addressed to a recipient of an
 * existing document emit nothing (null); it never throws for that, so a sent email is never
 * rolled back into "unsent".
 */
export async function emitEmailSentEvent(
  store: Store,
  email: { documentId: string | null; recipientId: string | null; kind: string },
): Promise<EnqueueResult | null> {
  if (!email.documentId || !email.recipientId) return null;
  if ((await documentIdOfRecipient(store, email.recipientId)) !== email.documentId) return null;
  const event = REMINDER_KINDS.has(email.kind) ? 'autoReminderEmail' : 'emailNotification';
  return await emitEvent(store, { object: 'recipient', event, documentId: email.documentId, recipientId: email.recipientId });
}
