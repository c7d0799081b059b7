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
export async function tamperAuditEvent(store: Store, eventId: number, ip: string): Promise<void> {
  await store.sql.run('UPDATE document_events SET ip = ? WHERE id = ?', [ip, eventId]);
}

/** Deletes one audit event (jobs/seal-verify.test.ts: a removed row breaks the link at the next one). */
export async function deleteAuditEvent(store: Store, eventId: number): Promise<void> {
  await store.sql.run('DELETE FROM document_events WHERE id = ?', [eventId]);
}

/**
 * Clears a document's chain hashes, as rows written before the hash chain existed had none
 * (jobs/seal-verify.test.ts: such rows are chained on first verify).
 */
export async function unchainAuditTrail(store: Store, documentId: string): Promise<void> {
  await store.sql.run('UPDATE document_events SET prev_hash = NULL, hash = NULL WHERE document_id = ?', [documentId]);
}

/**
 * Moves a stored Idempotency-Key answer back to `created` (http/idempotency.test.ts: answers are
 * kept 24 hours, and the test cannot wait a day).
 */
export async function backdateIdempotencyKey(store: Store, scope: IdempotencyScope, created: string): Promise<void> {
  await store.sql.run('UPDATE idempotency_keys SET created = ? WHERE key_id = ? AND idem_key = ? AND method = ? AND path = ?', [
    created,
    scope.keyId,
    scope.idemKey,
    scope.method,
    scope.path,
  ]);
}

/** Sets a blob's reference counter wrong, as a bug or a hand edit would (faults/blob-outage.test.ts: `storage check --repair` recounts). */
export async function miscountBlob(store: Store, hash: string, refs: number): Promise<void> {
  await store.sql.run('UPDATE blobs SET refs = ? WHERE hash = ?', [refs, hash]);
}
