/** Schemas every area shares: errors, list envelopes, pagination, spec-style booleans. */
import { Type } from 'typebox';
import type { TOptional, TSchema, TUnknown } from 'typebox';

/** The spec's booleans: true, the string 'true', or 1 (and their false forms). */
export const Booleanish = Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false'), Type.Literal(1), Type.Literal(0)], {
  description: "A boolean; also accepts the string 'true'/'false' and 1/0.",
});

/** Booleanish with its own description (for the OpenAPI document). */
export function booleanish(description: string) {
  return Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false'), Type.Literal(1), Type.Literal(0)], {
    description: `${description} Accepts true/false, 'true'/'false', 1/0.`,
  });
}

/**
 * Optional properties of any JSON value, named so the OpenAPI document lists them and the
 * handler's answer type knows them (element JSON is validated by src/fields, not by the schema).
 */
export function unknownProperties<const K extends string>(names: readonly K[]): { [P in K]: TOptional<TUnknown> } {
  return Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown())])) as { [P in K]: TOptional<TUnknown> };
}

export function toBool(value: unknown, fallback = false): boolean {
  if (value === undefined || value === null) return fallback;
  return value === true || value === 'true' || value === 1;
}

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      status: Type.Integer(),
      code: Type.String({ description: 'Stable machine-readable code, e.g. `not_found`, `invalid`, `rate_limited`.' }),
      message: Type.String({ description: 'What went wrong and what to do about it.' }),
      fields: Type.Optional(
        Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
          description: 'For validation errors: every offending field by name or path.',
        }),
      ),
    }),
    text: Type.String({ description: 'The message again, where the hosted service\'s description reads error text (`{ "text": … }`).' }),
  },
  { description: 'Every error has this shape.' },
);

/** Standard error responses to spread into a route's `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

export const ListMeta = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  total_count: Type.Integer(),
  next: Type.Union([Type.String(), Type.Null()], { description: 'URL of the next page, carrying every active filter; null on the last page.' }),
  previous: Type.Union([Type.String(), Type.Null()], { description: 'URL of the previous page, carrying every active filter; null on the first page.' }),
});

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ meta: ListMeta, objects: Type.Array(item) });
}

export const PaginationQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 20, description: 'Page size (1..1000, default 20).' }),
  // The cap keeps the value a safe integer for SQLite; no list comes near it.
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'Number of objects to skip (0..1,000,000,000).' }),
};

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A PDF answer (`application/pdf`), for the OpenAPI document; the body is sent as bytes, never serialised. */
export const PdfResponse = {
  description: 'A PDF file',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
