/**
 * Log retention: the outbox would otherwise grow forever. Finished deliveries (delivered, failed,
 * batched, cancelled) and their attempts older than the retention period are deleted, then events
 * no delivery refers to any more. The row of a "once" event is kept (its body emptied) because its
 * unique key is what keeps that event from ever being emitted twice.
 */
import type { Store } from '../store/index.ts';
import type { PruneResult } from '../store/webhook-rows.ts';

export type { PruneResult };

export async function pruneWebhookLog(store: Store, retentionMs: number, now = Date.now()): Promise<PruneResult> {
  return await store.transaction(() => store.webhooks.prune(now - retentionMs));
}
