/**
 * The delivery worker. It claims due deliveries with a lease (owner + expiry) in one UPDATE,
 * sends them, and records the outcome and the attempt log in one transaction. A process that is
 * killed mid-request leaves a lease that simply expires; whichever worker runs next delivers
 * again (at-least-once, same event id and same bytes). Nothing is held only in memory.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';
import { attemptDelivery, isSuccess } from './delivery.ts';
import type { AttemptResult } from './delivery.ts';
import { flushPeriodicBatches } from './legacy.ts';
import { onOutboxWrite } from './outbox.ts';
import { pruneWebhookLog } from './retention.ts';
import { signatureHeaders } from './signing.ts';
import type { SigningIdentity } from './signing.ts';
import type { WebhookSettings } from './settings.ts';

interface ClaimedRow {
  id: number;
  event_id: string;
  registration_id: string;
  attempts: number;
  body: string;
  callback_url: string;
  hmac_secret: string | null;
  removed_ms: number | null;
}

export class WebhookWorker {
  readonly owner = `worker-${randomUUID()}`;
  private readonly db: Db;
  private readonly identity: SigningIdentity;
  private readonly settings: WebhookSettings;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private wakePending = false;
  private unsubscribe: (() => void) | null = null;
  private ticking: Promise<void> | null = null;
  private lastBatchCheck = 0;
  private lastPrune = 0;

  constructor(db: Db, identity: SigningIdentity, settings: WebhookSettings) {
    this.db = db;
    this.identity = identity;
    this.settings = settings;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onOutboxWrite(() => this.wake());
    this.schedule(0);
  }

  /** Stops claiming; waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all(this.inFlight);
  }

  private wake(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.wakePending = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        const again = this.wakePending;
        this.wakePending = false;
        this.schedule(again ? 0 : this.settings.pollIntervalMs);
      });
    }, delayMs);
    // The worker alone never keeps a process alive (the HTTP server or in-flight requests do).
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      // Legacy periodic batches: looked for at most once a second (ticks run after every delivery).
      const now = Date.now();
      if (now - this.lastBatchCheck >= Math.min(1000, this.settings.batchIntervalMs)) {
        this.lastBatchCheck = now;
        flushPeriodicBatches(this.db, this.settings.batchIntervalMs, now);
      }
      if (this.settings.logRetentionMs > 0 && now - this.lastPrune >= 3600_000) {
        this.lastPrune = now;
        pruneWebhookLog(this.db, this.settings.logRetentionMs, now);
      }
      const free = this.settings.concurrency - this.inFlight.size;
      if (free <= 0) return;
      for (const row of this.claim(free)) {
        const work = this.deliver(row)
          // Never an unhandled rejection: the lease expires and the delivery is tried again.
          .catch((error: unknown) => console.error('webhook worker: delivery failed:', (error as Error).message))
          .finally(() => {
            this.inFlight.delete(work);
            this.wake();
          });
        this.inFlight.add(work);
      }
    } catch (error) {
      // The database may be closing during shutdown; the next tick (or process) takes over.
      if (this.running) console.error('webhook worker:', (error as Error).message);
    }
  }

  /** Claims up to `limit` due deliveries for this worker (exposed for tests). */
  claim(limit: number, now = Date.now()): ClaimedRow[] {
    return transaction(this.db, () => {
      const ids = this.db
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
        .all(this.owner, now + this.settings.leaseMs, now, now, now, this.settings.perRegistrationConcurrency, limit) as Array<{ id: number }>;
      if (ids.length === 0) return [];
      const read = this.db.prepare(
        `SELECT d.id, d.event_id, d.registration_id, d.attempts, e.body, r.callback_url, r.hmac_secret, r.removed_ms
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_registrations r ON r.id = d.registration_id
         WHERE d.id = ?`,
      );
      return ids.map(({ id }) => read.get(id) as unknown as ClaimedRow);
    });
  }

  /** Sends one claimed delivery and records the outcome. */
  async deliver(row: ClaimedRow): Promise<void> {
    if (row.removed_ms !== null) {
      this.db
        .prepare(`UPDATE webhook_deliveries SET state = 'cancelled', finished_ms = ?, lease_owner = NULL WHERE id = ? AND lease_owner = ?`)
        .run(Date.now(), row.id, this.owner);
      return;
    }
    const attempt = row.attempts + 1;
    const headers = {
      ...signatureHeaders(row.body, this.identity, row.hmac_secret),
      'X-Esign-Event-Id': row.event_id,
      'X-Esign-Attempt': String(attempt),
    };
    const startedMs = Date.now();
    const result = await attemptDelivery({
      url: row.callback_url,
      body: row.body,
      headers,
      timeoutMs: this.settings.timeoutMs,
      allowPrivate: this.settings.allowPrivateAddresses,
      maxResponseChars: this.settings.maxLoggedResponseChars,
    });
    this.record(row, attempt, headers, startedMs, result);
  }

  private record(row: ClaimedRow, attempt: number, headers: Record<string, string>, startedMs: number, result: AttemptResult): void {
    const now = Date.now();
    const success = isSuccess(result);
    const delay = this.settings.retrySchedule[attempt];
    const outcome = success ? 'delivered' : delay === undefined ? 'failed' : 'retry';
    const loggedHeaders = { ...headers };
    try {
      transaction(this.db, () => {
        this.db
          .prepare(
            `INSERT INTO webhook_attempts (delivery_id, attempt, url, request_headers, status, response_body, error, outcome, started_ms, duration_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(row.id, attempt, row.callback_url, JSON.stringify(loggedHeaders), result.status, result.responseBody, result.error, outcome, startedMs, result.durationMs);
        // Guarded by the lease: if it expired and another worker took over, that worker decides.
        if (outcome === 'retry') {
          this.db
            .prepare(
              `UPDATE webhook_deliveries SET state = 'pending', attempts = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
               lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
            )
            .run(attempt, now + delay, result.status, result.error, row.id, this.owner);
        } else {
          this.db
            .prepare(
              `UPDATE webhook_deliveries SET state = ?, attempts = ?, finished_ms = ?, last_status = ?, last_error = ?,
               lease_owner = NULL, lease_expires_at = NULL WHERE id = ? AND lease_owner = ? AND state = 'pending'`,
            )
            .run(outcome, attempt, now, result.status, result.error, row.id, this.owner);
        }
      });
    } catch (error) {
      if (this.running) console.error('webhook worker: could not record attempt:', (error as Error).message);
    }
  }
}
