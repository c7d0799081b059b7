/**
 * What a failure of the store's own parts means for the caller. The database restarting, the blob
 * store away, a full disk: the request answers 503 (with Retry-After) or 507 with a message a person
 * can act on, never a 500 with a stack. The drivers' errors are recognised here, once, and turned into
 * domain errors at the store's edge (pg-db.ts, sqlite-db.ts, local-blobs.ts, s3-blobs.ts).
 * docs/operations.md says what an operator sees and does for each.
 */
import { DomainError, InsufficientStorageError, UnavailableError } from '../domain/errors.ts';

/** Seconds a caller waits before retrying: a fast PostgreSQL restart or fail-over takes about this long. */
export const RETRY_AFTER_SECONDS = 2;

/** The store part a StoreUnavailableError is about (the readiness endpoint and the log say which). */
export type StorePart = 'database' | 'blobs';

export class StoreUnavailableError extends UnavailableError {
  override readonly name = 'StoreUnavailableError';
  readonly part: StorePart;

  constructor(part: StorePart, code: string, message: string, cause: unknown) {
    super(code, message, RETRY_AFTER_SECONDS);
    this.part = part;
    this.cause = cause;
  }
}

/** Errno codes of a connection that was refused, reset or timed out. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "not this": connection exceptions (class 08),
 * the server shutting down or starting up (57P01-57P03), too many connections (53300), and the
 * transaction rolled back because the server crashed under it.
 */
const PG_UNAVAILABLE = /^(08...|57P0[1-5]|53300)$/;

/** The pg driver's own messages when the socket went away under a query or a connect timed out. */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Connection ended/i;

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; errors?: unknown }> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown };
    // An AggregateError (a connect to several addresses) holds the real errors in `errors`.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner[0]) yield inner[0] as { code?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The database could not be reached, or dropped the connection: the same request may work in a moment. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
    if (typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** No space left: ENOSPC/EDQUOT from the file system, SQLITE_FULL (13), PostgreSQL's disk_full (53100). */
export function isDiskFull(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  for (const e of causes(error)) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    if (e.code === 'ERR_SQLITE_ERROR' && (Number((e as { errcode?: unknown }).errcode) & 0xff) === 13) return true;
  }
  return false;
}

/** The file system refuses writes (mounted read-only, permissions gone) or fails (I/O error). */
export function isStorageRefused(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  for (const e of causes(error)) {
    if (e.code === 'EROFS' || e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EIO') return true;
    // SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_CANTOPEN (14), with their extended codes.
    if (e.code === 'ERR_SQLITE_ERROR' && [8, 10, 14].includes(Number((e as { errcode?: unknown }).errcode) & 0xff)) return true;
  }
  return false;
}

export function databaseUnavailable(cause: unknown): StoreUnavailableError {
  return new StoreUnavailableError(
    'database',
    'database_unavailable',
    `The database is not answering (it may be restarting); retry in ${RETRY_AFTER_SECONDS} seconds. A request retried with the same Idempotency-Key is not done twice.`,
    cause,
  );
}

export function blobStoreUnavailable(cause: unknown): StoreUnavailableError {
  return new StoreUnavailableError(
    'blobs',
    'blob_store_unavailable',
    `The file store is not accepting or serving files right now (it is unreachable or read-only); nothing was saved by this request. Retry in ${RETRY_AFTER_SECONDS} seconds.`,
    cause,
  );
}

export function storageFull(cause: unknown): InsufficientStorageError {
  const error = new InsufficientStorageError(
    'storage_full',
    "The server's disk is full: nothing was saved by this request. Data saved before is intact; retry once the administrator has freed space.",
  );
  error.cause = cause;
  return error;
}

/** The store's error for a database failure, or the failure itself when it is nothing of the kind. */
export function databaseFault(error: unknown): unknown {
  if (isDatabaseUnreachable(error)) return databaseUnavailable(error);
  if (isDiskFull(error)) return storageFull(error);
  if (isStorageRefused(error)) return databaseUnavailable(error);
  return error;
}

/** The store's error for a blob backend failure (`network` when the backend is remote: S3). */
export function blobFault(error: unknown, network = false): unknown {
  if (error instanceof DomainError) return error;
  if (isDiskFull(error)) return storageFull(error);
  if (isStorageRefused(error) || (network && isDatabaseUnreachable(error))) return blobStoreUnavailable(error);
  return error;
}
