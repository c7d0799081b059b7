/**
 * The REST calls the elements make with a component token (`Authorization: Bearer <token>`), per the
 * service specification, and the one place a failed call becomes a message a person can act on:
 * the server's `{ error: { message, fields } }` body is read, 401/403 say the token expired or does not
 * cover the resource, and an unreachable server is a `network` error rather than a bare TypeError.
 */
import type { FieldElement } from '../fields/types.ts';
import { t } from './i18n.ts';

export type RestResource = 'template' | 'document';

/** What went wrong, for `esign-error`'s `code` (the same names the PDF loader uses); a wrong answer to a 2xx is `http`. */
export type RestErrorCode = 'network' | 'unauthorized' | 'not-found' | 'http';

/** A per-field complaint in a server's validation answer (`{ field: "[0].ax", message }`). */
export interface RestFieldProblem {
  field: string;
  message: string;
}

/**
 * A failed call: HTTP status (0 when the server could not be reached), what kind of failure, the message
 * (the server's, or one saying what to do), and the per-field problems of a refused save.
 * (`kind`/`problems` rather than `code`/`fields`: the signer's SigningError subclass keeps those names for the server's own code and list.)
 */
export class RestError extends Error {
  readonly status: number;
  readonly kind: RestErrorCode;
  readonly problems: RestFieldProblem[];
  /** The server's own `error.code` (`validation_failed`, …); '' when it sent none or was not reached. */
  readonly serverCode: string;
  constructor(status: number, message: string, problems: RestFieldProblem[] = [], serverCode = '') {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.kind = codeForStatus(status);
    this.problems = problems;
    this.serverCode = serverCode;
  }
}

export function codeForStatus(status: number): RestErrorCode {
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  return 'http';
}

export function apiBase(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/api/v1`;
}

/** URL of the fields of a template (`templatepdf`) or a document. */
export function restFieldsUrl(endpoint: string, resource: RestResource, id: string): string {
  const path = resource === 'template' ? 'templatepdf' : 'document';
  return `${apiBase(endpoint)}/${path}/${encodeURIComponent(id)}/fields/`;
}

export interface RestCall {
  token: string;
  method?: 'GET' | 'POST';
  /** Sent as JSON when given. */
  body?: unknown;
  signal?: AbortSignal;
  /** Language of the messages (`en` when absent). */
  lang?: string;
}

/** Calls `url` with the bearer token; answers the parsed JSON body (null when empty) or throws a RestError. */
export async function restJson(url: string, call: RestCall): Promise<unknown> {
  const lang = call.lang ?? 'en';
  const hasBody = call.body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method ?? (hasBody ? 'POST' : 'GET'),
      headers: { Authorization: `Bearer ${call.token}`, Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(call.body) : undefined,
      signal: call.signal,
    });
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    throw new RestError(0, t(lang, 'rest.network'));
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  let parsed = true;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    parsed = false;
  }
  if (!response.ok) throw errorFromAnswer(response.status, body, lang);
  if (!parsed) throw new RestError(response.status, t(lang, 'rest.notJson'));
  return body;
}

/** The server's words from an error body: `{ error: { message, fields } }`, or a flat `{ message }` / `{ error: "…" }`. */
function serverSaid(body: unknown): { message: string | undefined; fields: RestFieldProblem[]; code: string } {
  const outer = (body && typeof body === 'object' ? body : {}) as { error?: unknown };
  const inner = (outer.error && typeof outer.error === 'object' ? outer.error : outer) as Record<string, unknown>;
  const message = [inner.message, typeof outer.error === 'string' ? outer.error : undefined, inner.detail].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const list = Array.isArray(inner.fields) ? inner.fields : [];
  const fields = list.map((p) =>
    p && typeof p === 'object'
      ? { field: String((p as { field?: unknown }).field ?? ''), message: String((p as { message?: unknown }).message ?? '') }
      : { field: String(p), message: '' },
  );
  const code = typeof inner.code === 'string' ? inner.code : '';
  return { message, fields, code };
}

function errorFromAnswer(status: number, body: unknown, lang: string): RestError {
  const { message, fields, code: serverCode } = serverSaid(body);
  const code = codeForStatus(status);
  // A refused token is the one case where the server's wording ("invalid token") is less useful than what to do next.
  if (code === 'unauthorized') return new RestError(status, t(lang, 'rest.unauthorized', { status }), fields, serverCode);
  if (message) return new RestError(status, message, fields, serverCode);
  return new RestError(status, code === 'not-found' ? t(lang, 'rest.notFound') : t(lang, 'rest.http', { status }), fields, serverCode);
}

/** The element list in a fields answer: a bare array, or one wrapped in `objects` or `fields`. */
export function elementsOf(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const o = body as { objects?: unknown; fields?: unknown };
    if (Array.isArray(o.objects)) return o.objects;
    if (Array.isArray(o.fields)) return o.fields;
  }
  return null;
}

/**
 * Reads a template's or document's fields as the server stored them (callers that edit them run
 * src/fields' validator on the entries). Accepts a bare array or a `{ objects }` list.
 */
export async function fetchFields(
  endpoint: string,
  token: string,
  resource: RestResource,
  id: string,
  signal?: AbortSignal,
  lang?: string,
): Promise<FieldElement[]> {
  const body = await restJson(restFieldsUrl(endpoint, resource, id), { token, signal, lang });
  const list = elementsOf(body);
  if (!list) throw new RestError(200, t(lang ?? 'en', 'rest.notList'));
  return list as FieldElement[];
}

/** Replaces a template's fields (`POST …/templatepdf/{id}/fields/`); answers the stored list when the server sent one. */
export async function saveTemplateFields(
  endpoint: string,
  token: string,
  id: string,
  elements: readonly unknown[],
  signal?: AbortSignal,
  lang?: string,
): Promise<unknown[] | null> {
  const body = await restJson(restFieldsUrl(endpoint, 'template', id), { token, method: 'POST', body: elements, signal, lang });
  return elementsOf(body);
}
