/**
 * Log retention: the outbox would otherwise grow forever. Finished deliveries (delivered, failed,
 * batched, cancelled) and their attempts older than the retention period are deleted, then events
 * no delivery refers to any more. The row of a "once" event is kept (its body emptied) because its
 * unique key is what keeps that event from ever being emitted twice.
 */
import type { Db } from '../store/db.ts';
import { transaction } from '../store/db.ts';

export interface PruneResult {
  deliveries: number;
  attempts: number;
  events: number;
}

export function pruneWebhookLog(db: Db, retentionMs: number, now = Date.now()): PruneResult {
  const cutoff = now - retentionMs;
  return transaction(db, () => {
    const finished = `SELECT id FROM webhook_deliveries WHERE state IN ('delivered', 'failed', 'batched', 'cancelled') AND COALESCE(finished_ms, created_ms) < ?`;
    const attempts = db.prepare(`DELETE FROM webhook_attempts WHERE delivery_id IN (${finished})`).run(cutoff);
    const deliveries = db
      .prepare(
        // A batched delivery points at its batch event; both go when the batch's own delivery has gone.
        `DELETE FROM webhook_deliveries WHERE id IN (${finished})`,
      )
      .run(cutoff);
    const unreferenced = `created_ms < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id OR d.batch_event_id = webhook_events.id)`;
    const events = db.prepare(`DELETE FROM webhook_events WHERE once_key IS NULL AND ${unreferenced}`).run(cutoff);
    db.prepare(`UPDATE webhook_events SET body = '' WHERE once_key IS NOT NULL AND body <> '' AND ${unreferenced}`).run(cutoff);
    return { deliveries: Number(deliveries.changes), attempts: Number(attempts.changes), events: Number(events.changes) };
  });
}
