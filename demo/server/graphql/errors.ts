/**
 * GraphQL errors in the AppSync shape (GRAPHQL.md §1): `{message, errorType, errorInfo, path,
 * locations, data}`. The ONE place domain errors (domain/errors.ts) become GraphQL error types,
 * as http/error-handler.ts maps them to statuses for REST.
 */
import { GraphQLError } from 'graphql';
import type { FormattedExecutionResult } from 'graphql';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UnprocessableError,
} from '../domain/errors.ts';
import { ApiError } from '../http/errors.ts';

/** An error a resolver throws on purpose: its type and details reach the client. */
export class GqlError extends Error {
  readonly errorType: string;
  readonly errorInfo: Record<string, unknown> | null;
  constructor(errorType: string, message: string, errorInfo: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'GqlError';
    this.errorType = errorType;
    this.errorInfo = errorInfo;
  }
}

export const notFoundError = (type: string, id: unknown): GqlError =>
  new GqlError('NotFound', `${type} ${typeof id === 'string' ? `"${id}" ` : ''}was not found.`);

export const fieldUnauthorized = (field: string, type: string): GqlError => new GqlError('Unauthorized', `Not Authorized to access ${field} on type ${type}`);

function fromDomain(error: DomainError): GqlError {
  const info = error.fields ? { code: error.code, problems: error.fields } : { code: error.code };
  if (error instanceof NotFoundError) return new GqlError('NotFound', error.message, info);
  if (error instanceof InvalidInputError || error instanceof UnprocessableError) return new GqlError('ValidationError', error.message, info);
  if (error instanceof ForbiddenError || error instanceof UnauthenticatedError) return new GqlError('Unauthorized', error.message, info);
  if (error instanceof ConflictError) return new GqlError('Conflict', error.message, info);
  if (error instanceof RateLimitedError) return new GqlError('Throttled', error.message, { ...info, retryAfterSeconds: error.retryAfterSeconds ?? null });
  return new GqlError('BadRequest', error.message, info);
}

export interface AppSyncError {
  message: string;
  errorType: string;
  errorInfo: Record<string, unknown> | null;
  /** The field that failed; empty when the request failed before running. */
  path: readonly (string | number)[];
  locations: readonly { line: number; column: number; sourceName: string | null }[];
  data: null;
}

/** mercurius wraps a request's validation errors in one MER_ERR_GQL_VALIDATION: each is answered on its own. */
export function unwrapValidation(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(inner) && inner.length > 0 && inner.every((e) => e instanceof GraphQLError) ? (inner as GraphQLError[]) : [error];
  });
}

/** One GraphQL error as AppSync answers it; anything unexpected is logged and told apart from nothing. */
export function appSyncError(error: GraphQLError, log: (error: unknown) => void): AppSyncError {
  const original = error.originalError;
  let typed: GqlError | null = null;
  if (original instanceof GqlError) typed = original;
  else if (original instanceof DomainError) typed = fromDomain(original);
  // The app's own request errors (a body that is not JSON, or that has a "__proto__" key): the caller's to fix.
  else if (original instanceof ApiError && original.status < 500) typed = new GqlError('ValidationError', original.message, { code: original.code });
  else if (original && 'statusCode' in original && typeof original.statusCode === 'number' && original.statusCode < 500) {
    // mercurius's and Fastify's own request errors (a malformed body, CSRF, a body over the limit): the caller's to fix.
    typed = new GqlError('ValidationError', original.message, original.statusCode === 413 ? { code: 'too_large' } : null);
  } else if (original && !(original instanceof GraphQLError)) {
    log(original);
    typed = new GqlError('InternalError', 'Something went wrong on our side; the error is logged.');
  }
  return {
    message: typed ? typed.message : error.message,
    errorType: typed ? typed.errorType : error.path ? 'ExecutionError' : 'ValidationError',
    errorInfo: typed ? typed.errorInfo : null,
    path: error.path ?? [],
    locations: (error.locations ?? []).map((l) => ({ line: l.line, column: l.column, sourceName: null })),
    data: null,
  };
}

/** A request refused before anything ran (the rate limit): the body, as AppSync shapes a request error. */
export function refusalBody(error: DomainError): AppSyncResult {
  const typed = fromDomain(error);
  return { data: null, errors: [{ message: typed.message, errorType: typed.errorType, errorInfo: typed.errorInfo, path: [], locations: [], data: null }] };
}

export type AppSyncResult = Omit<FormattedExecutionResult, 'errors'> & { errors?: AppSyncError[] };
