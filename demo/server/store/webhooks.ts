/**
 * The webhook aggregate: registrations, the outbox (events, deliveries, attempts), batches of the
 * legacy types, bounce claims and the installation's signing key. Every statement of webhooks/
 * and email/ bounce/open tracking lives here; the logic (fan-out, leases, retries, batching) stays
 * in webhooks/ and wraps several calls in `store.transaction(...)` where they must commit together.
 * All times are integer milliseconds since the epoch.
 */
import { skipLocked, type SqlDb } from './sql.ts';
import { FEED_COLUMNS, feedValues } from './feed-events.ts';
import type { FeedRow } from './feed-events.ts';
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
  GroupRegistration,
  PruneResult,
  WebhookRepository,
} from './webhook-rows.ts';

const REGISTRATION_COLUMNS = 'id, user_id, callback_url, object_filter, event_filter, group_id, notify, hmac_secret, created_ms';

const SELECT_DELIVERY = `SELECT d.id, d.registration_id, d.event_id, e.object, e.event, e.document_id, e.recipient_id, e.origin, d.state, d.reason,
  d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.created_ms, d.finished_ms, r.callback_url
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_registrations r ON r.id = d.registration_id`;

const INSERT_EVENT = `INSERT INTO webhook_events (id, object, event, subject_id, document_id, recipient_id, group_id, once_key, origin, body, created_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (once_key) DO NOTHING`;

const eventValues = (e: NewEvent) => [e.id, e.object, e.event, e.subjectId, e.documentId, e.recipientId, e.groupId, e.onceKey, e.origin, e.body, e.now];

/** A group's live registrations whose owner administers it (parameters: the group id twice). */
const GROUP_REGISTRATIONS = `SELECT r.id, r.notify, r.object_filter, r.event_filter, r.created_ms FROM webhook_registrations r
  JOIN memberships m ON m.user_id = r.user_id AND m.group_id = ? AND m.is_group_admin = 1
  WHERE r.removed_ms IS NULL AND (r.group_id IS NULL OR r.group_id = ?)`;

interface RegistrationMatch {
  id: string;
  notify: string;
  object_filter: string;
  event_filter: string;
}

const toRegistrations = (rows: RegistrationMatch[]): GroupRegistration[] =>
  rows.map((r) => ({ id: r.id, notify: r.notify, objectFilter: r.object_filter, eventFilter: r.event_filter }));

export class SqlWebhookRepository implements WebhookRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  async signingKey(): Promise<SigningKeyRow | undefined> {
    const row = (await this.db.get('SELECT private_key_pem, certificate_pem FROM webhook_signing_key WHERE id = 1')) as
      { private_key_pem: string; certificate_pem: string } | undefined;
    return row && { privateKeyPem: row.private_key_pem, certificatePem: row.certificate_pem };
  }

  async insertSigningKeyIfMissing(key: SigningKeyRow, now: number): Promise<void> {
    await this.db.run('INSERT INTO webhook_signing_key (id, private_key_pem, certificate_pem, created_ms) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING', [
      key.privateKeyPem,
      key.certificatePem,
      now,
    ]);
  }

  async registrationsOf(userId: string, limit: number, offset: number): Promise<{ total: number; rows: RegistrationRow[] }> {
    const total = ((await this.db.get('SELECT COUNT(*) AS n FROM webhook_registrations WHERE user_id = ? AND removed_ms IS NULL', [userId])) as { n: number })
      .n;
    const rows = (await this.db.all(
      `SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE user_id = ? AND removed_ms IS NULL ORDER BY created_ms, id LIMIT ? OFFSET ?`,
      [userId, limit, offset],
    )) as unknown as RegistrationRow[];
    return { total, rows };
  }

  async liveRegistrationOf(userId: string, id: string): Promise<RegistrationRow | undefined> {
    return (await this.db.get(`SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE id = ? AND user_id = ? AND removed_ms IS NULL`, [
      id,
      userId,
    ])) as RegistrationRow | undefined;
  }

  async liveRegistrationsByUrl(userId: string, callbackUrl: string): Promise<RegistrationRow[]> {
    return (await this.db.all(
      `SELECT ${REGISTRATION_COLUMNS} FROM webhook_registrations WHERE user_id = ? AND callback_url = ? AND removed_ms IS NULL ORDER BY created_ms`,
      [userId, callbackUrl],
    )) as unknown as RegistrationRow[];
  }

  async insertRegistration(input: NewRegistration): Promise<void> {
    await this.db.run(
      `INSERT INTO webhook_registrations (id, user_id, callback_url, object_filter, event_filter, group_id, notify, hmac_secret, last_batch_at, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [input.id, input.userId, input.callbackUrl, input.objectFilter, input.eventFilter, input.groupId, input.notify, input.hmacSecret, input.now, input.now],
    );
  }

  async setHmacSecret(id: string, secret: string): Promise<void> {
    await this.db.run('UPDATE webhook_registrations SET hmac_secret = ? WHERE id = ?', [secret, id]);
  }

  async removeRegistration(id: string, now: number): Promise<void> {
    await this.db.run('UPDATE webhook_registrations SET removed_ms = ? WHERE id = ? AND removed_ms IS NULL', [now, id]);
    await this.db.run(
      `UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL, lease_expires_at = NULL
         WHERE registration_id = ? AND state IN ('pending', 'held')`,
      [now, id],
    );
  }

  async groupRegistrations(groupId: string): Promise<GroupRegistration[]> {
    return toRegistrations((await this.db.all(`${GROUP_REGISTRATIONS} ORDER BY r.created_ms, r.id`, [groupId, groupId])) as unknown as RegistrationMatch[]);
  }

  async periodicBatchesDue(intervalMs: number, now: number): Promise<string[]> {
    const rows = (await this.db.all(
      `SELECT id FROM webhook_registrations WHERE removed_ms IS NULL AND notify = 'all' AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`,
      [intervalMs, now],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  async claimPeriodicBatch(id: string, intervalMs: number, now: number): Promise<boolean> {
    const claimed = await this.db.run(`UPDATE webhook_registrations SET last_batch_at = ? WHERE id = ? AND (last_batch_at IS NULL OR last_batch_at + ? <= ?)`, [
      now,
      id,
      intervalMs,
      now,
    ]);
    return Number(claimed.changes) > 0;
  }

  async insertEvent(e: NewEvent): Promise<boolean> {
    const inserted = await this.db.run(INSERT_EVENT, eventValues(e));
    return Number(inserted.changes) > 0;
  }

  async insertEventForRegistrations(e: NewEvent, groupId: string, feedRow?: Omit<FeedRow, 'seq'>): Promise<GroupRegistration[] | null> {
    if (this.db.dialect !== 'postgres') {
      if (!(await this.insertEvent(e))) return null;
      if (feedRow) await this.db.run(`INSERT INTO feed_events (${FEED_COLUMNS}) VALUES (?, ?, ?, ?, ?)`, feedValues(feedRow, e.now));
      return await this.groupRegistrations(groupId);
    }
    // The feed row only if the event was written. No row: it was not; one row with a null id: written, nobody registered.
    const feed = feedRow ? `, feed AS (INSERT INTO feed_events (${FEED_COLUMNS}) SELECT ?, ?, ?, ?, ? FROM inserted)` : '';
    const rows = (await this.db.all(
      `WITH inserted AS (${INSERT_EVENT} RETURNING id)${feed}
       SELECT r.* FROM inserted LEFT JOIN (${GROUP_REGISTRATIONS}) r ON TRUE ORDER BY r.created_ms, r.id`,
      [...eventValues(e), ...(feedRow ? feedValues(feedRow, e.now) : []), groupId, groupId],
    )) as unknown as (RegistrationMatch | { id: null })[];
    if (!rows.length) return null;
    return toRegistrations(rows.filter((row): row is RegistrationMatch => row.id !== null));
  }

  async insertDelivery(eventId: string, registrationId: string, state: 'pending' | 'held', now: number, reason?: string): Promise<number> {
    const row =
      reason === undefined
        ? await this.db.get(
            `INSERT INTO webhook_deliveries (event_id, registration_id, state, next_attempt_at, created_ms) VALUES (?, ?, ?, ?, ?) RETURNING id`,
            [eventId, registrationId, state, now, now],
          )
        : await this.db.get(
            `INSERT INTO webhook_deliveries (event_id, registration_id, state, reason, next_attempt_at, created_ms) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
            [eventId, registrationId, state, reason, now, now],
          );
    return Number(row!.id);
  }

  async heldForDocument(registrationId: string, documentId: string, limit: number): Promise<HeldRow[]> {
    return (await this.db.all(
      `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE d.registration_id = ? AND d.state = 'held' AND e.document_id = ? ORDER BY e.created_ms, d.id LIMIT ?`,
      [registrationId, documentId, limit],
    )) as unknown as HeldRow[];
  }

  async held(registrationId: string, limit: number): Promise<HeldRow[]> {
    return (await this.db.all(
      `SELECT d.id AS delivery_id, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE d.registration_id = ? AND d.state = 'held' ORDER BY e.created_ms, d.id LIMIT ?`,
      [registrationId, limit],
    )) as unknown as HeldRow[];
  }

  async markBatched(deliveryId: number, batchEventId: string, now: number): Promise<void> {
    await this.db.run(`UPDATE webhook_deliveries SET state = 'batched', batch_event_id = ?, finished_ms = ? WHERE id = ? AND state = 'held'`, [
      batchEventId,
      now,
      deliveryId,
    ]);
  }

  async claimDue(owner: string, leaseUntil: number, perRegistration: number, limit: number, now: number): Promise<number[]> {
    // The ranking (window functions) cannot lock rows itself on PostgreSQL: the rows it picks are locked
    // by the query around it, skipping those another process is claiming (that process keeps them).
    const rows = (await this.db.all(
      `UPDATE webhook_deliveries SET lease_owner = ?, lease_expires_at = ?
         WHERE id IN (SELECT id FROM webhook_deliveries WHERE state = 'pending' AND (lease_expires_at IS NULL OR lease_expires_at <= ?) AND id IN (
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
           ORDER BY due.next_attempt_at, due.id LIMIT ?)${skipLocked(this.db)})
         RETURNING id`,
      [owner, leaseUntil, now, now, now, now, perRegistration, limit],
    )) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  async claimed(id: number): Promise<ClaimedRow> {
    return (await this.db.get(
      `SELECT d.id, d.event_id, d.registration_id, d.attempts, e.body, r.callback_url, r.hmac_secret, r.removed_ms
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_registrations r ON r.id = d.registration_id
         WHERE d.id = ?`,
      [id],
    )) as unknown as ClaimedRow;
  }

  async cancelClaimed(id: number, owner: string, now: number): Promise<void> {
    await this.db.run(`UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL WHERE id = ? AND lease_owner = ?`, [
      now,
      id,
      owner,
    ]);
  }

  async insertAttempt(a: AttemptRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO webhook_attempts (delivery_id, attempt, url, request_headers, status, response_body, error, outcome, started_ms, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.deliveryId, a.attempt, a.url, a.requestHeaders, a.status, a.responseBody, a.error, a.outcome, a.startedMs, a.durationMs],
    );
  }

  async scheduleRetry(id: number, owner: string, attempts: number, nextAttemptAt: number, status: number | null, error: string | null): Promise<void> {
    await this.db.run(
      `UPDATE webhook_deliveries SET state = 'pending', attempts = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
         lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      [attempts, nextAttemptAt, status, error, id, owner],
    );
  }

  async finishDelivery(id: number, owner: string, state: string, attempts: number, now: number, status: number | null, error: string | null): Promise<void> {
    await this.db.run(
      `UPDATE webhook_deliveries SET state = ?, attempts = ?, finished_ms = ?, last_status = ?, last_error = ?,
         lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
      [state, attempts, now, status, error, id, owner],
    );
  }

  async prune(cutoff: number): Promise<PruneResult> {
    const finished = `SELECT id FROM webhook_deliveries WHERE state IN ('delivered', 'failed', 'batched', 'cancelled') AND COALESCE(finished_ms, created_ms) < ?`;
    const attempts = await this.db.run(`DELETE FROM webhook_attempts WHERE delivery_id IN (${finished})`, [cutoff]);
    // A batched delivery points at its batch event; both go when the batch's own delivery has gone.
    const deliveries = await this.db.run(`DELETE FROM webhook_deliveries WHERE id IN (${finished})`, [cutoff]);
    const unreferenced = `created_ms < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id OR d.batch_event_id = webhook_events.id)`;
    const events = await this.db.run(`DELETE FROM webhook_events WHERE once_key IS NULL AND ${unreferenced}`, [cutoff]);
    await this.db.run(`UPDATE webhook_events SET body = '' WHERE once_key IS NOT NULL AND body <> '' AND ${unreferenced}`, [cutoff]);
    return { deliveries: Number(deliveries.changes), attempts: Number(attempts.changes), events: Number(events.changes) };
  }

  async deliveryLog(filter: DeliveryLogFilter, limit: number, offset: number): Promise<{ total: number; rows: DeliveryRow[] }> {
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
    const total = ((await this.db.get(`SELECT COUNT(*) AS n FROM (${SELECT_DELIVERY} WHERE ${clause}) AS matching`, params)) as { n: number }).n;
    const rows = (await this.db.all(`${SELECT_DELIVERY} WHERE ${clause} ORDER BY d.id DESC LIMIT ? OFFSET ?`, [
      ...params,
      limit,
      offset,
    ])) as unknown as DeliveryRow[];
    return { total, rows };
  }

  async delivery(id: number, userId?: string): Promise<DeliveryRow | undefined> {
    return (
      userId === undefined
        ? await this.db.get(`${SELECT_DELIVERY} WHERE d.id = ?`, [id])
        : await this.db.get(`${SELECT_DELIVERY} WHERE d.id = ? AND r.user_id = ?`, [id, userId])
    ) as DeliveryRow | undefined;
  }

  async eventBody(eventId: string): Promise<string> {
    return ((await this.db.get('SELECT body FROM webhook_events WHERE id = ?', [eventId])) as { body: string }).body;
  }

  async attempts(deliveryId: number): Promise<AttemptRow[]> {
    return (await this.db.all(
      'SELECT attempt, url, request_headers, status, response_body, error, outcome, started_ms, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY id',
      [deliveryId],
    )) as unknown as AttemptRow[];
  }

  async eventDocument(documentId: string): Promise<EventDocumentRow | undefined> {
    return (await this.db.get(
      `SELECT d.id, d.name, d.group_id, g.slug, d.status, d.tag, d.tag1, d.tag2, d.tag3
         FROM documents d JOIN groups g ON g.id = d.group_id WHERE d.id = ?`,
      [documentId],
    )) as EventDocumentRow | undefined;
  }

  async eventRecipients(documentId: string): Promise<EventRecipientRow[]> {
    return (await this.db.all(
      `SELECT id, email, order_no, status, firstname, lastname, role, rejection_reason
         FROM document_recipients WHERE document_id = ? ORDER BY position`,
      [documentId],
    )) as unknown as EventRecipientRow[];
  }

  async documentIdOfRecipient(recipientId: string): Promise<string | undefined> {
    const row = (await this.db.get('SELECT document_id FROM document_recipients WHERE id = ?', [recipientId])) as { document_id: string } | undefined;
    return row?.document_id;
  }

  async groupIdOfDocument(documentId: string): Promise<string | undefined> {
    const row = (await this.db.get('SELECT group_id FROM documents WHERE id = ?', [documentId])) as { group_id: string } | undefined;
    return row?.group_id;
  }

  async claimBounceReport(emailId: string, kind: number, now: number): Promise<boolean> {
    const claim = await this.db.run('INSERT INTO webhook_bounce_reports (email_id, kind, created_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
      emailId,
      kind,
      now,
    ]);
    return Number(claim.changes) > 0;
  }

  async eventsOf(documentId: string): Promise<StoredEventRow[]> {
    return (await this.db.all('SELECT id, object, event, body, created_ms FROM webhook_events WHERE document_id = ? ORDER BY created_ms, rowid', [
      documentId,
    ])) as unknown as StoredEventRow[];
  }

  async deliveriesOf(filter: { registrationId?: string; eventId?: string }): Promise<DeliveryRow[]> {
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
    return (await this.db.all(`${SELECT_DELIVERY} WHERE ${where.join(' AND ')} ORDER BY d.id`, params)) as unknown as DeliveryRow[];
  }
}
