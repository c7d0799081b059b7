/**
 * What an API key can do with one signer of a sent document (the description's /signer/{id}/… operations):
 * its fields, a fresh one-use link, a reminder email, its rejection. No HTTP here.
 */
import type { Store } from '../../store/index.ts';
import type { DocumentRecord, RecipientRecord } from '../../store/documents.ts';
import { DOCUMENT_STATUS, RECIPIENT_STATUS } from '../../domain/statuses.ts';
import { invalidInput } from '../../domain/errors.ts';
import { mintLinkToken, signingUrl } from '../../auth/link-tokens.ts';
import { reminderEmail } from '../../email/messages.ts';
import type { AuditActor } from '../../store/documents-history.ts';

/** Invited and still to act: the recipients a reminder or a new link makes sense for. */
const WAITING: readonly number[] = [
  RECIPIENT_STATUS.sent,
  RECIPIENT_STATUS.emailOpened,
  RECIPIENT_STATUS.visited,
  RECIPIENT_STATUS.fieldsComplete,
  RECIPIENT_STATUS.fieldsCompleteExcludingSignature,
];

/** `GET /signer/{id}/fields1/`: the signer's own fields, with what it has filled so far. */
export async function signerFieldValues(store: Store, recipient: RecipientRecord) {
  return (await store.documents.fields(recipient.documentId))
    .filter((f) => f.signer === recipient.signerNumber)
    .map((f) => ({
      uuid: f.uuid,
      element_type: f.element_type,
      label: f.label,
      label_extra: f.label_extra ?? '',
      state: (f.value ?? '') !== '',
      fieldorder: f.fieldorder ?? null,
      value: f.value ?? '',
    }));
}

function ensureOpen(document: DocumentRecord, recipient: RecipientRecord, what: string): void {
  if (document.status !== DOCUMENT_STATUS.available)
    throw invalidInput(
      `Document '${document.id}' is no longer open for signing (status ${document.status}); ${what} is not possible.`,
      undefined,
      'document_closed',
    );
  if (!WAITING.includes(recipient.status))
    throw invalidInput(
      `Signer '${recipient.id}' has nothing left to do now (status ${recipient.status}); ${what} is not possible.`,
      undefined,
      'signer_not_waiting',
    );
}

/** `GET /signer/{id}/new-link/`: a fresh signing link (one-use link token, as in invitations). */
export async function newSigningLink(
  store: Store,
  context: { dataDir: string; baseUrl: string },
  document: DocumentRecord,
  recipient: RecipientRecord,
  actor: AuditActor,
): Promise<string> {
  ensureOpen(document, recipient, 'a new link');
  await store.history.record(document.id, 'signer_link_created', actor, {}, recipient.id);
  return signingUrl(context.baseUrl, recipient.id, mintLinkToken(context.dataDir, recipient.id, document.id));
}

/** `POST /signer/{id}/send-reminder/`: queues a reminder email now, with the caller's text. */
export async function sendReminder(
  store: Store,
  context: { dataDir: string; baseUrl: string },
  document: DocumentRecord,
  recipient: RecipientRecord,
  text: string,
  actor: AuditActor,
): Promise<void> {
  ensureOpen(document, recipient, 'a reminder');
  const { history } = store;
  const email = await reminderEmail(store, context.dataDir, context.baseUrl, document, recipient, text.trim());
  await store.transaction(async () => {
    // Its own kind: a reminder the sender asked for is no step of the automatic schedule (email/reminders.ts counts
    // kind 'reminder') and, once sent, is reported as recipient.emailNotification, never autoReminderEmail.
    await history.queueEmail({ documentId: document.id, recipientId: recipient.id, kind: 'manual_reminder', to: recipient.email, cc: [], ...email });
    await history.record(document.id, 'reminder_queued', actor, { manual: true }, recipient.id);
  });
}

/**
 * `POST /signer/{id}/reset/`: back to an earlier signer after a forward. This server has no forwarding
 * (a recipient cannot hand its signing to someone else), so there is never an earlier signer: a 400 that says so.
 */
export function resetSigner(recipient: RecipientRecord, email: string): never {
  if (email.trim().toLowerCase() === recipient.email.toLowerCase())
    throw invalidInput(`${email} is already this signer's email.`, [{ field: 'email', message: 'is the current signer' }], 'same_email');
  throw invalidInput(
    `Signer '${recipient.id}' was never forwarded, so there is no earlier signer ${email} to reset to.`,
    [{ field: 'email', message: 'no earlier signer with this email' }],
    'no_earlier_signer',
  );
}
