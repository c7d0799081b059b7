/**
 * What a domain operation (services/) can refuse with. The errors say what went wrong in the
 * caller's terms (a stable `code`, a message a person can act on, the fields at fault), never
 * how a front door answers it: the REST API maps each class to one HTTP status in
 * http/error-handler.ts, and GraphQL will map the same classes to its own errors.
 *
 *   throw notFound('Document', id);
 *   throw conflict('The document was already sent.', 'already_sent');
 *   throw invalidInput('Fix these fields.', [{ field: 'signers[1].email', message: 'is not an email' }]);
 */

export interface FieldProblem {
  /** Name or path of the offending field, e.g. `title` or `signers[0].email`. */
  field: string;
  message: string;
}

export abstract class DomainError extends Error {
  readonly code: string;
  readonly fields: FieldProblem[] | undefined;

  constructor(code: string, message: string, fields?: FieldProblem[]) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}

/** The input is malformed or missing something (REST: 400). */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
}

/** The input is well-formed but cannot be used: a PDF that cannot be processed, values that do not validate (REST: 422). */
export class UnprocessableError extends DomainError {
  override readonly name = 'UnprocessableError';
}

/** The caller's credential (a signing link, a component token) is not valid (REST: 401). */
export class UnauthenticatedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
}

/** The caller is known but may not do this (REST: 403). */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
}

/** Missing, or belonging to a group the caller cannot see: the two are never told apart (REST: 404). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
}

/** The thing is not in a state that allows this (REST: 409). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
}

/** The input is larger than this server accepts (REST: 413). */
export class TooLargeError extends DomainError {
  override readonly name = 'TooLargeError';
}

/** A file of a kind this operation cannot take (REST: 415). */
export class UnsupportedFormatError extends DomainError {
  override readonly name = 'UnsupportedFormatError';
}

/** Something that worked once and no longer does, for good: an expired single-use URL (REST: 410). */
export class ExpiredError extends DomainError {
  override readonly name = 'ExpiredError';
}

/** A part this server needs is missing or stopping (LibreOffice not installed, shutting down) (REST: 503). */
export class UnavailableError extends DomainError {
  override readonly name: string = 'UnavailableError';
  /** When the caller may try again (REST: Retry-After), if known: a database restarting, a blob store coming back. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The server's storage is full: nothing was saved (REST: 507). */
export class InsufficientStorageError extends DomainError {
  override readonly name = 'InsufficientStorageError';
}

/** The server is busy with this caller's work; try again later (REST: 429, Retry-After when known). */
export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function invalidInput(message: string, fields?: FieldProblem[], code = 'bad_request'): InvalidInputError {
  return new InvalidInputError(code, message, fields);
}

export function unprocessable(message: string, fields?: FieldProblem[], code = 'invalid'): UnprocessableError {
  return new UnprocessableError(code, message, fields);
}

export function unauthenticated(message: string, code = 'unauthorized'): UnauthenticatedError {
  return new UnauthenticatedError(code, message);
}

export function forbidden(message: string, code = 'forbidden'): ForbiddenError {
  return new ForbiddenError(code, message);
}

/** Same wording as the REST API's other 404s: nothing says whether the thing exists elsewhere. */
export function notFound(what: string, id?: string): NotFoundError {
  const message = id === undefined ? `${what} not found.` : `${what} '${id}' not found, or it belongs to a group your API key cannot see.`;
  return new NotFoundError('not_found', message);
}

export function conflict(message: string, code = 'conflict'): ConflictError {
  return new ConflictError(code, message);
}

export function tooLarge(message: string, code = 'payload_too_large'): TooLargeError {
  return new TooLargeError(code, message);
}
