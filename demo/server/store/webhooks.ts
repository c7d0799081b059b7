/**
 * The webhook aggregate: registrations, the outbox (events, deliveries, attempts), batches of the
 * legacy types, bounce claims and the installation's signing key. Every statement of webhooks/
 * and email/ bounce/open tracking lives here; the logic (fan-out, leases, retries, batching) stays
 * in webhooks/ and wraps several calls in `store.transaction(...)` where they must commit together.
 * All times are integer milliseconds since the epoch.
 */
import type { Db } from './db.ts';
import type {
  SigningKeyRow,
  RegistrationRow,
  NewRegistration,
  NewEvent,
  HeldRow,
  ClaimedRow,
  AttemptRecord,
  DeliveryRow,
  StoredEventRow,
  AttemptRow,
  DeliveryLogFilter,
  EventDocumentRow,
  EventRecipientRow,
  PruneResult,
  WebhookRepository,
} from './webhook-rows.ts';

const REGISTRATION_COLUMNS = 'id, user_id, callback_url, object_filter, event_filter, group_id, notify, hmac_secret, created_ms';

const SELECT_DELIVERY = `SELECT d.id, d.registration_id, d.event_id, e.object, e.event, e.document_id, e.recipient_id, e.origin, d.state, d.reason,
  d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.created_ms, d.finished_ms, r.callback_url
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_registrations r ON r.id = d.registration_id`;

export class SqliteWebhookRepository implements WebhookRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  signingKey(): SigningKeyRow | undefined {
    const row = this.db.prepare('SELECT private_key_pem, certificate_pem FROM webhook_signing_key WHERE id = 1').get() as
      { private_key_pem: string; certificate_pem: string } | undefined;
    return row && { privateKeyPem: row.private_key_pem, certificatePem: row.certificate_pem };
  }

  insertSigningKeyIfMissing(key: SigningKeyRow, now: number): void {
    this.db
      .prepare('INSERT INTO webhook_signing_key (id, private_key_pem, certificate_pem, created_ms) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING')
      .run(key.privateKeyPem, key.certificatePem, now);
  }

  registrationsOf(userId: string, limit: number, offset: number): { total: number; rows: RegistrationRow[] } {
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM webhook_registrations WHERE user_id = ? AND removed_ms IS NULL').get(userId) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE user_id = ? AND removed_ms IS NULL ORDER BY created_ms, id LIMIT ? OFFSET ?`)
      .all(userId, limit, offset) as unknown as RegistrationRow[];
    return { total, rows };
  }

  liveRegistrationOf(userId: string, id: string): RegistrationRow | undefined {
    return this.db.prepare(`SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE id = ? AND user_id = ? AND removed_ms IS NULL`).get(id, userId) as
      RegistrationRow | undefined;
  }

  liveRegistrationsByUrl(userId: string, callbackUrl: string): RegistrationRow[] {
    return this.db
      .prepare(`SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE user_id = ? AND callback_url = ? AND removed_ms IS NULL ORDER BY created_ms`)
      .all(userId, callbackUrl) as unknown as RegistrationRow[];
  }

  insertRegistration(input: NewRegistration): void {
    this.db
      .prepare(
        `INSERT INTO webhook_registrations (id, user_id, callback_url, object_filter, event_filter, group_id, notify, hmac_secret, last_batch_at, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.id,
        input.userId,
        input.callbackUrl,
        input.objectFilter,
        input.eventFilter,
        input.groupId,
        input.notify,
        input.hmacSecret,
        input.now,
        input.now,
      );
  }

  setHmacSecret(id: string, secret: string): void {
    this.db.prepare('UPDATE webhook_registrations SET hmac_secret = ? WHERE id = ?').run(secret, id);
  }

  removeRegistration(id: string, now: number): void {
    this.db.prepare('UPDATE webhook_registrations SET removed_ms = ? WHERE id = ? AND removed_ms IS NULL').run(now, id);
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL, lease_expires_at = NULL
         WHERE registration_id = ? AND state IN ('pending', 'held')`,
      )
      .run(now, id);
  }

  matchingRegistrations(object: string, event: string, groupId: string): Array<{ id: string; notify: string }> {
    return this.db
      .prepare(
        `SELECT r.id, r.notify FROM webhook_registrations r
         JOIN memberships m ON m.user_id = r.user_id AND m.group_id = ? AND m.is_group_admin = 1
         WHERE r.removed_ms IS NULL
           AND (r.group_id IS NULL OR r.group_id = ?)
           AND (r.object_filter = '' OR r.object_filter = ?)
           AND (r.event_filter = '' OR r.event_filter = ?)
         ORDER BY r.created_ms, r.id`,
      )
      .all(groupId, groupId, object, event) as unknown as Array<{ id: string; notify: string }>;
  }

  namedBatchRegistrations(groupId: string, notify: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT r.id FROM webhook_registrations r
         JOIN memberships m ON m.user_id = r.user_id AND m.group_id = ? AND m.is_group_admin = 1
         WHERE r.removed_ms IS NULL AND r.notify = ? AND (r.group_id IS NULL OR r.group_id = ?)`,
      )
      .all(groupId, notify, groupId) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  periodicBatchesDue(intervalMs: number, now: number): string[] {
    const rows = this.db
      .prepare(`SELECT id FROM webhook_registrations WHERE removed_ms IS NULL AND notify = 'all' AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`)
      .all(intervalMs, now) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  claimPeriodicBatch(id: string, intervalMs: number, now: number): boolean {
    const claimed = this.db
      .prepare(`UPDATE webhook_registrations SET last_batch_at = ? WHERE id = ? AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`)
      .run(now, id, intervalMs, now);
    return Number(claimed.changes) > 0;
  }

  insertEvent(e: NewEvent): boolean {
    const inserted = this.db
      .prepare(
        `INSERT INTO webhook_events (id, object, event, subject_id, document_id, recipient_id, group_id, once_key, origin, body, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (once_key) DO NOTHING`,
      )
      .run(e.id, e.object, e.event, e.subjectId, e.documentId, e.recipientId, e.groupId, e.onceKey, e.origin, e.body, e.now);
    return Number(inserted.changes) > 0;
  }

  insertDelivery(eventId: string, registrationId: string, state: 'pending' | 'held', now: number, reason?: string): number {
    const result =
      reason === undefined
        ? this.db
            .prepare(`INSERT INTO webhook_deliveries (event_id, registration_id, state, next_attempt_at, created_ms) VALUES (?, ?, ?, ?, ?)`)
            .run(eventId, registrationId, state, now, now)
        : this.db
            .prepare(`INSERT INTO webhook_deliveries (event_id, registration_id, state, reason, next_attempt_at, created_ms) VALUES (?, ?, ?, ?, ?, ?)`)
            .run(eventId, registrationId, state, reason, now, now);
    return Number(result.lastInsertRowid);
  }

  heldForDocument(registrationId: string, documentId: string, limit: number): HeldRow[] {
    return this.db
      .prepare(
        `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE d.registration_id = ? AND d.state = 'held' AND e.document_id = ? ORDER BY e.created_ms, d.id LIMIT ?`,
      )
      .all(registrationId, documentId, limit) as unknown as HeldRow[];
  }

  held(registrationId: string, limit: number): HeldRow[] {
    return this.db
      .prepare(
        `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE d.registration_id = ? AND d.state = 'held' ORDER BY e.created_ms, d.id LIMIT ?`,
      )
      .all(registrationId, limit) as unknown as HeldRow[];
  }

  markBatched(deliveryId: number, batchEventId: string, now: number): void {
    this.db
      .prepare(`UPDATE webhook_deliveries SET state = 'batched', batch_event_id = ?, finished_ms = ? WHERE id = ? AND state = 'held'`)
      .run(batchEventId, now, deliveryId);
  }

  claimDue(owner: string, leaseUntil: number, perRegistration: number, limit: number, now: number): number[] {
    const rows = this.db
      .prepare(
        // Fairness: at most perRegistration requests in flight per registration (across every
        // worker, counted by live leases), so one slow or dead receiver cannot take every slot.
        `UPDATE webhook_deliveries SET lease_owner = ?, lease_expires_at = ?
         WHERE id IN (
           WITH busy AS (
             SELECT registration_id, COUNT(*) AS n FROM webhook_deliveries
             WHERE state = 'pending' AND lease_expires_at > ? GROUP BY registration_id),
           due AS (
             SELECT id, registration_id, next_attempt_at,
                    ROW_NUMBER() OVER (PARTITION BY registration_id ORDER BY next_attempt_at, id) AS rank
             FROM webhook_deliveries
             WHERE state = 'pending' AND next_attempt_at <= ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?))
           SELECT due.id FROM due LEFT JOIN busy ON busy.registration_id = due.registration_id
           WHERE due.rank + COALESCE(busy.n, 0) <= ?
           ORDER BY due.next_attempt_at, due.id LIMIT ?)
         RETURNING id`,
      )
      .all(owner, leaseUntil, now, now, now, perRegistration, limit) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  claimed(id: number): ClaimedRow {
    return this.db
      .prepare(
        `SELECT d.id, d.event_id, d.registration_id, d.attempts, e.body, r.callback_url, r.hmac_secret, r.removed_ms
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_registrations r ON r.id = d.registration_id
         WHERE d.id = ?`,
      )
      .get(id) as unknown as ClaimedRow;
  }

  cancelClaimed(id: number, owner: string, now: number): void {
    this.db
      .prepare(`UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL WHERE id = ? AND lease_owner = ?`)
      .run(now, id, owner);
  }

  insertAttempt(a: AttemptRecord): void {
    this.db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, attempt, url, request_headers, status, response_body, error, outcome, started_ms, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(a.deliveryId, a.attempt, a.url, a.requestHeaders, a.status, a.responseBody, a.error, a.outcome, a.startedMs, a.durationMs);
  }

  scheduleRetry(id: number, owner: string, attempts: number, nextAttemptAt: number, status: number | null, error: string | null): void {
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET state = 'pending', attempts = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
         lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      )
      .run(attempts, nextAttemptAt, status, error, id, owner);
  }

  finishDelivery(id: number, owner: string, state: string, attempts: number, now: number, status: number | null, error: string | null): void {
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET state = ?, attempts = ?, finished_ms = ?, last_status = ?, last_error = ?,
         lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      )
      .run(state, attempts, now, status, error, id, owner);
  }

  prune(cutoff: number): PruneResult {
    const finished = `SELECT id FROM webhook_deliveries WHERE state IN ('delivered', 'failed', 'batched', 'cancelled') AND COALESCE(finished_ms, created_ms) < ?`;
    const attempts = this.db.prepare(`DELETE FROM webhook_attempts WHERE delivery_id IN (${finished})`).run(cutoff);
    // A batched delivery points at its batch event; both go when the batch's own delivery has gone.
    const deliveries = this.db.prepare(`DELETE FROM webhook_deliveries WHERE id IN (${finished})`).run(cutoff);
    const unreferenced = `created_ms < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id OR d.batch_event_id = webhook_events.id)`;
    const events = this.db.prepare(`DELETE FROM webhook_events WHERE once_key IS NULL AND ${unreferenced}`).run(cutoff);
    this.db.prepare(`UPDATE webhook_events SET body = '' WHERE once_key IS NOT NULL AND body <> '' AND ${unreferenced}`).run(cutoff);
    return { deliveries: Number(deliveries.changes), attempts: Number(attempts.changes), events: Number(events.changes) };
  }

  deliveryLog(filter: DeliveryLogFilter, limit: number, offset: number): { total: number; rows: DeliveryRow[] } {
    const where = ['r.user_id = ?'];
    const params: Array<string | number> = [filter.userId];
    const add = (sql: string, value: string | undefined) => {
      if (!value) return;
      where.push(sql);
      params.push(value);
    };
    add('d.registration_id = ?', filter.registration);
    add('d.state = ?', filter.state);
    add('e.document_id = ?', filter.document);
    const clause = where.join(' AND ');
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM (${SELECT_DELIVERY} WHERE ${clause})`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`${SELECT_DELIVERY} WHERE ${clause} ORDER BY d.id DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as unknown as DeliveryRow[];
    return { total, rows };
  }

  delivery(id: number, userId?: string): DeliveryRow | undefined {
    return (
      userId === undefined
        ? this.db.prepare(`${SELECT_DELIVERY} WHERE d.id = ?`).get(id)
        : this.db.prepare(`${SELECT_DELIVERY} WHERE d.id = ? AND r.user_id = ?`).get(id, userId)
    ) as DeliveryRow | undefined;
  }

  eventBody(eventId: string): string {
    return (this.db.prepare('SELECT body FROM webhook_events WHERE id = ?').get(eventId) as { body: string }).body;
  }

  attempts(deliveryId: number): AttemptRow[] {
    return this.db
      .prepare(
        'SELECT attempt, url, request_headers, status, response_body, error, outcome, started_ms, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY id',
      )
      .all(deliveryId) as unknown as AttemptRow[];
  }

  eventDocument(documentId: string): EventDocumentRow | undefined {
    return this.db
      .prepare(
        `SELECT d.id, d.name, d.group_id, g.slug, d.status, d.tag, d.tag1, d.tag2, d.tag3
         FROM documents d JOIN groups g ON g.id = d.group_id WHERE d.id = ?`,
      )
      .get(documentId) as EventDocumentRow | undefined;
  }

  eventRecipients(documentId: string): EventRecipientRow[] {
    return this.db
      .prepare(
        `SELECT id, email, order_no, status, firstname, lastname, role, rejection_reason
         FROM document_recipients WHERE document_id = ? ORDER BY position`,
      )
      .all(documentId) as unknown as EventRecipientRow[];
  }

  documentIdOfRecipient(recipientId: string): string | undefined {
    const row = this.db.prepare('SELECT document_id FROM document_recipients WHERE id = ?').get(recipientId) as { document_id: string } | undefined;
    return row?.document_id;
  }

  groupIdOfDocument(documentId: string): string | undefined {
    const row = this.db.prepare('SELECT group_id FROM documents WHERE id = ?').get(documentId) as { group_id: string } | undefined;
    return row?.group_id;
  }

  claimBounceReport(emailId: string, kind: number, now: number): boolean {
    const claim = this.db
      .prepare('INSERT INTO webhook_bounce_reports (email_id, kind, created_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .run(emailId, kind, now);
    return Number(claim.changes) > 0;
  }

  eventsOf(documentId: string): StoredEventRow[] {
    return this.db
      .prepare('SELECT id, object, event, body, created_ms FROM webhook_events WHERE document_id = ? ORDER BY created_ms, rowid')
      .all(documentId) as unknown as StoredEventRow[];
  }

  deliveriesOf(filter: { registrationId?: string; eventId?: string }): DeliveryRow[] {
    const where = ['1 = 1'];
    const params: string[] = [];
    if (filter.registrationId !== undefined) {
      where.push('d.registration_id = ?');
      params.push(filter.registrationId);
    }
    if (filter.eventId !== undefined) {
      where.push('d.event_id = ?');
      params.push(filter.eventId);
    }
    return this.db.prepare(`${SELECT_DELIVERY} WHERE ${where.join(' AND ')} ORDER BY d.id`).all(...params) as unknown as DeliveryRow[];
  }
}
