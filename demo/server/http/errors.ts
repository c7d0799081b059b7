/**
 * One error shape for the whole API: `{ "error": { status, code, message, fields? } }`.
 * Routes throw an ApiError (or use the helpers); the central handler in app.ts turns
 * everything else (Fastify's own errors, validation errors, bugs) into the same shape.
 */

export interface FieldError {
  /** Name or path of the offending field, e.g. `title` or `signers[0].email`. */
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  /** `text` repeats the message where the hosted description's error bodies have it (`{ "text": … }`). */
  toBody(): { error: { status: number; code: string; message: string; fields?: FieldError[] }; text: string } {
    const error: { status: number; code: string; message: string; fields?: FieldError[] } = {
      status: this.status,
      code: this.code,
      message: this.message,
    };
    if (this.fields && this.fields.length > 0) error.fields = this.fields;
    return { error, text: this.message };
  }
}

export function badRequest(message: string, fields?: FieldError[], code = 'bad_request'): ApiError {
  return new ApiError(400, code, message, fields);
}

export function unauthorized(message: string, code = 'unauthorized'): ApiError {
  return new ApiError(401, code, message);
}

export function forbidden(message: string, code = 'forbidden'): ApiError {
  return new ApiError(403, code, message);
}

/** 404 for anything missing or belonging to a group the caller cannot see: nothing leaks. */
export function notFound(what: string, id?: string): ApiError {
  const message = id === undefined ? `${what} not found.` : `${what} '${id}' not found, or it belongs to a group your API key cannot see.`;
  return new ApiError(404, 'not_found', message);
}

export function conflict(message: string, code = 'conflict'): ApiError {
  return new ApiError(409, code, message);
}

export function unprocessable(message: string, fields?: FieldError[], code = 'invalid'): ApiError {
  return new ApiError(422, code, message, fields);
}

export function payloadTooLarge(message: string): ApiError {
  return new ApiError(413, 'payload_too_large', message);
}
