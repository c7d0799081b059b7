/**
 * Where blob bytes live. A blob is named by the SHA-256 of its content (64 hex digits), so a name
 * never changes meaning: `put` of a name that exists is a no-op, and reference counting (which
 * names point at which blob, and when the last one goes) is the store's job (blob-refs.ts), not
 * the backend's. Implementations: local fan-out folders (local-blobs.ts) and S3 (s3-blobs.ts).
 */
import crypto from 'node:crypto';

export interface BlobBackend {
  /** Stores the bytes under their hash; atomic (a reader never sees half a blob). */
  put(hash: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when there is no such blob. */
  get(hash: string): Promise<Uint8Array | undefined>;
  has(hash: string): Promise<boolean>;
  /** Deletes for good: the local backend overwrites the bytes before unlinking. Missing is fine. */
  delete(hash: string): Promise<void>;
  /** Readiness: resolves when the store takes writes now (local: a probe file; S3: the bucket answers). */
  probe(): Promise<void>;
  /** Every stored blob with when it was written (the consistency check, `esign-server storage check`). */
  list(): AsyncIterable<{ hash: string; modifiedAt: number }>;
}

const HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** `ab/cd/abcd…`: two fan-out levels keep any one folder small (65,536 leaf folders). */
export function blobKey(hash: string): string {
  if (!HASH.test(hash)) throw new Error(`not a SHA-256 hex digest: ${hash}`);
  return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
}
