/**
 * Document and recipient states, and the one transition table that moves them.
 *
 * Numbers and texts are the hosted service's. Every change of a document's or a recipient's
 * status goes through `documentTransition` / `recipientTransition`, so an impossible move
 * (signing a removed document, sending twice) is refused in one place with a `TransitionError`,
 * which the routes answer with 409.
 */

export const DOCUMENT_STATUS = {
  available: 10,
  fieldsComplete: 20,
  completed: 30,
  removed: 40,
  rejected: 50,
} as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];

const DOCUMENT_STATUS_TEXTS: Readonly<Record<number, string>> = {
  10: 'available',
  20: 'fields complete',
  30: 'completed',
  40: 'removed',
  50: 'rejected',
};

export const RECIPIENT_STATUS = {
  unsent: 4,
  scheduled: 5,
  sent: 10,
  emailOpened: 15,
  visited: 20,
  fieldsComplete: 30,
  fieldsCompleteExcludingSignature: 35,
  witnessingRequired: 39,
  completed: 40,
  downloadedFinal: 50,
  rejected: 60,
  withdrawn: 70,
} as const;
export type RecipientStatus = (typeof RECIPIENT_STATUS)[keyof typeof RECIPIENT_STATUS];

// Texts as the specification's States table spells them (50 is "download final document").
const RECIPIENT_STATUS_TEXTS: Readonly<Record<number, string>> = {
  4: 'unsent',
  5: 'scheduled',
  10: 'sent',
  15: 'email opened',
  20: 'visited',
  30: 'fields complete',
  35: 'fields complete excluding signature',
  39: 'witnessing required',
  40: 'completed',
  50: 'download final document',
  60: 'rejected',
  70: 'withdrawn',
};

/** `statusText` of a document status; `unknown` for any number outside the table. */
export function documentStatusText(status: unknown): string {
  return typeof status === 'number' ? (DOCUMENT_STATUS_TEXTS[status] ?? 'unknown') : 'unknown';
}

/** `statusText` of a recipient status; `unknown` for any number outside the table. */
export function recipientStatusText(status: unknown): string {
  return typeof status === 'number' ? (RECIPIENT_STATUS_TEXTS[status] ?? 'unknown') : 'unknown';
}

export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return typeof value === 'number' && value in DOCUMENT_STATUS_TEXTS;
}

export function isRecipientStatus(value: unknown): value is RecipientStatus {
  return typeof value === 'number' && value in RECIPIENT_STATUS_TEXTS;
}

/** What can happen to a document. `send` creates it (from no status). */
export type DocumentEvent = 'send' | 'fields_complete' | 'complete' | 'reject' | 'remove';

/** What can happen to one recipient. */
export type RecipientEvent =
  | 'schedule'
  | 'send'
  | 'email_opened'
  | 'visit'
  | 'fields_complete'
  | 'fields_complete_excluding_signature'
  | 'witness_required'
  | 'witness_released'
  | 'complete'
  | 'approve'
  | 'reject'
  | 'withdraw'
  | 'download_final';

/**
 * One row: `event` moves a status in `from` to `to`; `to: 'same'` means the event is recorded but
 * the status does not change (visiting again, opening the email after visiting).
 * `from: null` is "not created yet".
 */
interface Transition<E extends string, S extends number> {
  event: E;
  from: readonly (S | null)[];
  to: S | 'same';
}

const D = DOCUMENT_STATUS;
const R = RECIPIENT_STATUS;

/** Statuses in which a recipient still has work to do on the document. */
const R_PENDING = [R.unsent, R.scheduled, R.sent, R.emailOpened, R.visited, R.fieldsComplete, R.fieldsCompleteExcludingSignature] as const;
/** Statuses in which a recipient can act (its invitation went out). */
const R_ACTIVE = [R.sent, R.emailOpened, R.visited, R.fieldsComplete, R.fieldsCompleteExcludingSignature] as const;

export const DOCUMENT_TRANSITIONS: readonly Transition<DocumentEvent, DocumentStatus>[] = [
  { event: 'send', from: [null], to: D.available },
  // Every recipient finished; the final PDF is being made.
  { event: 'fields_complete', from: [D.available], to: D.fieldsComplete },
  // The final PDF exists.
  { event: 'complete', from: [D.available, D.fieldsComplete], to: D.completed },
  { event: 'reject', from: [D.available, D.fieldsComplete], to: D.rejected },
  // Removing (DELETE) archives the document whatever its outcome, but only once.
  { event: 'remove', from: [D.available, D.fieldsComplete, D.completed, D.rejected], to: D.removed },
];

export const RECIPIENT_TRANSITIONS: readonly Transition<RecipientEvent, RecipientStatus>[] = [
  { event: 'schedule', from: [R.unsent], to: R.scheduled },
  // Sending twice is an error: only an unsent or scheduled recipient can be sent.
  { event: 'send', from: [R.unsent, R.scheduled], to: R.sent },
  { event: 'email_opened', from: [R.sent], to: R.emailOpened },
  { event: 'email_opened', from: [R.visited, R.fieldsComplete, R.fieldsCompleteExcludingSignature], to: 'same' },
  { event: 'visit', from: [R.sent, R.emailOpened], to: R.visited },
  { event: 'visit', from: [R.visited, R.fieldsComplete, R.fieldsCompleteExcludingSignature], to: 'same' },
  { event: 'fields_complete', from: [...R_ACTIVE], to: R.fieldsComplete },
  {
    event: 'fields_complete_excluding_signature',
    from: [R.sent, R.emailOpened, R.visited, R.fieldsCompleteExcludingSignature],
    to: R.fieldsCompleteExcludingSignature,
  },
  // A witnessed signer has signed; it waits at 39 until its witness signs.
  { event: 'witness_required', from: [...R_ACTIVE], to: R.witnessingRequired },
  { event: 'witness_released', from: [R.witnessingRequired], to: R.completed },
  { event: 'complete', from: [...R_ACTIVE], to: R.completed },
  { event: 'approve', from: [...R_ACTIVE], to: R.completed },
  { event: 'reject', from: [...R_ACTIVE, R.witnessingRequired], to: R.rejected },
  // The document was removed or rejected by someone else while this recipient still had work to do.
  { event: 'withdraw', from: [...R_PENDING, R.witnessingRequired], to: R.withdrawn },
  { event: 'download_final', from: [R.completed], to: R.downloadedFinal },
  { event: 'download_final', from: [R.downloadedFinal], to: 'same' },
];

/** An event that the table does not allow from the current status. Routes answer 409. */
export class TransitionError extends Error {
  readonly statusCode = 409;
  readonly code = 'invalid_transition';
  readonly entity: 'document' | 'recipient';
  readonly event: string;
  readonly from: number | null;

  constructor(entity: 'document' | 'recipient', event: string, from: number | null, message: string) {
    super(message);
    this.name = 'TransitionError';
    this.entity = entity;
    this.event = event;
    this.from = from;
  }
}

function find<E extends string, S extends number>(table: readonly Transition<E, S>[], event: E, from: S | null): Transition<E, S> | undefined {
  return table.find((row) => row.event === event && row.from.includes(from));
}

const DOCUMENT_REFUSALS: Partial<Record<number, string>> = {
  40: 'the document has been removed',
  30: 'the document is already completed',
  50: 'the document has been rejected',
};

/** The status a document moves to on `event`; throws `TransitionError` when the move is not allowed. */
export function documentTransition(from: DocumentStatus | null, event: DocumentEvent): DocumentStatus {
  const row = find(DOCUMENT_TRANSITIONS, event, from);
  if (row) return row.to === 'same' ? (from as DocumentStatus) : row.to;
  const why = from === null ? 'the document does not exist yet' : (DOCUMENT_REFUSALS[from] ?? `its status is ${from} (${documentStatusText(from)})`);
  const what = event === 'send' ? 'the document has already been sent' : why;
  throw new TransitionError('document', event, from, `Cannot ${event.replaceAll('_', ' ')} this document: ${what}.`);
}

/** The status a recipient moves to on `event`; throws `TransitionError` when the move is not allowed. */
export function recipientTransition(from: RecipientStatus, event: RecipientEvent): RecipientStatus {
  const row = find(RECIPIENT_TRANSITIONS, event, from);
  if (row) return row.to === 'same' ? from : row.to;
  const what =
    event === 'send' && from !== R.unsent && from !== R.scheduled ? 'it has already been sent' : `its status is ${from} (${recipientStatusText(from)})`;
  throw new TransitionError('recipient', event, from, `Cannot ${event.replaceAll('_', ' ')} this recipient: ${what}.`);
}

/** Whether `event` is allowed from `from` (no throw). */
export function canDocument(from: DocumentStatus | null, event: DocumentEvent): boolean {
  return find(DOCUMENT_TRANSITIONS, event, from) !== undefined;
}

export function canRecipient(from: RecipientStatus, event: RecipientEvent): boolean {
  return find(RECIPIENT_TRANSITIONS, event, from) !== undefined;
}

/**
 * Recipients can act on a document only while it is open (available). Signing or rejecting on a
 * removed, completed or rejected document is refused here before the recipient table is consulted.
 */
export function assertDocumentOpenForRecipients(status: DocumentStatus, event: RecipientEvent): void {
  if (status === D.available) return;
  if (status === D.fieldsComplete && (event === 'download_final' || event === 'email_opened')) return;
  if (status === D.completed && (event === 'download_final' || event === 'email_opened')) return;
  const why = DOCUMENT_REFUSALS[status] ?? `its status is ${status} (${documentStatusText(status)})`;
  throw new TransitionError('document', event, status, `Cannot ${event.replaceAll('_', ' ')}: ${why}.`);
}
