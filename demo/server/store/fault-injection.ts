/**
 * Faults no real operation can produce, for the tests that prove the server notices them. Each
 * function says which test needs it and why. Not shipped in the npm package (package.json `files`).
 */
import type { Store } from './index.ts';
import type { IdempotencyScope } from './idempotency.ts';

/**
 * Changes one audit event's IP address behind the hash chain's back, as someone editing the
 * database would (jobs/seal-verify.test.ts: `audit verify` must report the first broken link).
 */
export function tamperAuditEvent(store: Store, eventId: number, ip: string): void {
  store.db.prepare('UPDATE document_events SET ip = ? WHERE id = ?').run(ip, eventId);
}

/** Deletes one audit event (jobs/seal-verify.test.ts: a removed row breaks the link at the next one). */
export function deleteAuditEvent(store: Store, eventId: number): void {
  store.db.prepare('DELETE FROM document_events WHERE id = ?').run(eventId);
}

/**
 * Clears a document's chain hashes, as rows written before the hash chain existed had none
 * (jobs/seal-verify.test.ts: such rows are chained on first verify).
 */
export function unchainAuditTrail(store: Store, documentId: string): void {
  store.db.prepare('UPDATE document_events SET prev_hash = NULL, hash = NULL WHERE document_id = ?').run(documentId);
}

/**
 * Moves a stored Idempotency-Key answer back to `created` (http/idempotency.test.ts: answers are
 * kept 24 hours, and the test cannot wait a day).
 */
export function backdateIdempotencyKey(store: Store, scope: IdempotencyScope, created: string): void {
  store.db
    .prepare('UPDATE idempotency_keys SET created = ? WHERE key_id = ? AND idem_key = ? AND method = ? AND path = ?')
    .run(created, scope.keyId, scope.idemKey, scope.method, scope.path);
}
