/**
 * What the webhook store reads and writes (rows, inputs) and the repository interface webhooks/ and email/
 * call; one implementation per store dialect (webhooks.ts is SQLite's).
 */
import type { FeedRow } from './feed-events.ts';

export interface SigningKeyRow {
  privateKeyPem: string;
  certificatePem: string;
}

export interface RegistrationRow {
  id: string;
  user_id: string;
  callback_url: string;
  object_filter: string;
  event_filter: string;
  group_id: string | null;
  notify: string;
  hmac_secret: string | null;
  created_ms: number;
}

export interface NewRegistration {
  id: string;
  userId: string;
  callbackUrl: string;
  objectFilter: string;
  eventFilter: string;
  groupId: string | null;
  notify: string;
  hmacSecret: string | null;
  now: number;
}

export interface NewEvent {
  id: string;
  object: string;
  event: string;
  subjectId: string;
  documentId: string | null;
  recipientId: string | null;
  groupId: string | null;
  onceKey: string | null;
  origin: string;
  body: string;
  now: number;
}

/** A held delivery and the body of its event, for a batch. */
export interface HeldRow {
  delivery_id: number;
  body: string;
}

/** A delivery a worker has leased, with what it needs to send it. */
export interface ClaimedRow {
  id: number;
  event_id: string;
  registration_id: string;
  attempts: number;
  body: string;
  callback_url: string;
  hmac_secret: string | null;
  removed_ms: number | null;
}

export interface AttemptRecord {
  deliveryId: number;
  attempt: number;
  url: string;
  requestHeaders: string;
  status: number | null;
  responseBody: string | null;
  error: string | null;
  outcome: string;
  startedMs: number;
  durationMs: number;
}

/** A row of the delivery log. */
export interface DeliveryRow {
  id: number;
  registration_id: string;
  event_id: string;
  object: string;
  event: string;
  document_id: string | null;
  recipient_id: string | null;
  origin: string;
  state: string;
  reason: string;
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  created_ms: number;
  finished_ms: number | null;
  callback_url: string;
}

/** A stored webhook event (its body is '' once retention has pruned it). */
export interface StoredEventRow {
  id: string;
  object: string;
  event: string;
  body: string;
  created_ms: number;
}

export interface AttemptRow {
  attempt: number;
  url: string;
  request_headers: string;
  status: number | null;
  response_body: string | null;
  error: string | null;
  outcome: string;
  started_ms: number;
  duration_ms: number;
}

export interface DeliveryLogFilter {
  userId: string;
  registration?: string;
  state?: string;
  document?: string;
}

/** A document and its recipients as event payloads describe them. */
export interface GroupRegistration {
  id: string;
  notify: string;
  /** '' for every object. */
  objectFilter: string;
  /** '' for every event. */
  eventFilter: string;
}

export interface EventDocumentRow {
  id: string;
  name: string;
  group_id: string;
  slug: string;
  status: number;
  tag: string;
  tag1: string;
  tag2: string;
  tag3: string;
}

export interface EventRecipientRow {
  id: string;
  email: string;
  order_no: number;
  status: number;
  firstname: string;
  lastname: string;
  role: string;
  rejection_reason: string;
}

export interface PruneResult {
  deliveries: number;
  attempts: number;
  events: number;
}

export interface WebhookRepository {
  signingKey(): Promise<SigningKeyRow | undefined>;
  /** Stores the key unless one exists (two processes starting together: the first wins). */
  insertSigningKeyIfMissing(key: SigningKeyRow, now: number): Promise<void>;

  /** Live registrations of a user, oldest first. */
  registrationsOf(userId: string, limit: number, offset: number): Promise<{ total: number; rows: RegistrationRow[] }>;
  liveRegistrationOf(userId: string, id: string): Promise<RegistrationRow | undefined>;
  liveRegistrationsByUrl(userId: string, callbackUrl: string): Promise<RegistrationRow[]>;
  insertRegistration(input: NewRegistration): Promise<void>;
  setHmacSecret(id: string, secret: string): Promise<void>;
  /** Marks it removed and cancels its undelivered deliveries (call inside a transaction). */
  removeRegistration(id: string, now: number): Promise<void>;
  /**
   * Registrations that may hear of a group's events: live, for that group or every group, owner is the
   * group's admin; oldest first. Their object/event filters and `notify` choose among them (outbox.ts).
   */
  groupRegistrations(groupId: string): Promise<GroupRegistration[]>;
  /** `notify: "all"` registrations whose batch interval has passed. */
  periodicBatchesDue(intervalMs: number, now: number): Promise<string[]>;
  /** Claims the periodic batch of one registration; false if another process already cut it. */
  claimPeriodicBatch(id: string, intervalMs: number, now: number): Promise<boolean>;

  /** Inserts an event; false when its "once" key was already taken (nothing written). */
  insertEvent(event: NewEvent): Promise<boolean>;
  /**
   * `insertEvent` and, when it wrote the event, `feedRow` on the GraphQL feed; answers `groupRegistrations(groupId)`,
   * or null when nothing was written. One round trip on PostgreSQL.
   */
  insertEventForRegistrations(event: NewEvent, groupId: string, feedRow?: Omit<FeedRow, 'seq'>): Promise<GroupRegistration[] | null>;
  insertDelivery(eventId: string, registrationId: string, state: 'pending' | 'held', now: number, reason?: string): Promise<number>;
  heldForDocument(registrationId: string, documentId: string, limit: number): Promise<HeldRow[]>;
  held(registrationId: string, limit: number): Promise<HeldRow[]>;
  markBatched(deliveryId: number, batchEventId: string, now: number): Promise<void>;

  /** Leases up to `limit` due deliveries to `owner`, at most `perRegistration` in flight per registration; returns their ids. */
  claimDue(owner: string, leaseUntil: number, perRegistration: number, limit: number, now: number): Promise<number[]>;
  claimed(id: number): Promise<ClaimedRow>;
  cancelClaimed(id: number, owner: string, now: number): Promise<void>;
  insertAttempt(attempt: AttemptRecord): Promise<void>;
  /** Outcome of a leased delivery (no-op if the lease was lost). */
  scheduleRetry(id: number, owner: string, attempts: number, nextAttemptAt: number, status: number | null, error: string | null): Promise<void>;
  finishDelivery(id: number, owner: string, state: string, attempts: number, now: number, status: number | null, error: string | null): Promise<void>;
  /** Deletes finished deliveries, their attempts and unreferenced events older than `cutoff` (call inside a transaction). */
  prune(cutoff: number): Promise<PruneResult>;

  deliveryLog(filter: DeliveryLogFilter, limit: number, offset: number): Promise<{ total: number; rows: DeliveryRow[] }>;
  delivery(id: number, userId?: string): Promise<DeliveryRow | undefined>;
  eventBody(eventId: string): Promise<string>;
  attempts(deliveryId: number): Promise<AttemptRow[]>;

  eventDocument(documentId: string): Promise<EventDocumentRow | undefined>;
  eventRecipients(documentId: string): Promise<EventRecipientRow[]>;
  documentIdOfRecipient(recipientId: string): Promise<string | undefined>;
  groupIdOfDocument(documentId: string): Promise<string | undefined>;

  /** Claims the report of one bounce kind for one email; false if already reported. */
  claimBounceReport(emailId: string, kind: number, now: number): Promise<boolean>;
  /** A document's webhook events, oldest first. */
  eventsOf(documentId: string): Promise<StoredEventRow[]>;
  /** The deliveries of one registration and/or one event, in the order they were queued. */
  deliveriesOf(filter: { registrationId?: string; eventId?: string }): Promise<DeliveryRow[]>;
}
