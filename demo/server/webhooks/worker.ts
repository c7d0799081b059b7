/**
 * The delivery worker. It claims due deliveries with a lease (owner + expiry) in one UPDATE
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so the workers of several processes split the outbox),
 * sends them, and records the outcome and the attempt log in one transaction. A process that is
 * killed mid-request leaves a lease that simply expires; whichever worker runs next delivers
 * again (at-least-once, same event id and same bytes). Nothing is held only in memory.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { ClaimedRow } from '../store/webhook-rows.ts';
import { attemptDelivery, isSuccess } from './delivery.ts';
import type { AttemptResult } from './delivery.ts';
import { flushPeriodicBatches } from './legacy.ts';
import { onOutboxWrite } from './outbox.ts';
import { pruneWebhookLog } from './retention.ts';
import { signatureHeaders } from './signing.ts';
import type { SigningIdentity } from './signing.ts';
import type { WebhookSettings } from './settings.ts';
import { crashPoint } from '../domain/crash-points.ts';

export class WebhookWorker {
  readonly owner = `worker-${randomUUID()}`;
  private readonly store: Store;
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

  constructor(store: Store, identity: SigningIdentity, settings: WebhookSettings) {
    this.store = store;
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
        await flushPeriodicBatches(this.store, this.settings.batchIntervalMs, now);
      }
      if (this.settings.logRetentionMs > 0 && now - this.lastPrune >= 3600_000) {
        this.lastPrune = now;
        await pruneWebhookLog(this.store, this.settings.logRetentionMs, now);
      }
      const free = this.settings.concurrency - this.inFlight.size;
      if (free <= 0) return;
      for (const row of await this.claim(free)) {
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
  async claim(limit: number, now = Date.now()): Promise<ClaimedRow[]> {
    const { webhooks } = this.store;
    // Read committed: the claim locks its rows (SKIP LOCKED on PostgreSQL), so workers of other processes
    // claiming at the same moment take other rows instead of failing serialization and retrying.
    return await this.store.transaction(
      async () => {
        const ids = await webhooks.claimDue(this.owner, now + this.settings.leaseMs, this.settings.perRegistrationConcurrency, limit, now);
        return Promise.all(ids.map((id) => webhooks.claimed(id)));
      },
      { isolation: 'read committed' },
    );
  }

  /** Sends one claimed delivery and records the outcome. */
  async deliver(row: ClaimedRow): Promise<void> {
    if (row.removed_ms !== null) {
      await this.store.webhooks.cancelClaimed(row.id, this.owner, Date.now());
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
    if (isSuccess(result)) crashPoint('webhook:in-flight');
    await this.record(row, attempt, headers, startedMs, result);
  }

  private async record(row: ClaimedRow, attempt: number, headers: Record<string, string>, startedMs: number, result: AttemptResult): Promise<void> {
    const now = Date.now();
    const success = isSuccess(result);
    const delay = this.settings.retrySchedule[attempt];
    const outcome = success ? 'delivered' : delay === undefined ? 'failed' : 'retry';
    const loggedHeaders = { ...headers };
    try {
      const { webhooks } = this.store;
      await this.store.transaction(async () => {
        await webhooks.insertAttempt({
          deliveryId: row.id,
          attempt,
          url: row.callback_url,
          requestHeaders: JSON.stringify(loggedHeaders),
          status: result.status,
          responseBody: result.responseBody,
          error: result.error,
          outcome,
          startedMs,
          durationMs: result.durationMs,
        });
        // Guarded by the lease: if it expired and another worker took over, that worker decides.
        if (outcome === 'retry') await webhooks.scheduleRetry(row.id, this.owner, attempt, now + delay, result.status, result.error);
        else await webhooks.finishDelivery(row.id, this.owner, outcome, attempt, now, result.status, result.error);
      });
    } catch (error) {
      if (this.running) console.error('webhook worker: could not record attempt:', (error as Error).message);
    }
  }
}
