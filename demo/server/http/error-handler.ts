/**
 * The central error handler and the 404 handler: whatever goes wrong, the client gets
 * `{ "error": { status, code, message, fields? } }` with a message it can act on.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnprocessableError,
  UnsupportedFormatError,
  ExpiredError,
  UnavailableError,
  InsufficientStorageError,
} from '../domain/errors.ts';
import { RequestValidationError } from './validation.ts';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The one place a domain error (services/) becomes an HTTP status; code, message and fields pass through. */
const STATUS_OF: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInputError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [ExpiredError, 410],
  [TooLargeError, 413],
  [UnsupportedFormatError, 415],
  [UnprocessableError, 422],
  [RateLimitedError, 429],
  [UnavailableError, 503],
  [InsufficientStorageError, 507],
];

/** A store outage (503) or a full disk (507) a caller may have wrapped: found through `cause`. */
function outageIn(error: unknown): DomainError | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof UnavailableError || current instanceof InsufficientStorageError) return current;
  }
  return undefined;
}

export function domainErrorToApi(error: DomainError): ApiError {
  const status = STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 500;
  const retryAfter = error instanceof RateLimitedError || error instanceof UnavailableError ? error.retryAfterSeconds : undefined;
  const headers = retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : undefined;
  return new ApiError(status, error.code, error.message, error.fields, headers);
}

export function toApiError(error: unknown, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return domainErrorToApi(error);
  const outage = outageIn(error);
  if (outage) return domainErrorToApi(outage);
  if (error instanceof RequestValidationError) {
    return new ApiError(400, 'validation_failed', error.message, error.fields);
  }
  const fe = error as FastifyError & { validation?: { instancePath?: string; message?: string }[] };
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        413,
        'payload_too_large',
        `The request body is larger than this server accepts (${formatBytes(bodyLimit)}, which fits a PDF of about ${formatBytes(Math.floor(((bodyLimit - 256 * 1024) * 3) / 4))} as base64). Upload a smaller file.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Request bodies must be JSON with the header "Content-Type: application/json".');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'bad_request', 'The Content-Length header does not match the body that was sent.');
    case 'FST_ERR_VALIDATION':
      return new ApiError(
        400,
        'validation_failed',
        fe.message,
        fe.validation?.map((v) => ({ field: v.instancePath || '(request)', message: v.message ?? 'is invalid' })),
      );
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return new ApiError(status, 'bad_request', fe.message || 'The request could not be processed.');
  }
  return new ApiError(
    500,
    'internal_error',
    'The server failed while handling this request. It has been logged; please retry, and report it if it keeps happening.',
  );
}

function causeText(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return cause instanceof Error ? `${(cause as { code?: string }).code ?? cause.name}: ${cause.message}` : String(cause);
}

export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, bodyLimit);
    // An outage is logged as one line saying which part failed, not as a stack per request.
    if (apiError.status === 503 || apiError.status === 507)
      request.log.warn({ code: apiError.code, cause: causeText(error) }, `${apiError.code}: answered ${apiError.status}`);
    else if (apiError.status >= 500) request.log.error({ err: error }, 'unhandled error');
    if (apiError.headers) reply.headers(apiError.headers);
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
  });

  // Route patterns seen so far, to tell "wrong method" (405) from "no such URL" (404).
  const patterns: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    for (const method of [route.method].flat()) patterns.push({ method, pattern: new RegExp(`^${source}$`) });
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))].filter((m) => m !== 'HEAD');
    let error: ApiError;
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      error = new ApiError(405, 'method_not_allowed', `${request.method} is not supported on ${path}; use ${allowed.join(' or ')}.`);
    } else if (path.startsWith('/api/') && !path.endsWith('/') && !/\.[a-z]+$/i.test(path)) {
      error = new ApiError(
        404,
        'trailing_slash_required',
        `Request URLs end with "/": use ${path}/${request.url.slice(path.length)} instead of ${request.url}. (The server does not redirect, so the mistake is visible.)`,
      );
    } else {
      error = new ApiError(404, 'not_found', `No route ${request.method} ${path}. See /api/v1/openapi.json or /docs/ for the operations this server offers.`);
    }
    return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
  });
}
